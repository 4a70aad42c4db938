import { ukDateOf, type Logger } from '@pds/service-runtime';
import type pg from 'pg';

// Requests made with each account's keys, by UK day and operation, and when each key was last used. Counted in memory as answers go out and added to
// `call_counts` in one statement every second (and when the gateway stops): the charging path gains a map update,
// not a write. A gateway killed outright loses at most the counts since its last flush; credits, being the ledger's,
// are never lost.

/** A full map is flushed at once, so memory stays bounded whatever the traffic. */
const keysMax = 10_000;

export class CallCounts {
  private counts = new Map<string, number>();
  /** `accountId\nkeyId` → the latest business time the key was used at. */
  private lastUsed = new Map<string, Date>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: pg.Pool,
    private readonly logger: Logger,
  ) {}

  /** One request of `accountId` with its key `keyId` to `operationId`, answered at business time `at`. */
  count(accountId: string, keyId: string, operationId: string, at: Date): void {
    const key = `${accountId}\n${ukDateOf(at)}\n${operationId}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.lastUsed.set(`${accountId}\n${keyId}`, at);
    if (this.counts.size >= keysMax || this.lastUsed.size >= keysMax) void this.flush();
  }

  /** Adds what was counted since the last flush; counts that could not be written are kept for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    await this.writeLastUsed();
    if (this.counts.size === 0) return;
    const taken = this.counts;
    this.counts = new Map();
    const rows = [...taken].map(([key, calls]) => [...key.split('\n'), calls] as [string, string, string, number]);
    try {
      await this.db.query(
        `INSERT INTO call_counts (account_id, day, operation_id, calls)
         SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::bigint[])
         ON CONFLICT (account_id, day, operation_id) DO UPDATE SET calls = call_counts.calls + excluded.calls`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
      );
    } catch (err) {
      this.logger.warn({ err, keys: taken.size }, 'call counts not written; kept for the next flush');
      for (const [key, calls] of taken) this.counts.set(key, (this.counts.get(key) ?? 0) + calls);
    }
  }

  private async writeLastUsed(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const taken = this.lastUsed;
    this.lastUsed = new Map();
    const rows = [...taken].map(([key, at]) => [...key.split('\n'), at] as [string, string, Date]);
    try {
      await this.db.query(writeLastUsedSql, [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])]);
    } catch (err) {
      this.logger.warn({ err, keys: taken.size }, 'keys last used not written; kept for the next flush');
      for (const [key, at] of taken) if (!this.lastUsed.has(key)) this.lastUsed.set(key, at);
    }
  }
}

/** When each of the account's keys was last used (key id → time); a key never used has none. */
export const keysLastUsed = async (db: pg.Pool, accountId: string): Promise<Map<string, Date>> => {
  const { rows } = await db.query<{ key_id: string; last_used_at: Date }>(
    'SELECT key_id, last_used_at FROM api_key_last_used WHERE account_id = $1',
    [accountId],
  );
  return new Map(rows.map((r) => [r.key_id, r.last_used_at]));
};

/** Keys' last use, kept at the latest: two gateways may write one key's in either order. */
const writeLastUsedSql = `INSERT INTO api_key_last_used (account_id, key_id, last_used_at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
  ON CONFLICT (account_id, key_id) DO UPDATE SET last_used_at = GREATEST(api_key_last_used.last_used_at, excluded.last_used_at)`;

/** The account's calls over the days, by day (ISO date) or by operation. */
export const callsOf = async (
  db: pg.Pool,
  accountId: string,
  from: string,
  to: string,
  groupBy: 'day' | 'operation',
): Promise<Map<string, number>> => {
  const key = groupBy === 'day' ? "to_char(day, 'YYYY-MM-DD')" : 'operation_id';
  const { rows } = await db.query<{ key: string; calls: string }>(
    `SELECT ${key} AS key, sum(calls) AS calls FROM call_counts WHERE account_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY 1`,
    [accountId, from, to],
  );
  return new Map(rows.map((r) => [r.key, Number(r.calls)]));
};
