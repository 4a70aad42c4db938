import type { RateLimits } from '@pds/contracts';
import { decide, type RateDecision } from '../../services/gateway/src/rate-limits/decision';
import { calendarWindowsAt, minuteWindowMs } from '../../services/gateway/src/rate-limits/windows';

/**
 * Reference model of one account's rate limiting: the usage `rate_limit_admit` reports, worked out from an in-memory
 * list of admission stamps, then the gateway's own `decide`. Unit tests drive it with hand-worked figures; the
 * integration test checks PostgreSQL against it.
 */
export class RateLimitModel {
  /** Stamps (ms) of every admission, oldest first. */
  readonly admittedMs: number[] = [];
  private day = { startMs: Number.NaN, admissions: 0 };
  private month = { startMs: Number.NaN, admissions: 0 };

  admit(limits: RateLimits, now: Date): RateDecision {
    const calendar = calendarWindowsAt(now);
    // Never before the previous admission, as in PostgreSQL.
    const stampedMs = Math.max(now.getTime(), this.admittedMs.at(-1) ?? -Infinity);
    const inside = this.admittedMs.filter((ms) => ms > stampedMs - minuteWindowMs);
    const oldestMs = inside[0];
    const limitingMs = inside[inside.length - limits.perMinute];
    const dayAdmissions = this.day.startMs === calendar.day.start.getTime() ? this.day.admissions : 0;
    const monthAdmissions = this.month.startMs === calendar.month.start.getTime() ? this.month.admissions : 0;
    const decision = decide(limits, calendar, now, {
      stampedAt: new Date(stampedMs),
      minuteAdmissions: inside.length,
      minuteOldestAt: oldestMs === undefined ? null : new Date(oldestMs),
      minuteLimitingAt: limitingMs === undefined ? null : new Date(limitingMs),
      dayAdmissions,
      monthAdmissions,
    });
    if (decision.admitted) {
      this.admittedMs.push(stampedMs);
      this.day = { startMs: calendar.day.start.getTime(), admissions: dayAdmissions + 1 };
      this.month = { startMs: calendar.month.start.getTime(), admissions: monthAdmissions + 1 };
    }
    return decision;
  }
}

/** The most admissions that any 60 s interval (t, t + 60 s] holds, from stamps in time order. */
export const mostInAnyMinute = (stampsMs: number[]): number => {
  let most = 0;
  for (let first = 0, last = 0; last < stampsMs.length; last++) {
    while ((stampsMs[last] as number) - (stampsMs[first] as number) >= minuteWindowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
};
