import { landRegistry, orderEvents, pricing, type ReplyOf, type TitleOrderRequest } from '@pds/contracts';
import type { RegistryGateway } from '@pds/land-register';
import { handler, type AggregateStore, type Clock, type CommandHandler, type HandlerResult, type Logger } from '@pds/service-runtime';
import { delayedBy, registryFailure, titleNotFound } from '../titles/handlers';
import { decide } from './decide';
import type { OrderDriver } from './driver';
import { newDocumentId, orderIdFor, requestHashOf, reservationIdFor } from './identifiers';
import type { Order, OrderEvent, PlacedOrder } from './order';
import { isPlaced } from './order';
import { titleOrderView } from './view';

type Placed = ReplyOf<typeof landRegistry.PlaceTitleOrder>;
const codes = landRegistry.landRegistryErrorCodes;

const refused = (code: string, message: string): HandlerResult<Placed> => ({ ok: false, error: { code, message } });

/** The answer to a request whose key already has an order: the same order, if it is the same request. */
const answerExisting = (o: PlacedOrder, requestHash: string): HandlerResult<Placed> => {
  if (o.requestHash !== requestHash) {
    return refused(
      codes.idempotencyKeyReused,
      'This Idempotency-Key was already used for a different order request; use a new key for a new order.',
    );
  }
  const reply: Placed = { order: titleOrderView(o), placedNow: false };
  // A refusal is the answer to that request, repeated: the order was never placed.
  if (o.status === 'rejected' && o.error) return { ok: false, error: o.error, data: reply };
  return { ok: true, data: reply };
};

/** Why the registry's description of the title rules the order out, if it does. */
const titleRefusal = async (
  registry: RegistryGateway,
  request: TitleOrderRequest,
  logger: Logger,
): Promise<HandlerResult<Placed> | undefined> => {
  let answer;
  try {
    answer = await registry.describeTitle(request.titleNumber);
  } catch (err) {
    return registryFailure(logger, err);
  }
  if (answer.kind === 'delayed') return delayedBy(answer.retryAfter);
  const title = answer.value;
  if (!title) return titleNotFound(request.titleNumber);
  if (title.status === 'closed') {
    const next = title.continuedUnderTitleNumber
      ? ` It continues under title ${title.continuedUnderTitleNumber}; order that title instead.`
      : '';
    return refused(codes.titleClosed, `Title ${title.titleNumber} is closed.${next}`);
  }
  const unavailable = pricing.pdfsOf(request.documentType).filter((kind) => !title[kind].available);
  if (unavailable.length > 0)
    return refused(codes.documentNotAvailable, `The registry cannot issue the ${unavailable.join(' and ')} of title ${title.titleNumber}.`);
  if (title.applicationsPending && !request.backdatedCopyConfirmed) {
    return refused(
      codes.backdatedCopyNotConfirmed,
      `Applications are pending against title ${title.titleNumber}, so the copy would be backdated. Send backdatedCopyConfirmed: true to accept a backdated copy.`,
    );
  }
  return undefined;
};

/**
 * Placing an order: the key names the order, the registry confirms the title can be ordered, the request is recorded,
 * and the ledger reserves cash and credits together. The order is answered as it then stands (202); the driver
 * submits it (now, or at the registry's next opening) and takes it the rest of the way.
 */
export const placeOrderHandler = (deps: {
  orders: AggregateStore<Order, OrderEvent>;
  driver: OrderDriver;
  registry: RegistryGateway;
  clock: Clock;
}): CommandHandler =>
  handler(landRegistry.PlaceTitleOrder, async (data, ctx) => {
    // The title number arrives normalised (the contract's TitleNumber): one form everywhere, file names included.
    const { request } = data;
    const orderId = orderIdFor(data.accountId, data.idempotencyKey);
    const streamId = orderEvents.orderStreamId(orderId);
    const requestHash = requestHashOf(request);

    const existing = (await deps.orders.load(streamId)).state;
    if (isPlaced(existing)) return answerExisting(existing, requestHash);
    const refusal = await titleRefusal(deps.registry, request, ctx.logger);
    if (refusal) return refusal;

    const result = await deps.driver.exclusively(orderId, async (): Promise<HandlerResult<Placed>> => {
      const { events, state } = await deps.orders.handle(
        streamId,
        (s) =>
          decide(
            {
              type: 'RequestOrder',
              terms: {
                orderId,
                accountId: data.accountId,
                idempotencyKey: data.idempotencyKey,
                requestHash,
                titleNumber: request.titleNumber,
                documentType: request.documentType,
                extractRegisterText: request.extractRegisterText,
                backdatedCopyConfirmed: request.backdatedCopyConfirmed,
                cost: pricing.priceOf(request.documentType, request.extractRegisterText),
                reservationId: reservationIdFor(orderId),
                requestedAt: deps.clock.now().toISOString(),
              },
              documents: pricing.pdfsOf(request.documentType).map((type) => ({ type, documentId: newDocumentId() })),
            },
            s,
          ),
        {
          commandId: ctx.commandId,
          correlationId: ctx.metadata.correlationId,
          requestId: ctx.metadata.requestId,
          actor: ctx.metadata.actor,
        },
      );
      if (!isPlaced(state)) throw new Error(`order ${orderId} was not recorded`);
      // Another instance placed it first: answer as a retry would be answered.
      if (events.length === 0) return answerExisting(state, requestHash);

      const reserved = await deps.driver.reserve(state, {
        correlationId: ctx.metadata.correlationId,
        requestId: data.requestId,
        actor: ctx.metadata.actor,
      });
      const after = (await deps.orders.load(streamId)).state as PlacedOrder;
      const reply: Placed = { order: titleOrderView(after), placedNow: true, ...(reserved.balance ? { balance: reserved.balance } : {}) };
      if (!reserved.ok) return { ok: false, error: { code: reserved.code, message: reserved.message }, data: reply };
      return { ok: true, data: reply };
    });
    // A sweep is working on this very order (a twin request got here first): answer with the order as it stands.
    if (!result) {
      const now = (await deps.orders.load(streamId)).state;
      return isPlaced(now)
        ? answerExisting(now, requestHash)
        : refused(codes.registryError, 'The order is being placed; retry with the same Idempotency-Key.');
    }
    deps.driver.poke(orderId);
    return result;
  });
