import { DateTime } from 'luxon';

/** The per-minute limit holds over any 60 s: an admission counts against it until 60 s after it was admitted. */
export const minuteWindowMs = 60_000;

export interface CalendarWindow {
  start: Date;
  end: Date;
}

export interface CalendarWindows {
  day: CalendarWindow;
  month: CalendarWindow;
}

const windowsOf = (now: Date): CalendarWindows => {
  const local = DateTime.fromJSDate(now, { zone: 'Europe/London' });
  const window = (unit: 'day' | 'month'): CalendarWindow => {
    const start = local.startOf(unit);
    return { start: start.toJSDate(), end: start.plus({ [`${unit}s`]: 1 }).toJSDate() };
  };
  return { day: window('day'), month: window('month') };
};

/** The windows last worked out: every call of a UK day has the same ones (its month holds the day). */
let last: CalendarWindows | undefined;

/**
 * The UK calendar day and month containing `now` (Europe/London): they start at local midnight, across clock changes.
 * Worked out once a day, not on every call: zone arithmetic was half a millisecond of a charged call's gateway CPU.
 * The windows returned are shared and must not be changed.
 */
export const calendarWindowsAt = (now: Date): CalendarWindows => {
  const t = now.getTime();
  if (last && t >= last.day.start.getTime() && t < last.day.end.getTime()) return last;
  last = windowsOf(now);
  return last;
};
