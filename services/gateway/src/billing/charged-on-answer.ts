import { billing } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { BalanceView, Payload } from '../http/respond';
import { readAnswer } from '../operations/command-work';
import { isCommandWork, isRefusal, type CommandWork, type OnAnswerWork } from '../operations/handler';
import { balanceView, ledgerRefused, settleUnconfirmed, unknownBalance, type ChargedOutcome } from './charged-call';
import { handOff, ledgerBalanceOf, payloadOf, refundUnreadable, settlingOf, settleUnanswered, type Charge } from './hand-off';

// The one way an `on_answer` operation is charged: the answer is worked out first and the credits checked and taken
// in one ledger command once it is ready. A refusal never reaches the ledger, so it is never charged. When the work is
// a command, the charge travels with it (a hand-off) and the owning service sends its answer on to the ledger, which
// charges and replies with the answer carried back; when it is an answer read here, the gateway charges it itself.

/** Charges an `on_answer` operation's work, as its declaration says (see `CreditCost`). */
export const chargedOnAnswer = async (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: Charge,
  work: OnAnswerWork,
): Promise<ChargedOutcome<Payload>> => {
  if (isRefusal(work)) return work;
  if (isCommandWork(work)) return chargedByHandOff(deps, ctx, charge, work);
  return chargeAnswer(deps, ctx, charge, payloadOf(work));
};

/**
 * One-step charging handed off: the work's command goes to its service with the charge attached (`then`), and a
 * service that answers sends the answer on to the ledger with the charge instead of replying; the ledger charges and
 * replies with the answer carried back. Three hops instead of four, and one request of the gateway's instead of two.
 * A refusal is the service's own reply and never reaches the ledger, so it is never charged.
 */
export const chargedByHandOff = async (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: Charge,
  work: CommandWork,
): Promise<ChargedOutcome<Payload>> => {
  const { accountId, costCredits } = charge;
  const reservationId = charge.reservationId ?? `chg_${randomUUID()}`;
  const data = { accountId, reservationId, amountCredits: costCredits, operation: charge.operation, requestId: ctx.requestId };
  const then = { topic: deps.topics.commands('billing-ledger'), key: accountId, type: billing.ChargeCredits.type, data };
  const reply = await handOff(
    deps,
    ctx,
    { spec: work.spec, topic: deps.topics.commands(work.service), key: ctx.requestId, data: work.data },
    then,
  );
  if (!reply) {
    ctx.logger.warn({ reservationId }, 'handed-off work not answered; settling by release');
    return settleUnanswered(deps, ctx, settlingOf(charge, reservationId), work);
  }

  if (reply.handledBy !== 'billing-ledger') {
    // The service's own reply: a refusal, or the answer of a service that does not hand on (charged here instead).
    const answer = readAnswer(work, reply, ctx);
    if (!answer.ok) return answer;
    return chargeAnswer(deps, ctx, charge, payloadOf(answer));
  }
  const balance = ledgerBalanceOf(reply);
  if (reply.ok) {
    // The service checked its answer against the same schema before handing it on, so it reads here.
    const answer = readAnswer(work, { ok: true, data: reply.answer }, ctx);
    if (answer.ok)
      return { ok: true, data: payloadOf(answer), chargedCredits: costCredits, balance: balanceView(balance) ?? unknownBalance };
    return refundUnreadable(deps, ctx, settlingOf(charge, reservationId), answer);
  }
  const error = reply.error ?? { code: 'UNKNOWN', message: 'no error given' };
  return ledgerRefused(ctx.logger, costCredits, { error, data: balance }, 'charge');
};

/**
 * One step: checks and takes the credits of an answer that is ready. The balance check and the capture are one
 * decision, so concurrent calls can never overdraw an account.
 */
const chargeAnswer = async (deps: GatewayDeps, ctx: CallContext, charge: Charge, data: Payload): Promise<ChargedOutcome<Payload>> => {
  const { accountId, costCredits } = charge;
  const reservationId = charge.reservationId ?? `chg_${randomUUID()}`;
  let charged;
  try {
    charged = await deps.ledger.charge(ctx, {
      accountId,
      reservationId,
      amountCredits: costCredits,
      operation: charge.operation,
      requestId: ctx.requestId,
    });
  } catch (error) {
    // Unanswered, or the send itself failed: either way it may have reached the ledger, so only a release can tell.
    ctx.logger.warn(
      { err: error, reservationId, timedOut: error instanceof RequestTimeoutError },
      'charge not confirmed; settling by release',
    );
    const keyed = charge.reservationId !== undefined;
    return settleUnconfirmed(deps.ledger, ctx.logger, ctx, { accountId, reservationId, what: 'charge', keyed }, data, costCredits);
  }
  if (charged.ok) return { ok: true, data, chargedCredits: costCredits, balance: balanceView(charged.data) as BalanceView };
  return ledgerRefused(ctx.logger, costCredits, charged, 'charge');
};
