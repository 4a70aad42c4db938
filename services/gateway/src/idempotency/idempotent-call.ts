import { billing } from '@pds/contracts';
import { envMs } from '@pds/service-runtime';
import { balanceView, settlePatienceMs, type ChargedOutcome } from '../billing/charged-call';
import { refundCharge } from '../billing/hand-off';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { Payload, SuccessStatus } from '../http/respond';
import type { Refusal } from '../operations/handler';
import { claim, free, lapse, readClaim, renewReservation, storeAnswer, takeOver, type ClaimRequest, type StoredAnswer } from './claims';

// A per-call operation sent with an Idempotency-Key: the first call claims the key and does the work, charged under
// the claim's reservation id; a repeat with the same key and request gets the first answer, charged nothing more; a
// repeat while the first is in flight waits for it; the same key with another request is refused, free.
//
// The charge is idempotent, not only the answer: a gateway that dies after charging and before storing the answer
// leaves its claim leased. Once the lease has passed, a repeat takes the call over and asks the ledger to release the
// dead gateway's reservation, or to bar its id if none was made. Released (or barred) means it charged nothing and
// never will (a reserve or charge under a barred id, still on its way, is refused when it arrives; one late is dropped
// past its deadline besides): the work runs afresh under a new reservation id.
// Already captured means the caller paid: the work runs again under the same id, which the ledger has recorded, so it
// takes nothing more and the answer reports the first call's credits.

/**
 * How long a claim is held for a call: longer than the longest a call can take (work, ledger waits, settling). Never
 * shorter than the work's own deadline and a second: a charge handed off with the work is dropped by the ledger only
 * past that deadline, so a take-over sooner could see "not found" and charge again beside it.
 */
export const leaseMsFor = (workTimeoutMs: number) =>
  Math.max(
    envMs('IDEMPOTENCY_LEASE_MS', 2 * workTimeoutMs + settlePatienceMs + 3 * envMs('LEDGER_TIMEOUT_MS', 5_000) + 5_000),
    workTimeoutMs + 1_000,
  );

/** How often a repeat looks again at a call in flight elsewhere. */
const pollMs = 100;

export type KeyedOutcome =
  { kind: 'ran'; outcome: ChargedOutcome<Payload> } | { kind: 'replayed'; answer: StoredAnswer } | { kind: 'refused'; refusal: Refusal };

export interface KeyedCall extends ClaimRequest {
  status: SuccessStatus;
  costCredits: number;
}

type Run = (reservationId: string) => Promise<ChargedOutcome<Payload>>;

const retryLater = (why: string): Refusal => ({
  ok: false,
  code: 'SERVICE_UNAVAILABLE',
  message: `${why} Retry shortly with the same Idempotency-Key: it is charged at most once.`,
});

/** Runs a keyed call once per account and key (see above); every wait is bounded by the lease. */
export const idempotentCall = async (deps: GatewayDeps, ctx: CallContext, call: KeyedCall, run: Run): Promise<KeyedOutcome> => {
  const leaseMs = leaseMsFor(deps.workTimeoutMs);
  // A call in flight ends, or its lease passes, within one lease; twice that covers losing a take-over race.
  const deadline = Date.now() + 2 * leaseMs;
  while (Date.now() < deadline) {
    const claimed = await claim(deps.db, call, leaseMs, deps.clock.now());
    if (claimed) return held(deps, ctx, call, claimed, run, false);
    const row = await readClaim(deps.db, call, deps.clock.now());
    if (!row) continue; // freed or expired since: claim it again
    if (row.fingerprint !== call.fingerprint || row.operationId !== call.operationId)
      return { kind: 'refused', refusal: reused(row.operationId, call.operationId) };
    if (row.state === 'answered') return { kind: 'replayed', answer: row.answer };
    if (row.state === 'lapsed' && (await takeOver(deps.db, call, row.reservationId, leaseMs))) {
      ctx.logger.warn({ operationId: call.operationId, reservationId: row.reservationId }, 'keyed call taken over after its lease');
      return takenOver(deps, ctx, call, row.reservationId, run);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { kind: 'refused', refusal: retryLater('A call with this Idempotency-Key is still in progress.') };
};

const reused = (firstOperationId: string, operationId: string): Refusal => ({
  ok: false,
  code: 'IDEMPOTENCY_KEY_REUSED',
  message:
    firstOperationId === operationId
      ? `This Idempotency-Key was first used for ${firstOperationId} with other parameters; use a new key for a new request. Nothing was charged.`
      : `This Idempotency-Key was first used for ${firstOperationId}; use a new key for a new request. Nothing was charged.`,
});

/**
 * Settles the attempt of a gateway whose lease passed (or that ended not knowing), by a release that bars the id if
 * nothing was made under it: whether it charged nothing and never will, charged, or the ledger cannot say now. The
 * bar matters because the attempt's reserve or charge may not have reached the ledger yet: sent by another process
 * (the service handing on a charge, a gateway now gone), it is not ordered before this release.
 */
const previousAttempt = async (deps: GatewayDeps, ctx: CallContext, accountId: string, reservationId: string) => {
  const released = await deps.ledger
    .releaseOrBar(ctx, accountId, reservationId, 'keyed call taken over', settlePatienceMs)
    .catch(() => undefined);
  if (released?.ok) return 'nothing' as const;
  const code = released?.error.code;
  if (code === billing.ledgerErrorCodes.reservationCaptured) return 'charged' as const;
  if (code === billing.ledgerErrorCodes.reservationNotFound || code === billing.ledgerErrorCodes.reservationExpired)
    return 'nothing' as const;
  return 'unknown' as const;
};

const takenOver = async (deps: GatewayDeps, ctx: CallContext, call: KeyedCall, reservationId: string, run: Run): Promise<KeyedOutcome> => {
  const previous = await previousAttempt(deps, ctx, call.accountId, reservationId);
  if (previous === 'charged') return held(deps, ctx, call, reservationId, run, true);
  if (previous === 'nothing') {
    const next = await renewReservation(deps.db, call, reservationId);
    if (next) return held(deps, ctx, call, next, run, false);
  }
  await lapse(deps.db, call, reservationId);
  return { kind: 'refused', refusal: retryLater('The billing service could not say how an earlier call with this key ended.') };
};

/**
 * Whether a refusal may have been charged after all: the ledger did not confirm either way, or the call failed
 * unexpectedly. The claim then stays, its lease ended, and the next repeat settles it by release before anything else.
 */
const mayHaveCharged = (refusal: { code: string }) => refusal.code === 'SERVICE_UNAVAILABLE' || refusal.code === 'INTERNAL_SERVER_ERROR';

/** Runs the call under the claim held; `paid`: the ledger has this reservation captured already. */
const held = async (deps: GatewayDeps, ctx: CallContext, call: KeyedCall, reservationId: string, run: Run, paid: boolean) => {
  let outcome: ChargedOutcome<Payload>;
  try {
    outcome = await run(reservationId);
  } catch (error) {
    await lapse(deps.db, call, reservationId).catch(() => undefined);
    throw error;
  }
  if (outcome.ok) {
    const answer = { status: call.status, payload: outcome.data, chargedCredits: outcome.chargedCredits };
    // Not stored (the database failing now): the claim's lease passes, and a repeat settles the charge by release.
    await storeAnswer(deps.db, call, reservationId, answer).catch((err: unknown) => ctx.logger.error({ err }, 'keyed answer not stored'));
    return { kind: 'ran', outcome } as const;
  }
  if (paid) return { kind: 'ran', outcome: await refundPaid(deps, ctx, call, reservationId, outcome) } as const;
  await (mayHaveCharged(outcome) ? lapse : free)(deps.db, call, reservationId).catch((err: unknown) =>
    ctx.logger.error({ err }, 'keyed claim not released; it frees itself when its lease passes'),
  );
  return { kind: 'ran', outcome } as const;
};

/** A call paid for by the gateway that died, whose work now fails: its charge is refunded, then the key is free. */
const refundPaid = async (
  deps: GatewayDeps,
  ctx: CallContext,
  call: KeyedCall,
  reservationId: string,
  refusal: Extract<ChargedOutcome<Payload>, { ok: false }>,
): Promise<ChargedOutcome<Payload>> => {
  const refunded = await refundCharge(deps, ctx, { ...call, reservationId });
  if (!refunded?.ok) {
    await lapse(deps.db, call, reservationId);
    return retryLater('The answer could not be given, and the billing service did not confirm the refund of its charge.');
  }
  await free(deps.db, call, reservationId);
  return { ...refusal, balance: balanceView(refunded.data) };
};
