import { usageSpanMaxDays } from '@pds/contracts';
import { DateTime } from 'luxon';

const zone = 'Europe/London';

export type UsageRange = { from: string; to: string; days: string[] } | { invalid: string };

/**
 * The UK calendar days a usage request covers: `from` defaults to the first of this month, `to` to today; `to` may not
 * be after today, nor `from` after `to`, nor the span longer than `usageSpanMaxDays`.
 */
export const usageRange = (asked: { from?: string; to?: string }, now: Date): UsageRange => {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const to = asked.to ? DateTime.fromISO(asked.to, { zone }) : today;
  const from = asked.from ? DateTime.fromISO(asked.from, { zone }) : today.startOf('month');
  if (to > today) return { invalid: `\`to\` (${to.toISODate()}) is after today (${today.toISODate()}) in the UK.` };
  if (from > to) return { invalid: `\`from\` (${from.toISODate()}) is after \`to\` (${to.toISODate()}).` };
  const span = Math.round(to.diff(from, 'days').days) + 1;
  if (span > usageSpanMaxDays) return { invalid: `The range covers ${span} days; at most ${usageSpanMaxDays} can be asked at once.` };
  const days = Array.from({ length: span }, (_, i) => from.plus({ days: i }).toISODate() as string);
  return { from: days[0] as string, to: days[span - 1] as string, days };
};
