import type pg from 'pg';

// An account's history written straight into the event store, in bulk: the events the ledger would have written for
// `calls` calls (each a reservation and its capture), one a minute, as PostgreSQL makes them from a series, not one
// append per call. Each event's data is what the contracts' schemas say (a fresh ledger parses every one as it folds),
// and its metadata carries the business time `at` of its decision, as the ledger's does.

/** When the bench account was opened; its calls follow, one a minute. */
export const historyStartMs = Date.parse('2024-01-01T00:00:00.000Z');
export const callIntervalMs = 60_000;

const reservationIdOf = (i: string) => `'rsv_' || md5(${i}::text)::uuid::text`;
const isoOf = (ts: string) => `to_char((${ts}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Writes an opened account with `calls` reserved-and-captured calls; returns its stream's last revision. */
export const writeCallHistory = async (db: pg.Pool, accountId: string, calls: number): Promise<number> => {
  const streamId = `account-${accountId}`;
  const openedAt = new Date(historyStartMs).toISOString();
  await db.query(
    `INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata) VALUES
       (gen_random_uuid(), $1, 0, 'AccountOpened', $2, $4), (gen_random_uuid(), $1, 1, 'CreditsGranted', $3, $4)`,
    [
      streamId,
      { accountId, plan: 'enterprise', openedAt, origin: 'operator', creditCycle: 'non_renewing', orderingEnabled: false },
      { accountId, grantId: 'opening', amountCredits: calls + 1_000, reason: 'opening balance' },
      { at: openedAt, actor: 'bench' },
    ],
  );
  // Call i is reserved at start + i minutes (+ 1 minute, after the opening) and captured a second later. Its id looks
  // as the gateway's do (`rsv_` and a UUID), made from i so that its two events name the same one.
  const at = `timestamptz '${openedAt}' + (i + 1) * interval '1 minute'`;
  await db.query(
    `INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata)
     SELECT gen_random_uuid(), $1, 2 + 2 * i + part,
            CASE part WHEN 0 THEN 'CreditsReserved' ELSE 'CreditsCaptured' END,
            CASE part
              WHEN 0 THEN jsonb_build_object('accountId', $2::text, 'reservationId', ${reservationIdOf('i')}, 'amountCredits', 1,
                            'operation', 'getPropertyValuation', 'requestId', 'req_' || i,
                            'expiresAt', ${isoOf(`${at} + interval '2 minutes'`)})
              ELSE jsonb_build_object('accountId', $2::text, 'reservationId', ${reservationIdOf('i')}, 'amountCredits', 1)
            END,
            jsonb_build_object('at', ${isoOf(`${at} + part * interval '1 second'`)}, 'actor', 'bench')
       FROM generate_series(0, $3::int - 1) AS i, generate_series(0, 1) AS part
      ORDER BY i, part`,
    [streamId, accountId, calls],
  );
  return 1 + 2 * calls;
};
