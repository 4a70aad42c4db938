import { readModelAt, replayAccount, waitFor } from './ledger';
import type { CallRecord } from './load';

/**
 * After a fault-injection run: waits until nothing is held, then checks from the account's stream that each call
 * the client saw succeed was captured exactly once, each failed call not at all, and that the read model agrees.
 */
export const expectChargedExactlyForSuccesses = async (
  databaseUrl: string,
  accountId: string,
  openingCredits: number,
  calls: CallRecord[],
) => {
  await waitFor(async () => (await replayAccount(databaseUrl, accountId)).reservedCredits === 0, 60_000);
  const replayed = await replayAccount(databaseUrl, accountId);
  const reservationOf = new Map<string, string>();
  const captures = new Map<string, number>();
  for (const e of replayed.events) {
    // A one-step charge is its reservation and its capture in one event.
    if (e.type === 'CreditsReserved' || e.type === 'CreditsCharged') reservationOf.set(e.data.requestId, e.data.reservationId);
    if (e.type === 'CreditsCaptured' || e.type === 'CreditsCharged')
      captures.set(e.data.reservationId, (captures.get(e.data.reservationId) ?? 0) + 1);
  }
  const succeeded = calls.filter((c) => c.status === 200);
  const failed = calls.filter((c) => c.status !== 200);
  for (const call of succeeded)
    expect([call.requestId, captures.get(reservationOf.get(call.requestId as string) ?? 'none')]).toEqual([call.requestId, 1]);
  for (const call of failed) {
    const reservation = call.requestId ? reservationOf.get(call.requestId) : undefined;
    expect([call.requestId, call.status, reservation && captures.get(reservation)]).toEqual([call.requestId, call.status, undefined]);
    expect([0, 503, 504]).toContain(call.status);
  }
  expect(replayed.capturedCredits).toBe(succeeded.length);
  expect(replayed.availableCredits).toBe(openingCredits - succeeded.length);
  expect(await readModelAt(databaseUrl, accountId, replayed.lastGlobalPosition, 60_000)).toEqual({
    granted: openingCredits,
    captured: succeeded.length,
    reserved: 0,
    available: openingCredits - succeeded.length,
  });
  return {
    calls: calls.length,
    succeeded: succeeded.length,
    failed: failed.length,
    failedStatuses: [...new Set(failed.map((c) => c.status))],
  };
};
