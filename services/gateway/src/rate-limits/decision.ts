import type { RateLimits } from '@pds/contracts';
import { minuteWindowMs, type CalendarWindows } from './windows';

/**
 * What an account had used when a request came, this request not included, as PostgreSQL found it while holding the
 * account's lock (`rate_limit_admit` in services/gateway/migrations/007_sliding_rate_limits.sql).
 */
export interface RateUsage {
  /** This request's place in the minute log: business time, never before the account's previous admission. */
  stampedAt: Date;
  /** Admissions in the 60 s up to `stampedAt` (those later than `stampedAt` - 60 s). */
  minuteAdmissions: number;
  /** The oldest of those; null when there are none. */
  minuteOldestAt: Date | null;
  /** When the minute is full: the admission whose leaving makes room (the per-minute limit's worth back). */
  minuteLimitingAt: Date | null;
  /** Admissions in the UK calendar day and month of the request. */
  dayAdmissions: number;
  monthAdmissions: number;
}

export interface RateDecision {
  admitted: boolean;
  /** `X-RateLimit-Limit`: the per-minute limit, as the specification defines the header. */
  limit: number;
  /** `X-RateLimit-Remaining`: requests admissible now, after this one, before any window refuses. */
  remaining: number;
  /**
   * `X-RateLimit-Reset` (as Unix seconds, rounded up): when the tightest window next frees capacity. For the minute,
   * when the oldest admission of the last 60 s leaves it; when refused, when a request would be admitted again.
   */
  resetAt: Date;
  /** `Retry-After` of a refusal: whole seconds until a request would be admitted, at least 1; null when admitted. */
  retryAfterS: number | null;
}

interface WindowUse {
  used: number;
  limit: number;
  /** When this window next has more room than now. */
  freesAt: Date;
}

const plusMinute = (at: Date) => new Date(at.getTime() + minuteWindowMs);

/**
 * Whether a request is admitted and what its headers say, given the account's usage before it. PostgreSQL applies
 * the same admission rule under the account's lock (the gateway checks that the two agree); this function is the
 * rule's statement and the only place the headers are worked out, so both are tested without a database.
 */
export const decide = (limits: RateLimits, calendar: CalendarWindows, now: Date, usage: RateUsage): RateDecision => {
  const minuteFull = usage.minuteAdmissions >= limits.perMinute;
  if (minuteFull && !usage.minuteLimitingAt) throw new Error('a full minute must say which admission makes room');
  const windows: WindowUse[] = [
    {
      used: usage.minuteAdmissions,
      limit: limits.perMinute,
      // Full: room comes when the limiting admission leaves. Otherwise the next to leave is the oldest (or this one).
      freesAt: plusMinute((minuteFull ? usage.minuteLimitingAt : usage.minuteOldestAt) ?? usage.stampedAt),
    },
    { used: usage.dayAdmissions, limit: limits.perDay, freesAt: calendar.day.end },
    { used: usage.monthAdmissions, limit: limits.perMonth, freesAt: calendar.month.end },
  ];

  const exceeded = windows.filter((w) => w.used >= w.limit);
  if (exceeded.length > 0) {
    // Admitted again only once every exceeded window has room.
    const retryAt = new Date(Math.max(...exceeded.map((w) => w.freesAt.getTime())));
    const retryAfterS = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
    return { admitted: false, limit: limits.perMinute, remaining: 0, resetAt: retryAt, retryAfterS };
  }
  // Left after this request; on a tie the minute (listed first) is the one reported.
  const tightest = windows.reduce((a, b) => (b.limit - b.used < a.limit - a.used ? b : a));
  return {
    admitted: true,
    limit: limits.perMinute,
    remaining: tightest.limit - tightest.used - 1,
    resetAt: tightest.freesAt,
    retryAfterS: null,
  };
};
