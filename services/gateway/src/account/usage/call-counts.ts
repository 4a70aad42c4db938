import type { Logger } from '@pds/service-runtime';
import { DateTime } from 'luxon';
import type pg from 'pg';

// Requests made with each account's keys, by UK day and operation. Counted in memory as answers go out and added to
// `call_counts` in one statement every second (and when the gateway stops): the charging path gains a map update,
// not a write. A gateway killed outright loses at most the counts since its last flush; credits, being the ledger's,
// are never lost.

const zone = 'Europe/London';
/** A full map is flushed at once, so memory stays bounded whatever the traffic. */
const keysMax = 10_000;

export class CallCounts {
  private counts = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: pg.Pool,
    private readonly logger: Logger,
  ) {}

  /** One request of `accountId` to `operationId` answered at business time `at`. */
  count(accountId: string, operationId: string, at: Date): void {
    const key = `${accountId}\n${DateTime.fromJSDate(at, { zone }).toISODate()}\n${operationId}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (this.counts.size >= keysMax) void this.flush();
  }

  /** Adds what was counted since the last flush; counts that could not be written are kept for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
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
}

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
