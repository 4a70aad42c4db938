import { billing, type HandOff, type Reply } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { Payload } from '../http/respond';
import { readAnswer } from '../operations/command-work';
import type { CommandWork } from '../operations/handler';
import {
  balanceView,
  captureAnswered,
  ledgerRefused,
  releaseFailed,
  settleUnconfirmed,
  unknownBalance,
  type ChargedOutcome,
} from './charged-call';
import {
  handOff,
  ledgerBalanceOf,
  payloadOf,
  refundUnreadable,
  settlingOf,
  settleUnanswered,
  type Charge,
  type Settling,
} from './hand-off';

// A `reserve_first` operation whose work is one command to its owner, charged in one chain instead of three requests:
// the gateway sends the reservation with the work handed on after it and the capture after that (`then`, nested). The
// ledger reserves and hands the command to the service; the service answers and hands its answer to the ledger with
// the capture; the ledger captures and replies with the answer carried back. Four hops, one request of the gateway's
// (reserve, work and capture asked one after another are six hops and three requests). The rules are those of
// charged-call.ts: nothing is done before the credits are held, and only an answer is paid for.

/**
 * Reserves, works and captures in one chain. Whoever replies says how far it went: the ledger without an answer
 * (the reservation refused), the service (its work refused: the credits held are released here), or the ledger with
 * the answer (the capture, made or refused). Silence is settled as a hand-off's is: a release that bars the id if no
 * reservation was made under it says whether the caller paid, and that a reservation still on its way never will.
 */
export const reservedByHandOff = async (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: Charge,
  work: CommandWork,
): Promise<ChargedOutcome<Payload>> => {
  const { accountId, costCredits } = charge;
  // A keyed call's reservation id is its claim's (idempotency/claims.ts), so a retry charges under the same id.
  const reservationId = charge.reservationId ?? `rsv_${randomUUID()}`;
  const settling = settlingOf(charge, reservationId);
  const ledgerTopic = deps.topics.commands('billing-ledger');
  const capture: HandOff = { topic: ledgerTopic, key: accountId, type: billing.CaptureCredits.type, data: { accountId, reservationId } };
  // The work keyed by the request, as a command asked directly is (command-work.ts).
  const then: HandOff = {
    topic: deps.topics.commands(work.service),
    key: ctx.requestId,
    type: work.spec.type,
    data: work.data,
    then: capture,
  };
  const reserve = { accountId, reservationId, amountCredits: costCredits, operation: charge.operation, requestId: ctx.requestId };
  const reply = await handOff(deps, ctx, { spec: billing.ReserveCredits, topic: ledgerTopic, key: accountId, data: reserve }, then);
  if (!reply) {
    ctx.logger.warn({ reservationId }, 'reserved work not answered; settling by release');
    return settleUnanswered(deps, ctx, settling, work);
  }

  if (reply.handledBy !== 'billing-ledger') return workReplied(deps, ctx, settling, work, reply);
  const balance = ledgerBalanceOf(reply);
  if (reply.answer === undefined) {
    // The reservation's own reply: made reservations are handed on, so this is a refusal.
    const error = reply.error ?? { code: 'UNKNOWN', message: 'no error given' };
    return ledgerRefused(ctx.logger, costCredits, { error, data: balance }, 'reservation');
  }
  // The capture's reply, with the service's answer (checked against the same schema before it was handed on).
  const answer = readAnswer(work, { ok: true, data: reply.answer }, ctx);
  if (!answer.ok) {
    if (!reply.ok) return releaseFailed(deps.ledger, ctx.logger, ctx, settling, answer);
    return refundUnreadable(deps, ctx, settling, answer);
  }
  if (reply.ok) return { ok: true, data: payloadOf(answer), chargedCredits: costCredits, balance: balanceView(balance) ?? unknownBalance };
  // Refused (the reservation lapsed while the work ran): a release says which way it went, as after any capture.
  ctx.logger.warn({ reservationId, ledgerError: reply.error }, 'capture refused; settling by release');
  return settleUnconfirmed(
    deps.ledger,
    ctx.logger,
    ctx,
    { accountId, reservationId, what: 'capture', keyed: settling.keyed },
    payloadOf(answer),
    costCredits,
  );
};

/**
 * The service replied itself: its work refused (or a command it could not take), so the credits held are released; a
 * service that answered without handing on (none does today) has its answer captured here.
 */
const workReplied = (deps: GatewayDeps, ctx: CallContext, charge: Settling, work: CommandWork, reply: Reply) => {
  const answer = readAnswer(work, reply, ctx);
  if (!answer.ok) return releaseFailed(deps.ledger, ctx.logger, ctx, charge, answer);
  return captureAnswered(deps.ledger, ctx.logger, ctx, charge, payloadOf(answer));
};
