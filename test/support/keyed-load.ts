import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { readModelAt, replayAccount, waitFor } from './ledger';

/** One call of a keyed load: its Idempotency-Key, its final status, how many times it was sent, and why it was resent. */
export interface KeyedCallRecord {
  key: string;
  status: number;
  attempts: number;
  lost: string[];
}

/** What a failed fetch says of the connection (ECONNRESET, UND_ERR_SOCKET, …), or the error's name. */
const lostBecause = (error: unknown) => {
  const e = error as Error & { cause?: { code?: string } };
  return e.cause?.code ?? e.name;
};

/** A call whose connection was lost is sent again with its key this often, at most this many times. */
const lostRetryMs = 1_000;
const attemptsMax = 120;

/**
 * Calls `url` from `workers` loops until `stop()` resolves, each call with a new Idempotency-Key, as a careful client
 * does when a process in front of it may die: a call whose connection was lost (its gateway killed with the call in
 * its hands) is sent again with the same key until it is answered, so that it is charged at most once whichever
 * gateway took it. An answer, success or refusal, is final. Calls in flight at the stop are seen through.
 */
export const runKeyedLoad = async (url: string, apiKey: string, workers: number, until: Promise<void>): Promise<KeyedCallRecord[]> => {
  const records: KeyedCallRecord[] = [];
  let stopped = false;
  void until.then(() => (stopped = true));
  const call = async (key: string): Promise<KeyedCallRecord> => {
    const lost: string[] = [];
    for (let attempts = 1; ; attempts++) {
      try {
        const headers = { 'x-api-key': apiKey, 'idempotency-key': key };
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(90_000) });
        await res.arrayBuffer();
        return { key, status: res.status, attempts, lost };
      } catch (error) {
        lost.push(lostBecause(error));
        if (attempts >= attemptsMax) return { key, status: 0, attempts, lost };
        await new Promise((r) => setTimeout(r, lostRetryMs));
      }
    }
  };
  const worker = async () => {
    while (!stopped) records.push(await call(randomUUID()));
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return records;
};

/**
 * Once nothing is held: the account's stream replayed, its captures by reservation, and the gateway's claims of its
 * keyed calls (each naming the reservation it was charged under).
 */
export const keyedCharges = async (databaseUrl: string, accountId: string) => {
  await waitFor(async () => (await replayAccount(databaseUrl, accountId)).reservedCredits === 0, 60_000);
  const replayed = await replayAccount(databaseUrl, accountId);
  const captures = new Map<string, number>();
  for (const e of replayed.events)
    if (e.type === 'CreditsCaptured' || e.type === 'CreditsCharged')
      captures.set(e.data.reservationId, (captures.get(e.data.reservationId) ?? 0) + 1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const claims = await client
    .query<{ key: string; reservation_id: string; answer_status: number | null }>(
      'SELECT idempotency_key AS key, reservation_id, answer_status FROM idempotent_calls WHERE account_id = $1',
      [accountId],
    )
    .finally(() => client.end());
  return { replayed, captures, claims };
};

/**
 * After a keyed load: waits until nothing is held, then checks from the account's stream and the gateway's keys that
 * each key the client saw succeed was captured exactly once (under the reservation its claim names), each key that
 * failed not at all, that nothing else was taken (`creditsPerCall` a success, every call of one operation), and that
 * the read model agrees.
 */
export const expectKeyedCallsChargedExactly = async (
  databaseUrl: string,
  accountId: string,
  openingCredits: number,
  calls: KeyedCallRecord[],
  creditsPerCall: number,
) => {
  const { replayed, captures, claims } = await keyedCharges(databaseUrl, accountId);
  const claimOf = new Map(claims.rows.map((r) => [r.key, r]));
  const succeeded = calls.filter((c) => c.status === 200);
  const failed = calls.filter((c) => c.status !== 200);
  for (const call of succeeded) {
    const claim = claimOf.get(call.key);
    expect([call.key, claim?.answer_status, captures.get(claim?.reservation_id ?? 'none')]).toEqual([call.key, 200, 1]);
  }
  for (const call of failed) {
    const reservation = claimOf.get(call.key)?.reservation_id;
    expect([call.key, call.status, reservation && captures.get(reservation)]).toEqual([call.key, call.status, undefined]);
    expect([503, 504]).toContain(call.status);
  }
  const chargedCredits = succeeded.length * creditsPerCall;
  expect(replayed.capturedCredits).toBe(chargedCredits);
  expect(replayed.availableCredits).toBe(openingCredits - chargedCredits);
  expect(await readModelAt(databaseUrl, accountId, replayed.lastGlobalPosition, 60_000)).toEqual({
    granted: openingCredits,
    captured: chargedCredits,
    reserved: 0,
    available: openingCredits - chargedCredits,
  });
  const resent = calls.filter((c) => c.attempts > 1);
  const lostBy: Record<string, number> = {};
  for (const why of calls.flatMap((c) => c.lost)) lostBy[why] = (lostBy[why] ?? 0) + 1;
  return { calls: calls.length, succeeded: succeeded.length, failed: failed.length, resent: resent.length, lostBy };
};
