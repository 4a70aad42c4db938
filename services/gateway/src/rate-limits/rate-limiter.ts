import type { RateLimits } from '@pds/contracts';
import type pg from 'pg';
import { evaluate, windowKinds, windowsAt, type RateDecision, type WindowKind } from './windows';

const cleanupEveryMs = 60_000;

/**
 * Counts requests per account in PostgreSQL, so that every gateway instance enforces the same limits. The three
 * counters are incremented in one transaction (always in the same order, so concurrent requests cannot deadlock)
 * and rolled back when the request is refused: a refused request uses up nothing.
 */
export class RateLimiter {
  private lastCleanupMs = 0;

  constructor(
    private readonly db: pg.Pool,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async admit(accountId: string, limits: RateLimits): Promise<RateDecision> {
    const now = this.now();
    const windows = windowsAt(now);
    const client = await this.db.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ window_kind: WindowKind; request_count: number }>(
        `INSERT INTO rate_limit_counters AS c (account_id, window_kind, window_start, request_count)
         VALUES ($1, 'minute', $2, 1), ($1, 'day', $3, 1), ($1, 'month', $4, 1)
         ON CONFLICT (account_id, window_kind, window_start) DO UPDATE SET request_count = c.request_count + 1
         RETURNING window_kind, request_count`,
        [accountId, ...windows.map((w) => w.start)],
      );
      const counts = Object.fromEntries(windowKinds.map((k) => [k, rows.find((r) => r.window_kind === k)?.request_count ?? 1])) as Record<WindowKind, number>;
      const decision = evaluate(limits, windows, counts);
      await client.query(decision.admitted ? 'COMMIT' : 'ROLLBACK');
      return decision;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
      this.cleanUp(now);
    }
  }

  /** Drops counters of windows long past, at most once a minute per instance; failures only delay it. */
  private cleanUp(now: Date) {
    if (now.getTime() - this.lastCleanupMs < cleanupEveryMs) return;
    this.lastCleanupMs = now.getTime();
    void this.db
      .query(
        `DELETE FROM rate_limit_counters WHERE (window_kind = 'minute' AND window_start < $1::timestamptz - interval '2 minutes')
            OR (window_kind = 'day' AND window_start < $1::timestamptz - interval '2 days')
            OR (window_kind = 'month' AND window_start < $1::timestamptz - interval '62 days')`,
        [now],
      )
      .catch(() => undefined);
  }
}
