import { billing, type CommandSpec, type HandOff, type Reply, type z } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { Payload } from '../http/respond';
import { ask } from '../operations/command-work';
import type { CommandWork, DataAnswer } from '../operations/handler';
import { balanceView, settlePatienceMs, unknownBalance, unsettled, type ChargedOutcome } from './charged-call';
import { refundUnanswered } from './settle-later';

// What every chain of commands shares (a charge handed on with an `on_answer` operation's work, charged-on-answer.ts;
// a reservation with a `reserve_first` one's work and its capture, reserved-by-hand-off.ts): sending it, reading the
// balance the ledger's reply carries, and settling a chain that nobody answered or whose answer cannot be given.

/** `reservationId`: a keyed call's, from its claim (idempotency/claims.ts), so a retry charges under the same id. */
export type Charge = { accountId: string; operation: string; costCredits: number; reservationId?: string };

/** A charge under its reservation id, and whether a claim keeps it (a keyed call's retry settles it): what settling needs. */
export type Settling = Charge & { reservationId: string; keyed: boolean };
export const settlingOf = (charge: Charge, reservationId: string): Settling => ({
  ...charge,
  reservationId,
  keyed: charge.reservationId !== undefined,
});

export const payloadOf = (answer: DataAnswer): Payload => ({ data: answer.data, sources: answer.sources });

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
 * release that bars the id if nothing was made under it says which: released means nothing was charged, and never
 * will be (the charge, handed on by the service and so not ordered before the release, is refused if it arrives
 * later); not found or expired (from a ledger that does not bar) mean the same; already captured means the caller
 * paid, so the work is asked again (computed from the service's own data, it gives the same answer) and, failing
 * that, the charge is refunded.
 */
export const settleUnanswered = async (
  deps: GatewayDeps,
  ctx: CallContext,
  charge: Settling,
  work: CommandWork,
): Promise<ChargedOutcome<Payload>> => {
  const { accountId, reservationId, costCredits } = charge;
  const released = await deps.ledger
    .releaseOrBar(ctx, accountId, reservationId, 'handed-off work not answered', settlePatienceMs)
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
  charge: Settling,
  refusal: Extract<ChargedOutcome<Payload>, { ok: false }>,
): Promise<ChargedOutcome<Payload>> => {
  const { reservationId } = charge;
  const refunded = await refundCharge(deps, ctx, charge);
  if (refunded?.ok) return { ...refusal, balance: balanceView(refunded.data) };
  ctx.logger.error({ reservationId, refused: refunded?.ok === false ? refunded.error : undefined }, 'charged for an answer not given');
  return unsettled(deps.ledger, ctx.logger, ctx, charge);
};
