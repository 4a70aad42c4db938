// When a subscription's periods begin and end, and what is due at a moment of business time. Periods run a month from
// the billing cycle anchor (the moment the subscription was paid for), on the anchor's day of the month, clamped to
// the month's last day (an anchor on the 31st renews on 28 or 29 February, then on 31 March), at the anchor's time of
// day, in UTC. A renewal charge that fails is tried again a day later, three times; the last failing ends the
// subscription (`unpaid`). These are pure: renewal-runner.ts applies them.

const daySeconds = 86_400;
/** Attempts at a renewal's charge, the first included, before the subscription ends unpaid. */
export const renewalAttemptsMax = 4;
export const renewalRetryAfterSeconds = daySeconds;

/** The moment `months` months after `anchorSeconds`, on the anchor's day or the month's last day. */
export const monthsAfter = (anchorSeconds: number, months: number): number => {
  const anchor = new Date(anchorSeconds * 1000);
  const monthIndex = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  const at = Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds());
  return Math.floor(at / 1000);
};

/** The `index`th period (0 the first) of a monthly subscription anchored at `anchorSeconds`. */
export const periodOf = (anchorSeconds: number, index: number) => ({
  start: monthsAfter(anchorSeconds, index),
  end: monthsAfter(anchorSeconds, index + 1),
});

export interface RenewalView {
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  periodEndSeconds: number;
  /** While a renewal's charge is failing: when it is tried again, and how many attempts were made. */
  retry: { atSeconds: number; attempts: number } | null;
}

export type RenewalStep =
  | { kind: 'none' }
  /** The period ended with the subscription set to cancel: it ends. */
  | { kind: 'end'; reason: 'cancellation_requested' }
  /** The period ended: a new one begins and its invoice is charged. */
  | { kind: 'renew' }
  /** A failing renewal's charge is tried again (`attempt` counts from 1, the first try). */
  | { kind: 'retry'; attempt: number };

/** What is due for a subscription at `nowSeconds`, one step at a time (a sweep runs steps until `none`). */
export const renewalStep = (sub: RenewalView, nowSeconds: number): RenewalStep => {
  if (sub.status === 'canceled') return { kind: 'none' };
  if (sub.retry) return nowSeconds >= sub.retry.atSeconds ? { kind: 'retry', attempt: sub.retry.attempts + 1 } : { kind: 'none' };
  if (nowSeconds < sub.periodEndSeconds) return { kind: 'none' };
  return sub.cancelAtPeriodEnd ? { kind: 'end', reason: 'cancellation_requested' } : { kind: 'renew' };
};

/** After a failed attempt (counting from 1): when to try again, or null when that was the last. */
export const nextRetryAt = (attempt: number, failedAtSeconds: number): number | null =>
  attempt >= renewalAttemptsMax ? null : failedAtSeconds + renewalRetryAfterSeconds;
