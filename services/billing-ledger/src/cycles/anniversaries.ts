import { DateTime } from 'luxon';

/** Refresh dates are UK calendar dates: an account opened on 15 March refreshes on the 15th, at midnight UK time. */
const zone = 'Europe/London';

/**
 * The anniversary `months` after opening: the start of that day in the UK. Always counted from the opening date, so
 * that a month end clamps without drifting (opened 31 January: 28 or 29 February, then 31 March).
 */
export const anniversary = (openedAt: string, months: number): DateTime =>
  DateTime.fromISO(openedAt, { zone }).startOf('day').plus({ months });

/** Whole months from the opening day to `now`, give or take one (the callers correct it). */
const monthsSince = (openedAt: string, now: Date) =>
  Math.max(0, Math.floor(DateTime.fromJSDate(now, { zone }).diff(DateTime.fromISO(openedAt, { zone }).startOf('day'), 'months').months));

/** The first anniversary strictly after `now`, as an ISO timestamp with the UK offset. */
export const nextAnniversaryAfter = (openedAt: string, now: Date): string => {
  const at = now.getTime();
  let n = Math.max(1, monthsSince(openedAt, now));
  while (n > 1 && anniversary(openedAt, n - 1).toMillis() > at) n -= 1;
  while (anniversary(openedAt, n).toMillis() <= at) n += 1;
  return anniversary(openedAt, n).toISO() as string;
};
