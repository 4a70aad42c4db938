// When a failed delivery is tried again: exponential backoff from `baseMs` (30 s), doubling, at most an hour apart,
// each gap moved by up to ±10 % at random so that receivers coming back after an outage are not met by every sender
// at once; and never once the delivery's window (24 h from the event) has passed. With the defaults: 30 s, 1 min,
// 2 min, … 32 min, then hourly, about 30 attempts in all.

export const retryWindowMs = 24 * 60 * 60 * 1000;
export const retryGapMaxMs = 60 * 60 * 1000;
const jitterFraction = 0.1;

export interface RetryMoment {
  /** Attempts made so far, the one that just failed included (1 after the first). */
  attempts: number;
  /** When the failed attempt ended. */
  now: Date;
  /** Retries stop once this has passed. */
  retryUntil: Date;
  baseMs: number;
  /** A number in [0, 1): `Math.random` in the sender, fixed in tests. */
  random: number;
}

/** The gap before the next attempt, jitter aside. */
export const retryGapMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), retryGapMaxMs);

/** When to try next, or null when the window is over (the delivery has failed). */
export const nextAttemptAt = (moment: RetryMoment): Date | null => {
  const gapMs = retryGapMs(moment.attempts, moment.baseMs) * (1 + (2 * moment.random - 1) * jitterFraction);
  const next = new Date(moment.now.getTime() + Math.round(gapMs));
  return next.getTime() > moment.retryUntil.getTime() ? null : next;
};
