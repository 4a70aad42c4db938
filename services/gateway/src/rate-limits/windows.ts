import type { RateLimits } from '@pds/contracts';
import { DateTime } from 'luxon';

export const windowKinds = ['minute', 'day', 'month'] as const;
export type WindowKind = (typeof windowKinds)[number];

export interface Window {
  kind: WindowKind;
  start: Date;
  end: Date;
}

/** Calendar windows containing `now` in Europe/London: days and months follow UK local midnight, across clock changes. */
export const windowsAt = (now: Date): Window[] => {
  const local = DateTime.fromJSDate(now, { zone: 'Europe/London' });
  const window = (kind: WindowKind, unit: 'minute' | 'day' | 'month'): Window => {
    const start = local.startOf(unit);
    return { kind, start: start.toJSDate(), end: start.plus({ [`${unit}s`]: 1 }).toJSDate() };
  };
  return [window('minute', 'minute'), window('day', 'day'), window('month', 'month')];
};

export const limitOf = (limits: RateLimits, kind: WindowKind) =>
  kind === 'minute' ? limits.perMinute : kind === 'day' ? limits.perDay : limits.perMonth;

export interface RateDecision {
  admitted: boolean;
  /** `X-RateLimit-Limit`: the per-minute limit, as the specification defines the header. */
  limit: number;
  /** `X-RateLimit-Remaining`: requests left before any window refuses. */
  remaining: number;
  /** `X-RateLimit-Reset`, Unix seconds: when the tightest window (or, if refused, the last exceeded one) resets. */
  resetAt: Date;
}

/**
 * Given the counts each window would have with this request included, says whether it is admitted and what the
 * headers show. Pure, so the rules are tested without a database.
 */
export const evaluate = (limits: RateLimits, windows: Window[], countsWithThis: Record<WindowKind, number>): RateDecision => {
  const left = windows.map((w) => ({ w, left: limitOf(limits, w.kind) - countsWithThis[w.kind] }));
  const exceeded = left.filter((x) => x.left < 0);
  if (exceeded.length > 0) {
    const resetAt = new Date(Math.max(...exceeded.map((x) => x.w.end.getTime())));
    return { admitted: false, limit: limits.perMinute, remaining: 0, resetAt };
  }
  const tightest = left.reduce((a, b) => (b.left < a.left ? b : a));
  return { admitted: true, limit: limits.perMinute, remaining: tightest.left, resetAt: tightest.w.end };
};
