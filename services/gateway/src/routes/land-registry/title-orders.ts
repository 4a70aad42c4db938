import { landRegistry, landRegistryOfficialCopyOrder, type billing, refusalOfReply } from '@pds/contracts';
import { envMs, RequestTimeoutError } from '@pds/service-runtime';
import type { BalanceView } from '../../http/respond';
import { handlerOf } from '../../operations/handler';
import { checkOrderPlacement } from './order-request';
import { untilOrderReadable } from '../read-your-writes';

/** Placement asks the registry about the title and reserves at the ledger before answering, so it gets longer. */
const orderTimeoutMs = envMs('ORDER_TIMEOUT_MS', 30_000);

const retrySafely =
  'Retry with the same Idempotency-Key: a retry cannot place a second order, and answers with the order if one was placed.';
const unknownBalance: BalanceView = { availableCredits: null, creditsRefreshAt: null };
const viewOf = (b: billing.LedgerBalance): BalanceView => ({ availableCredits: b.availableCredits, creditsRefreshAt: b.creditsRefreshAt });

/**
 * `land_registry_official_copy_order`. The order service owns the order: it reserves the cash and credits in one
 * step, keeps one order per Idempotency-Key, and answers with the order as the status endpoint shows it. The gateway
 * checks what it can without the registry, so that a malformed order never reaches the ledger. The 202 reports the
 * credits reserved, and 0 charged: they are charged when the registry accepts the order.
 */
export const officialCopyOrder = handlerOf(landRegistryOfficialCopyOrder, {
  read: (raw) => {
    const checked = checkOrderPlacement(raw.header('idempotency-key'), raw.body);
    if (!checked.ok) return checked;
    const { idempotencyKey, request } = checked.value;
    return { ok: true, value: { query: undefined, params: undefined, headers: { 'Idempotency-Key': idempotencyKey }, body: request } };
  },
  handle: async ({ input, caller, ctx, deps }) => {
    let reply;
    try {
      // Keyed by account: one account's orders are placed one at a time, so its balance is checked in order.
      const data = {
        accountId: caller.accountId,
        idempotencyKey: input.headers['Idempotency-Key'],
        request: input.body,
        requestId: ctx.requestId,
      };
      reply = await deps.rpc.request(
        landRegistry.PlaceTitleOrder,
        deps.topics.commands('land-registry-orders'),
        caller.accountId,
        data,
        ctx,
        {
          timeoutMs: orderTimeoutMs,
        },
      );
    } catch (error) {
      if (error instanceof RequestTimeoutError) {
        return {
          ok: false,
          code: 'UPSTREAM_TIMEOUT',
          message: `The order was not confirmed in time; it may still be placed. ${retrySafely}`,
        };
      }
      // Not the pipeline's "nothing was charged": the order may have been placed before this failed.
      ctx.logger.error({ err: error }, 'order placement failed');
      return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `Unexpected error while placing the order. ${retrySafely}` };
    }
    if (!reply.ok) return { ...refusalOfReply(reply.error), ...(reply.data?.balance ? { balance: viewOf(reply.data.balance) } : {}) };
    const { order, placedNow, balance } = reply.data;
    if (!(await untilOrderReadable(deps.db, order.id, caller.accountId))) {
      ctx.logger.warn({ orderId: order.id }, 'order placed but not yet readable by its status endpoint; answering anyway');
    }
    // A replay of an earlier placement reserves nothing more.
    const reserved = placedNow ? order.cost.totalCredits : 0;
    const after = balance ? viewOf(balance) : ((await deps.balanceFor(ctx, caller.accountId)) ?? unknownBalance);
    return { ok: true, data: order, reserved: { credits: reserved, balance: after } };
  },
});
