import type { RateLimits } from '@pds/contracts';
import type pg from 'pg';
import { decide, type RateDecision, type RateUsage } from './decision';
import { calendarWindowsAt } from './windows';

const sweepEveryMsDefault = 60_000;
const sweepBatchRows = 10_000;
const sweepBatchesMax = 20;

interface AdmitRow {
  admitted: boolean;
  stamped_at: Date;
  minute_used: number;
  minute_oldest_at: Date | null;
  minute_limiting_at: Date | null;
  day_used: number;
  month_used: number;
}

/**
 * Enforces the per-account limits in PostgreSQL, so that every gateway instance enforces the same ones: a sliding
 * minute (no more than the per-minute limit in any 60 s) and the UK calendar day and month. Each request is one call
 * of `rate_limit_admit`, which decides and records it under the account's row lock in a single statement: a refused
 * request records nothing, and concurrent requests on any instance are counted exactly.
 */
export class RateLimiter {
  private lastSweepMs = 0;
  private sweeping = false;

  private readonly sweepEveryMs: number;

  constructor(
    private readonly db: pg.Pool,
    private readonly now: () => Date = () => new Date(),
    /** How often (business time) each instance sweeps old rows; tests that sweep themselves pass Infinity. */
    options: { sweepEveryMs?: number } = {},
  ) {
    this.sweepEveryMs = options.sweepEveryMs ?? sweepEveryMsDefault;
  }

  async admit(accountId: string, limits: RateLimits): Promise<RateDecision> {
    const now = this.now();
    const calendar = calendarWindowsAt(now);
    const { rows } = await this.db.query<AdmitRow>('SELECT * FROM rate_limit_admit($1, $2, $3, $4, $5, $6, $7)', [
      accountId,
      now,
      limits.perMinute,
      calendar.day.start,
      limits.perDay,
      calendar.month.start,
      limits.perMonth,
    ]);
    const row = rows[0];
    if (!row) throw new Error('rate_limit_admit returned no row');
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
