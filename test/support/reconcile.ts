import { readModelAt, replayAccount, waitFor } from './ledger';
import type { CallRecord } from './load';

/**
 * After a fault-injection run: waits until nothing is held, then checks from the account's stream that each call
 * the client saw succeed was captured exactly once, each failed call not at all (or captured and refunded), and that
 * the read model agrees.
 */
export const expectChargedExactlyForSuccesses = async (
  databaseUrl: string,
  accountId: string,
  openingCredits: number,
  calls: CallRecord[],
) => {
  const succeeded = calls.filter((c) => c.status === 200);
  // A charge the gateway could not confirm while the caller waited is settled once the ledger answers (a refund when it
  // had been taken), which may be after the load has stopped.
  await waitFor(async () => {
    const { reservedCredits, capturedCredits, refundedCredits } = await replayAccount(databaseUrl, accountId);
    return reservedCredits === 0 && capturedCredits - refundedCredits === succeeded.length;
  }, 90_000).catch(() => undefined);
  const replayed = await replayAccount(databaseUrl, accountId);
  const reservationOf = new Map<string, string>();
  /** Captures less refunds, by reservation. */
  const captures = new Map<string, number>();
  const add = (reservationId: string, n: number) => {
    const net = (captures.get(reservationId) ?? 0) + n;
    if (net === 0) captures.delete(reservationId);
    else captures.set(reservationId, net);
  };
  for (const e of replayed.events) {
    // A one-step charge is its reservation and its capture in one event.
    if (e.type === 'CreditsReserved' || e.type === 'CreditsCharged') reservationOf.set(e.data.requestId, e.data.reservationId);
    if (e.type === 'CreditsCaptured' || e.type === 'CreditsCharged') add(e.data.reservationId, 1);
    if (e.type === 'CreditsRefunded') add(e.data.reservationId, -1);
  }
  const failed = calls.filter((c) => c.status !== 200);
  for (const call of succeeded)
    expect([call.requestId, captures.get(reservationOf.get(call.requestId as string) ?? 'none')]).toEqual([call.requestId, 1]);
  for (const call of failed) {
    const reservation = call.requestId ? reservationOf.get(call.requestId) : undefined;
    expect([call.requestId, call.status, reservation && captures.get(reservation)]).toEqual([call.requestId, call.status, undefined]);
    expect([0, 503, 504]).toContain(call.status);
  }
  // Each credit call costs 1 credit; refunds are of charges for answers not given.
  expect(replayed.capturedCredits - replayed.refundedCredits).toBe(succeeded.length);
  expect(replayed.availableCredits).toBe(openingCredits - succeeded.length);
  expect(await readModelAt(databaseUrl, accountId, replayed.lastGlobalPosition, 60_000)).toEqual({
    granted: openingCredits,
    captured: succeeded.length + replayed.refundedCredits,
    reserved: 0,
    available: openingCredits - succeeded.length,
  });
  return {
    calls: calls.length,
    succeeded: succeeded.length,
    failed: failed.length,
    refunded: replayed.refundedCredits,
    failedStatuses: [...new Set(failed.map((c) => c.status))],
  };
};
