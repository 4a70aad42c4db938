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

/** The UK calendar day and month containing `now` (Europe/London): they start at local midnight, across clock changes. */
export const calendarWindowsAt = (now: Date): CalendarWindows => {
  const local = DateTime.fromJSDate(now, { zone: 'Europe/London' });
  const window = (unit: 'day' | 'month'): CalendarWindow => {
    const start = local.startOf(unit);
    return { start: start.toJSDate(), end: start.plus({ [`${unit}s`]: 1 }).toJSDate() };
  };
  return { day: window('day'), month: window('month') };
};
