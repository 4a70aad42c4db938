import { RequestTimeoutError } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import type { BalanceView } from '../http/respond';
import { balanceView, unknownBalance, doWork, refusalFor, settleUnconfirmed, type Charging } from './charged-call';

/**
 * One-step charging, for work computed from the service's own data: do the work, then check and take the credits in
 * one ledger command once the answer is ready. The balance check and the capture are one decision, so concurrent
 * calls can never overdraw an account; a refusal or failure never reaches the ledger, so it is never charged.
 */
export const chargedOnAnswerCall: Charging = async (ledger, logger, ctx, charge, work) => {
  const outcome = await doWork(work, logger);
  if (!outcome.ok) return outcome;
  if (outcome.freeBecause !== undefined) {
    const balance = await ledger.balance(ctx, charge.accountId).catch(() => undefined);
    return {
      ok: true,
      data: outcome.data,
      chargedCredits: 0,
      balance: balanceView(balance?.ok ? balance.data : undefined) ?? unknownBalance,
    };
  }

  const { accountId, costCredits } = charge;
  const reservationId = `chg_${randomUUID()}`;
  let charged;
  try {
    charged = await ledger.charge(ctx, {
      accountId,
      reservationId,
      amountCredits: costCredits,
      operation: charge.operation,
      requestId: ctx.requestId,
    });
  } catch (error) {
    // Unanswered, or the send itself failed: either way it may have reached the ledger, so only a release can tell.
    logger.warn({ err: error, reservationId, timedOut: error instanceof RequestTimeoutError }, 'charge not confirmed; settling by release');
    return settleUnconfirmed(ledger, logger, ctx, { accountId, reservationId, what: 'charge' }, outcome.data, costCredits);
  }
  if (charged.ok) return { ok: true, data: outcome.data, chargedCredits: costCredits, balance: balanceView(charged.data) as BalanceView };
  const refusal = refusalFor(costCredits, charged);
  if (refusal) return refusal;
  logger.error({ ledgerError: charged.error }, 'charge refused');
  return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: 'The billing ledger refused the charge; nothing was charged.' };
};
