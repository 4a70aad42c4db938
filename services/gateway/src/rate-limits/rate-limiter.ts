import type { RateLimits } from '@pds/contracts';
import type pg from 'pg';
import { BatchedCalls } from '@pds/service-runtime';
import { decide, type RateDecision, type RateUsage } from './decision';
import { calendarWindowsAt, type CalendarWindows } from './windows';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sweepEveryMsDefault = 60_000;
const sweepBatchRows = 10_000;
const sweepBatchesMax = 20;

export interface AdmitRow {
  i: string;
  admitted: boolean;
  stamped_at: Date;
  minute_used: number;
  minute_oldest_at: Date | null;
  minute_limiting_at: Date | null;
  day_used: number;
  month_used: number;
}

export interface Admission {
  accountId: string;
  limits: RateLimits;
  now: Date;
  calendar: CalendarWindows;
}

/** What `rate_limit_admit_many` answers for each request, after the request's place in its batch (`i`). */
export const admitColumns = 'r.admitted, r.stamped_at, r.minute_used, r.minute_oldest_at, r.minute_limiting_at, r.day_used, r.month_used';

/**
 * A batch in one statement (so one round trip and one commit), each run of one account's requests (with the same
 * limits) decided by one call of `rate_limit_admit_many`, in the order given: as if one by one, each seeing what the
 * ones before it recorded, with the account's row locked and written once for the run. The statement holds the row
 * locks of every account in the batch until it commits: the runs are ordered by account, so every instance takes
 * them in the same order and two batches cannot deadlock.
 */
const admitBatchSql = `WITH b AS (
    SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::integer[], $4::timestamptz[], $5::integer[], $6::timestamptz[], $7::integer[], $8::integer[])
           WITH ORDINALITY AS b(account_id, stamp, per_minute, day_start, per_day, month_start, per_month, run, i)
  ), runs AS MATERIALIZED (
    SELECT run, min(account_id) AS account_id, min(per_minute) AS per_minute, min(per_day) AS per_day, min(per_month) AS per_month,
           array_agg(i ORDER BY i) AS ids, array_agg(stamp ORDER BY i) AS stamps,
           array_agg(day_start ORDER BY i) AS day_starts, array_agg(month_start ORDER BY i) AS month_starts
      FROM b GROUP BY run ORDER BY run
  )
  SELECT runs.ids[r.k] AS i, ${admitColumns}
    FROM runs
   CROSS JOIN LATERAL rate_limit_admit_many(runs.account_id, runs.stamps, runs.per_minute, runs.day_starts, runs.per_day, runs.month_starts, runs.per_month) AS r
   ORDER BY 1`;

/** The same account with the same limits: requests that one call of `rate_limit_admit_many` decides together. */
const sameRun = (a: Admission, b: Admission) =>
  a.accountId === b.accountId &&
  a.limits.perMinute === b.limits.perMinute &&
  a.limits.perDay === b.limits.perDay &&
  a.limits.perMonth === b.limits.perMonth;

/**
 * Enforces the per-account limits in PostgreSQL, so that every gateway instance enforces the same ones: a sliding
 * minute (no more than the per-minute limit in any 60 s) and the UK calendar day and month. Each request is decided
 * by `rate_limit_admit_many` (with the others of its batch for the same account), which decides and records it under
 * the account's row lock: a refused request records nothing, and concurrent requests on any instance are counted
 * exactly. Requests that arrive while a round trip is in flight go together in the next one (`BatchedCalls`), so a
 * busy gateway makes one round trip per batch, not per request.
 */
export class RateLimiter {
  private lastSweepMs = 0;
  private sweeping = false;

  private readonly sweepEveryMs: number;
  private readonly admissions = new BatchedCalls<Admission, AdmitRow>((batch) => this.admitBatch(batch));

  constructor(
    private readonly db: pg.Pool,
    private readonly now: () => Date = () => new Date(),
    /** How often (business time) each instance sweeps old rows; tests that sweep themselves pass Infinity. */
    options: { sweepEveryMs?: number } = {},
  ) {
    this.sweepEveryMs = options.sweepEveryMs ?? sweepEveryMsDefault;
  }

  async admit(accountId: string, limits: RateLimits): Promise<RateDecision> {
    const asked = this.asked();
    const row = await this.admissions.call({ accountId, limits, ...asked });
    return this.decisionOf({ accountId, limits, ...asked }, row);
  }

  /** The moment a request is admitted at, in business time, with its calendar windows. */
  asked(): { now: Date; calendar: CalendarWindows } {
    const now = this.now();
    return { now, calendar: calendarWindowsAt(now) };
  }

  /** The decision PostgreSQL recorded for a request (`row`), with what its headers say. */
  decisionOf({ accountId, limits, now, calendar }: Admission, row: AdmitRow): RateDecision {
    const usage: RateUsage = {
      stampedAt: row.stamped_at,
      minuteAdmissions: row.minute_used,
      minuteOldestAt: row.minute_oldest_at,
      minuteLimitingAt: row.minute_limiting_at,
      dayAdmissions: row.day_used,
      monthAdmissions: row.month_used,
    };
    const decision = decide(limits, calendar, now, usage);
    if (decision.admitted !== row.admitted) {
      throw new Error(
        `rate-limit rule disagreement for ${accountId}: PostgreSQL admitted=${row.admitted}, decide admitted=${decision.admitted}`,
      );
    }
    this.sweepNow(now);
    return decision;
  }

  /** Decides a batch in one statement, ordered by account (stable, so each account's requests keep their order). */
  private async admitBatch(batch: Admission[]): Promise<AdmitRow[]> {
    const order = batch.map((_, i) => i).sort((a, b) => compare((batch[a] as Admission).accountId, (batch[b] as Admission).accountId));
    const sorted = order.map((i) => batch[i] as Admission);
    let run = 0;
    const runs = sorted.map((a, i) => (i > 0 && !sameRun(sorted[i - 1] as Admission, a) ? ++run : run));
    const { rows } = await this.db.query<AdmitRow>(admitBatchSql, [
      sorted.map((a) => a.accountId),
      sorted.map((a) => a.now),
      sorted.map((a) => a.limits.perMinute),
      sorted.map((a) => a.calendar.day.start),
      sorted.map((a) => a.limits.perDay),
      sorted.map((a) => a.calendar.month.start),
      sorted.map((a) => a.limits.perMonth),
      runs,
    ]);
    if (rows.length !== batch.length) throw new Error(`rate_limit_admit_many answered ${rows.length} of ${batch.length} requests`);
    const answers: AdmitRow[] = new Array<AdmitRow>(batch.length);
    // `i` is the place in the sorted batch (from 1); `order` maps it back to the caller's.
    for (const row of rows) answers[order[Number(row.i) - 1] as number] = row;
    return answers;
  }

  /**
   * Drops admissions that no window can hold any more and accounts idle since before this UK month, in bounded
   * batches; returns how many rows went. Safe beside admissions and other instances' sweeps (it never waits on a lock).
   */
  async sweep(now: Date): Promise<number> {
    let droppedRows = 0;
    for (let batch = 0; batch < sweepBatchesMax; batch++) {
      const { rows } = await this.db.query<{ dropped: number }>('SELECT rate_limit_sweep($1, $2, $3) AS dropped', [
        now,
        calendarWindowsAt(now).month.start,
        sweepBatchRows,
      ]);
      const dropped = rows[0]?.dropped ?? 0;
      droppedRows += dropped;
      if (dropped < sweepBatchRows) break;
    }
    return droppedRows;
  }

  /** At most once a minute of business time per instance, off the request's path; a failure only delays it. */
  private sweepNow(now: Date) {
    if (this.sweeping || now.getTime() - this.lastSweepMs < this.sweepEveryMs) return;
    this.lastSweepMs = now.getTime();
    this.sweeping = true;
    void this.sweep(now)
      .catch(() => undefined)
      .finally(() => {
        this.sweeping = false;
      });
  }
}
