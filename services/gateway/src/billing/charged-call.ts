import { billing, ledgerRefusals, type Candidate, type ErrorCode } from '@pds/contracts';
import { envMs, RequestTimeoutError, type DomainError, type Logger, type RequestContext } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import type { BalanceView } from '../http/respond';
import type { LedgerClient } from '@pds/ledger-client';
import { settleLater } from './settle-later';

/** What the work may add to a refusal for the caller: when to try again (ISO 8601), and which inputs were wrong. */
export interface RefusalExtras {
  retryAfter?: string;
  details?: string;
  /** The matches of an ambiguous request (409). */
  candidates?: Candidate[];
}

/**
 * What the work did. `freeBecause`: the caller receives the answer but is not to pay for it (an operation charged only
 * when its answer is whole, such as an incomplete profile); the reservation is released, as for a failure.
 */
export type WorkOutcome<T> =
  { ok: true; data: T; freeBecause?: string } | ({ ok: false; code: ErrorCode; message: string } & RefusalExtras);

export type ChargedOutcome<T> =
  | { ok: true; data: T; chargedCredits: number; balance: BalanceView }
  | ({ ok: false; code: ErrorCode; message: string; balance?: BalanceView } & RefusalExtras);

/** How long an unconfirmed charge may hold the caller while the ledger comes back to say which way it went. */
export const settlePatienceMs = envMs('SETTLE_PATIENCE_MS', 30_000);

/** The balance headers when the ledger cannot say it now: unknown, not zero. */
export const unknownBalance: BalanceView = { availableCredits: null, creditsRefreshAt: null };

export const balanceView = (b: billing.LedgerBalance | undefined): BalanceView | undefined =>
  b && { availableCredits: b.availableCredits, creditsRefreshAt: b.creditsRefreshAt };

/**
 * Two-phase charging: reserve the cost, do the work, then capture the reservation if the work succeeded or release
 * it if not. A caller is charged only for work it receives, and the balance check happens at reservation, so
 * concurrent calls can never overdraw an account.
 */
export const chargedCall = async <T>(
  ledger: LedgerClient,
  logger: Logger,
  ctx: RequestContext & { requestId: string },
  charge: { accountId: string; operation: string; costCredits: number; reservationId?: string },
  work: () => Promise<WorkOutcome<T>>,
): Promise<ChargedOutcome<T>> => {
  // A keyed call's reservation id is its claim's (idempotency/claims.ts), so a retry charges under the same id.
  const reservationId = charge.reservationId ?? `rsv_${randomUUID()}`;
  const { accountId } = charge;
  let reserved;
  try {
    reserved = await ledger.reserve(ctx, {
      accountId,
      reservationId,
      amountCredits: charge.costCredits,
      operation: charge.operation,
      requestId: ctx.requestId,
    });
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    // The ledger may yet make the reservation: releasing it undoes it, and barring its id refuses it if it comes later.
    void ledger.releaseOrBar(ctx, accountId, reservationId, 'reservation not confirmed in time').catch(() => undefined);
    return {
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The billing service did not answer in time; nothing was charged. Retry shortly.',
    };
  }
  if (!reserved.ok) return ledgerRefused(logger, charge.costCredits, reserved, 'reservation');

  const outcome = await doWork(work, logger);
  if (!outcome.ok) return releaseFailed(ledger, logger, ctx, { accountId, reservationId }, outcome);

  if (outcome.freeBecause !== undefined) {
    const released = await ledger.release(ctx, accountId, reservationId, `answered free: ${outcome.freeBecause}`).catch((err: unknown) => {
      logger.error({ err, reservationId }, 'release not confirmed; the ledger expires the reservation');
      return undefined;
    });
    // Not confirmed: the reservation still holds the credits until it expires, so no balance is claimed.
    const balance = balanceView(released?.data) ?? unknownBalance;
    return { ok: true, data: outcome.data, chargedCredits: 0, balance };
  }

  const keyed = charge.reservationId !== undefined;
  return captureAnswered(ledger, logger, ctx, { accountId, reservationId, costCredits: charge.costCredits, keyed }, outcome.data);
};

/** Releases the credits held for work that failed, and refuses as the work did, with the balance after (if confirmed). */
export const releaseFailed = async (
  ledger: LedgerClient,
  logger: Logger,
  ctx: RequestContext,
  reservation: { accountId: string; reservationId: string },
  failed: Extract<WorkOutcome<unknown>, { ok: false }>,
): Promise<Extract<ChargedOutcome<never>, { ok: false }>> => {
  const { accountId, reservationId } = reservation;
  const released = await ledger.release(ctx, accountId, reservationId, `work failed: ${failed.code}`).catch((err: unknown) => {
    logger.error({ err, reservationId }, 'release not confirmed; the ledger expires the reservation');
    return undefined;
  });
  const { retryAfter, details, candidates } = failed;
  return {
    ok: false,
    code: failed.code,
    message: failed.message,
    balance: balanceView(released?.data),
    ...(retryAfter ? { retryAfter } : {}),
    ...(details ? { details } : {}),
    ...(candidates ? { candidates } : {}),
  };
};

/** Captures the credits held for work answered; a capture not confirmed is settled by a release (`settleUnconfirmed`). */
export const captureAnswered = async <T>(
  ledger: LedgerClient,
  logger: Logger,
  ctx: RequestContext,
  charge: { accountId: string; reservationId: string; costCredits: number; keyed: boolean },
  data: T,
): Promise<ChargedOutcome<T>> => {
  const { accountId, reservationId, costCredits, keyed } = charge;
  const captured = await ledger.capture(ctx, accountId, reservationId).catch((err: unknown) => {
    logger.warn({ err, reservationId }, 'capture not confirmed; settling by release');
    return undefined;
  });
  if (captured?.ok) return { ok: true, data, chargedCredits: costCredits, balance: balanceView(captured.data) as BalanceView };
  return settleUnconfirmed(ledger, logger, ctx, { accountId, reservationId, what: 'capture', keyed }, data, costCredits);
};

/** The work's outcome; a throw is an unexpected failure, charged nothing. */
export const doWork = async <T>(work: () => Promise<WorkOutcome<T>>, logger: Logger): Promise<WorkOutcome<T>> => {
  try {
    return await work();
  } catch (error) {
    logger.error({ err: error }, 'work failed');
    return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: 'Unexpected error; nothing was charged.' };
  }
};

/** A refusal of the ledger's that the caller is told of (short of credits), with the balance; undefined for any other. */
export const refusalFor = (costCredits: number, refused: { error: DomainError; data?: billing.LedgerBalance }) => {
  const refusal = ledgerRefusals.reservationRefusal(refused.error);
  if (!refusal) return undefined;
  return {
    ok: false,
    code: refusal.code,
    message: `This call costs ${costCredits} credits. ${refusal.message} Nothing was charged.`,
    balance: balanceView(refused.data),
  } as const;
};

/** The ledger refused a reservation or a charge: the caller's refusal (short of credits) with the balance, or a defect. */
export const ledgerRefused = (
  logger: Logger,
  costCredits: number,
  refused: { error: DomainError; data?: billing.LedgerBalance },
  what: 'reservation' | 'charge',
): Extract<ChargedOutcome<never>, { ok: false }> => {
  const refusal = refusalFor(costCredits, refused);
  if (refusal) return refusal;
  logger.error({ ledgerError: refused.error }, `${what} refused`);
  return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `The billing ledger refused the ${what}; nothing was charged.` };
};

/**
 * A capture (or a one-step charge) was not confirmed. A release that bars the id if nothing was made under it says
 * what happened: already captured means the caller was charged and gets the result; released (or barred), expired or
 * not found means nothing was charged, and never will be (a charge still on its way is refused once the id is barred).
 */
export const settleUnconfirmed = async <T>(
  ledger: LedgerClient,
  logger: Logger,
  ctx: RequestContext,
  reservation: { accountId: string; reservationId: string; what: 'capture' | 'charge'; keyed: boolean },
  data: T,
  costCredits: number,
): Promise<ChargedOutcome<T>> => {
  const { accountId, reservationId, what } = reservation;
  const unavailable = 'The billing service did not confirm the charge; nothing was charged. Retry shortly.';
  // The caller waits (bounded) rather than be told something the ledger may yet contradict.
  const released = await ledger
    .releaseOrBar(ctx, accountId, reservationId, `${what} not confirmed`, settlePatienceMs)
    .catch((err: unknown) => {
      logger.error({ err, reservationId }, `release after an unconfirmed ${what} not confirmed either`);
      return undefined;
    });
  if (released?.ok) return { ok: false, code: 'SERVICE_UNAVAILABLE', message: unavailable, balance: balanceView(released.data) };
  const code = released?.error.code;
  if (code === billing.ledgerErrorCodes.reservationCaptured) {
    // Charged: the caller gets what it paid for, with the balance if the ledger can say it now.
    const balance = await ledger.balance(ctx, accountId).catch(() => undefined);
    return {
      ok: true,
      data,
      chargedCredits: costCredits,
      balance: balanceView(balance?.ok ? balance.data : undefined) ?? unknownBalance,
    };
  }
  if (code === billing.ledgerErrorCodes.reservationExpired || code === billing.ledgerErrorCodes.reservationNotFound) {
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: unavailable };
  }
  return unsettled(ledger, logger, ctx, { accountId, reservationId, costCredits, keyed: reservation.keyed });
};

/**
 * The ledger could not say whether the call was charged: the caller is told it is not, and that is made true. A call
 * with an Idempotency-Key is settled by its retry (its claim keeps the reservation); any other, here, once the ledger
 * answers (`settleLater`).
 */
export const unsettled = (
  ledger: LedgerClient,
  logger: Logger,
  ctx: RequestContext,
  charge: { accountId: string; reservationId: string; costCredits: number; keyed: boolean },
) => {
  if (!charge.keyed) settleLater(ledger, logger, ctx, charge);
  return {
    ok: false as const,
    code: 'SERVICE_UNAVAILABLE' as const,
    message: charge.keyed
      ? 'The billing service did not answer. Retry with the same Idempotency-Key: the call is settled first, and charged at most once.'
      : 'The billing service did not answer; this call is not charged (a charge made meanwhile is given back once it answers). Retry shortly.',
  };
};
