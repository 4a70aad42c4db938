import { landRegistry, landRegistryOfficialCopyOrder, refusalOfReply } from '@pds/contracts';
import { envMs } from '@pds/service-runtime';
import { handlerOf } from '../../operations/handler';
import { balanceAfter, balanceViewOf, placementInput, sendPlacement } from '../placement';
import { untilOrderReadable } from '../read-your-writes';
import { checkOrderPlacement } from './order-request';

/** Placement asks the registry about the title and reserves at the ledger before answering, so it gets longer. */
const orderTimeoutMs = envMs('ORDER_TIMEOUT_MS', 30_000);

const retrySafely =
  'Retry with the same Idempotency-Key: a retry cannot place a second order, and answers with the order if one was placed.';

/**
 * `land_registry_official_copy_order`. The order service owns the order: it reserves the cash and credits in one
 * step, keeps one order per Idempotency-Key, and answers with the order as the status endpoint shows it. The gateway
 * checks what it can without the registry, so that a malformed order never reaches the ledger. The 202 reports the
 * credits reserved, and 0 charged: they are charged when the registry accepts the order.
 */
export const officialCopyOrder = handlerOf(landRegistryOfficialCopyOrder, {
  read: (raw) => {
    const checked = checkOrderPlacement(raw.header('idempotency-key'), raw.body);
    return checked.ok ? placementInput(checked.value.idempotencyKey, checked.value.request) : checked;
  },
  handle: async (call) => {
    const { input, caller, ctx, deps } = call;
    const data = {
      accountId: caller.accountId,
      idempotencyKey: input.headers['Idempotency-Key'],
      request: input.body,
      requestId: ctx.requestId,
    };
    const sent = await sendPlacement(call, {
      command: landRegistry.PlaceTitleOrder,
      owner: 'land-registry-orders',
      data,
      timeoutMs: orderTimeoutMs,
      what: 'order',
      retrySafely,
    });
    if (!sent.sent) return sent.refusal;
    const { reply } = sent;
    if (!reply.ok)
      return { ...refusalOfReply(reply.error), ...(reply.data?.balance ? { balance: balanceViewOf(reply.data.balance) } : {}) };
    const { order, placedNow, balance } = reply.data;
    if (!(await untilOrderReadable(deps.db, order.id, caller.accountId))) {
      ctx.logger.warn({ orderId: order.id }, 'order placed but not yet readable by its status endpoint; answering anyway');
    }
    // A replay of an earlier placement reserves nothing more.
    const reserved = placedNow ? order.cost.totalCredits : 0;
    return { ok: true, data: order, reserved: { credits: reserved, balance: await balanceAfter(call, balance) } };
  },
});
