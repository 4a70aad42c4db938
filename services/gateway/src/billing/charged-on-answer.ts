import { billing, type CommandSpec, type HandOff, type Reply, type z } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { BalanceView, Payload } from '../http/respond';
import { ask, readAnswer } from '../operations/command-work';
import { isCommandWork, isRefusal, type CommandWork, type DataAnswer, type OnAnswerWork } from '../operations/handler';
import {
  balanceView,
  ledgerRefused,
  settlePatienceMs,
  settleUnconfirmed,
  unknownBalance,
  unsettled,
  type ChargedOutcome,
} from './charged-call';
import { refundUnanswered } from './settle-later';

// The one way an `on_answer` operation is charged: the answer is worked out first and the credits checked and taken
// in one ledger command once it is ready. A refusal never reaches the ledger, so it is never charged. When the work is
// a command, the charge travels with it (a hand-off) and the owning service sends its answer on to the ledger, which
// charges and replies with the answer carried back; when it is an answer read here, the gateway charges it itself.

/** `reservationId`: a keyed call's, from its claim (idempotency/claims.ts), so a retry charges under the same id. */
export type Charge = { accountId: string; operation: string; costCredits: number; reservationId?: string };

export const payloadOf = (answer: DataAnswer): Payload => ({ data: answer.data, sources: answer.sources });

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
    return settleUnanswered(deps, ctx, { ...charge, reservationId, keyed: charge.reservationId !== undefined }, work);
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
    return refundUnreadable(deps, ctx, { ...charge, reservationId, keyed: charge.reservationId !== undefined }, answer);
  }
  const error = reply.error ?? { code: 'UNKNOWN', message: 'no error given' };
  return ledgerRefused(ctx.logger, costCredits, { error, data: balance }, 'charge');
};

/**
 * Sends the first command of a chain (`then` handed on after it) and waits for whoever replies, within the work's
 * timeout; undefined when nobody does in time.
 */
export const handOff = async (
  deps: GatewayDeps,
  ctx: CallContext,
  first: { spec: CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>; topic: string; key: string; data: unknown },
  then: HandOff,
): Promise<Reply | undefined> => {
  try {
    return await deps.rpc.requestReply(first.spec, first.topic, first.key, first.data, ctx, { timeoutMs: deps.workTimeoutMs, then });
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    return undefined;
  }
};

/** The balance a ledger's reply carries, when it carries one. */
export const ledgerBalanceOf = (reply: Reply) => {
  const read = billing.LedgerBalance.safeParse(reply.data);
  return read.success ? read.data : undefined;
};

/**
 * Nothing came back: the service may not have answered, or the ledger may have charged and its reply been lost. A
 * release, ordered after the charge on the account's partition, says which (a charge that reaches the ledger after its
 * deadline is dropped): not found means nothing was charged, and never will be; already captured means the caller
 * paid, so the work is asked again (computed from the service's own data, it gives the same answer) and, failing
 * that, the charge is refunded.
 */
export const settleUnanswered = async (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: Charge & { reservationId: string; keyed: boolean },
  work: CommandWork,
): Promise<ChargedOutcome<Payload>> => {
  const { accountId, reservationId, costCredits } = charge;
  const released = await deps.ledger
    .release(ctx, accountId, reservationId, 'handed-off work not answered', settlePatienceMs)
    .catch((err: unknown) => {
      ctx.logger.error({ err, reservationId }, 'release after unanswered handed-off work not confirmed');
      return undefined;
    });
  const code = released?.ok ? undefined : released?.error.code;
  if (released?.ok || code === billing.ledgerErrorCodes.reservationNotFound || code === billing.ledgerErrorCodes.reservationExpired) {
    return { ...work.late, ...(released?.ok ? { balance: balanceView(released.data) } : {}) };
  }
  if (code !== billing.ledgerErrorCodes.reservationCaptured) return unsettled(deps.ledger, ctx.logger, ctx, charge);
  ctx.logger.warn({ reservationId }, 'charged, but the answer was lost on the way back; asking again');
  const again = await ask({ ctx, deps }, work);
  if (!again.ok) return refundUnreadable(deps, ctx, charge, again);
  const balance = await deps.ledger.balance(ctx, accountId).catch(() => undefined);
  return {
    ok: true,
    data: payloadOf(again),
    chargedCredits: costCredits,
    balance: balanceView(balance?.ok ? balance.data : undefined) ?? unknownBalance,
  };
};

/** Gives back a charge whose answer the caller does not get (see `refundUnanswered`), logging a refund not confirmed. */
export const refundCharge = (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: { accountId: string; reservationId: string; costCredits: number },
) =>
  refundUnanswered(deps.ledger, ctx, charge).catch((err: unknown) => {
    ctx.logger.error({ err, reservationId: charge.reservationId }, 'refund of a charge for an answer not given not confirmed');
    return undefined;
  });

/** Charged, but the caller gets no answer: the charge is given back, so the refusal's "nothing was charged" holds. */
export const refundUnreadable = async (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: Charge & { reservationId: string; keyed: boolean },
  refusal: Extract<ChargedOutcome<Payload>, { ok: false }>,
): Promise<ChargedOutcome<Payload>> => {
  const { reservationId } = charge;
  const refunded = await refundCharge(deps, ctx, charge);
  if (refunded?.ok) return { ...refusal, balance: balanceView(refunded.data) };
  ctx.logger.error({ reservationId, refused: refunded?.ok === false ? refunded.error : undefined }, 'charged for an answer not given');
  return unsettled(deps.ledger, ctx.logger, ctx, charge);
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
