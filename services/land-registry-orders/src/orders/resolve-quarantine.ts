import { landRegistry, orderEvents, type ReplyOf } from '@pds/contracts';
import { handler, type AggregateStore, type Clock, type CommandHandler, type HandlerResult } from '@pds/service-runtime';
import type { RegistryGateway, RegistryOrderState } from '@pds/land-register';
import { decide, type QuarantineFinding } from './decide';
import type { OrderDriver } from './driver';
import type { Order, OrderEvent, PlacedOrder } from './order';
import { isPlaced } from './order';
import { titleOrderView } from './view';

type Resolved = ReplyOf<typeof landRegistry.ResolveQuarantinedOrder>;
const codes = landRegistry.orderResolutionErrorCodes;
const detailLengthMax = 200;

const refused = (code: string, message: string): HandlerResult<Resolved> => ({ ok: false, error: { code, message } });

const answer = (o: PlacedOrder): HandlerResult<Resolved> => {
  if (!o.resolution) throw new Error(`order ${o.orderId} has no resolution to answer with`);
  return { ok: true, data: { order: titleOrderView(o), resolution: o.resolution } };
};

/** The registry's record of the order, as the order's decision needs it (the documents are fetched by the driver's poll). */
const findingOf = (found: RegistryOrderState): QuarantineFinding => {
  switch (found.kind) {
    case 'unknown':
      return { kind: 'not_found' };
    case 'processing':
    case 'completed':
      return { kind: 'accepted', registryReference: found.registryReference };
    case 'failed':
      return { kind: 'failed', registryReference: found.registryReference, code: found.code, message: found.message };
  }
};

/**
 * An operator resolves a quarantined order: the registry is asked what became of the submission (our order id is
 * the client reference), the order records the answer, and the money moves before the command answers (captured
 * for an order the registry holds, released for one it never received). The driver takes it on from there
 * (delivery, extraction, or a refund when the registry could not fulfil it).
 *
 * A repeat answers with the resolution already recorded and changes nothing. While the registry cannot be asked,
 * nothing is recorded and the order stays quarantined: the operator tries again later.
 */
export const resolveQuarantineHandler = (deps: {
  orders: AggregateStore<Order, OrderEvent>;
  driver: OrderDriver;
  registry: RegistryGateway;
  clock: Clock;
}): CommandHandler =>
  handler(landRegistry.ResolveQuarantinedOrder, async (data, ctx) => {
    const { orderId } = data;
    const streamId = orderEvents.orderStreamId(orderId);
    const { state } = await deps.orders.load(streamId);
    if (!isPlaced(state)) return refused(codes.orderNotFound, `No order ${orderId}.`);
    if (state.resolution) return answer(state);
    if (state.status !== 'quarantined') {
      const why = 'only an order whose submission had no clear answer is resolved';
      return refused(codes.orderNotQuarantined, `Order ${orderId} is ${state.status}, not quarantined: ${why}.`);
    }

    let finding: QuarantineFinding;
    try {
      finding = findingOf(
        await deps.registry.followUpOrder({
          clientReference: orderId,
          documents: state.documents.map((d) => d.type),
          withSummary: state.extractRegisterText,
        }),
      );
    } catch (err) {
      const why = (err instanceof Error ? err.message : String(err)).slice(0, detailLengthMax);
      ctx.logger.warn({ err, orderId }, 'the registry could not be asked about a quarantined order');
      const next = 'Nothing changed: the order stays quarantined; try again later.';
      return refused(codes.registryError, `The registry could not be asked about order ${orderId} (${why}). ${next}`);
    }

    const { state: resolved } = await deps.orders.handle(
      streamId,
      (s) => decide({ type: 'ResolveQuarantine', finding, now: deps.clock.now().toISOString() }, s),
      {
        commandId: ctx.commandId,
        correlationId: ctx.metadata.correlationId,
        requestId: ctx.metadata.requestId,
        actor: ctx.metadata.actor,
        reason: data.reason,
        command: 'ResolveQuarantine',
      },
    );
    // Nothing recorded and no resolution: the order left quarantine some other way while the registry was asked.
    if (!isPlaced(resolved) || !resolved.resolution) {
      return refused(codes.orderNotQuarantined, `Order ${orderId} is no longer quarantined; it is ${resolved.status}.`);
    }
    ctx.logger.info({ orderId, finding: finding.kind, actor: ctx.metadata.actor, reason: data.reason }, 'quarantined order resolved');

    // Money first, before answering; a ledger that does not answer now leaves the step to the sweep.
    await deps.driver.settle(orderId).catch((err: unknown) => {
      ctx.logger.warn({ err, orderId }, 'settling a resolved order failed; the sweep retries');
    });
    deps.driver.poke(orderId);
    const now = (await deps.orders.load(streamId)).state;
    return answer(isPlaced(now) ? now : resolved);
  });
