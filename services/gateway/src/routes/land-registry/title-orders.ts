import { landRegistry, type billing } from '@pds/contracts';
import { envMs, RequestTimeoutError } from '@pds/service-runtime';
import { Router } from 'express';
import type { GatewayDeps } from '../../deps';
import { sendCharged, sendError, type BalanceView } from '../../http/respond';
import { authenticated } from '../authenticated';
import { checkOrderPlacement } from './order-request';
import { refusalOfReply, sendRefusal } from './refusals';

/** Placement asks the registry about the title and reserves at the ledger before answering, so it gets longer. */
const orderTimeoutMs = envMs('ORDER_TIMEOUT_MS', 30_000);

const retrySafely = 'Retry with the same Idempotency-Key: a retry cannot place a second order, and answers with the order if one was placed.';
const unknownBalance: BalanceView = { availableCredits: null, creditsRefreshAt: null };
const viewOf = (b: billing.LedgerBalance): BalanceView => ({ availableCredits: b.availableCredits, creditsRefreshAt: b.creditsRefreshAt });

/**
 * `land_registry_official_copy_order`. The order service owns the order: it reserves the cash and credits in one
 * step, keeps one order per Idempotency-Key, and answers with the order as the status endpoint shows it. The gateway
 * checks what it can without the registry, so that a malformed order never reaches the ledger.
 */
export const titleOrderRoutes = (deps: GatewayDeps) => {
  const commands = deps.topics.commands('land-registry-orders');
  return Router().post(
    '/land-registry/title-orders',
    authenticated(deps, async (req, res, caller, ctx) => {
      const checked = checkOrderPlacement(req.header('idempotency-key'), req.body);
      if (!checked.ok) return sendRefusal(res, checked, await deps.balanceFor(ctx, caller.accountId), deps.clock.now());
      const { idempotencyKey, request } = checked.value;

      let reply;
      try {
        // Keyed by account: one account's orders are placed one at a time, so its balance is checked in order.
        const data = { accountId: caller.accountId, idempotencyKey, request, requestId: ctx.requestId };
        reply = await deps.rpc.request(landRegistry.PlaceTitleOrder, commands, caller.accountId, data, ctx, { timeoutMs: orderTimeoutMs });
      } catch (error) {
        const timedOut = error instanceof RequestTimeoutError;
        if (!timedOut) ctx.logger.error({ err: error }, 'order placement failed');
        const message = timedOut ? `The order was not confirmed in time; it may still be placed. ${retrySafely}` : `Unexpected error while placing the order. ${retrySafely}`;
        return sendError(res, timedOut ? 'UPSTREAM_TIMEOUT' : 'INTERNAL_SERVER_ERROR', message, { balance: await deps.balanceFor(ctx, caller.accountId) });
      }

      if (!reply.ok) {
        const balance = reply.data?.balance ? viewOf(reply.data.balance) : await deps.balanceFor(ctx, caller.accountId);
        return sendRefusal(res, refusalOfReply(reply.error), balance, deps.clock.now());
      }
      const { order, placedNow, balance } = reply.data;
      // Placement reserves the order's credits (captured when the registry accepts, given back if it fails); a replay
      // of an earlier placement takes nothing more.
      const chargedCredits = placedNow ? order.cost.totalCredits : 0;
      sendCharged(res, order, chargedCredits, balance ? viewOf(balance) : ((await deps.balanceFor(ctx, caller.accountId)) ?? unknownBalance), 202);
    }),
  );
};
