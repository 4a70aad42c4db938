import { DateTime } from 'luxon';

// HM Land Registry takes orders from 06:30 to 23:00 UK time, every day. The hours are wall-clock times in London,
// so the UTC instants move with the March and October clock changes; both changes happen in the small hours, so
// 06:30 always exists and is never ambiguous. Pure functions of the instant given: the caller passes business time.

export const registryTimeZone = 'Europe/London';

const opensAtMinute = 6 * 60 + 30;
const closesAtMinute = 23 * 60;

const inLondon = (at: Date) => DateTime.fromJSDate(at, { zone: registryTimeZone });

const openingOn = (day: DateTime) => day.set({ hour: 6, minute: 30, second: 0, millisecond: 0 });

/** Orders are taken at this instant: 06:30 inclusive to 23:00 exclusive, London time. */
export const isOpen = (at: Date): boolean => {
  const london = inLondon(at);
  const minute = london.hour * 60 + london.minute;
  return minute >= opensAtMinute && minute < closesAtMinute;
};

/** The first instant at or after `at` when orders are taken: `at` itself while open, otherwise the next 06:30 in London. */
export const nextOpening = (at: Date): Date => {
  if (isOpen(at)) return at;
  const london = inLondon(at);
  const minute = london.hour * 60 + london.minute;
  const day = minute < opensAtMinute ? london : london.plus({ days: 1 });
  return openingOn(day).toJSDate();
};

/** ISO 8601 with London's offset at that instant, e.g. 2026-03-29T06:30:00+01:00. */
export const toRegistryIso = (at: Date): string => {
  const iso = inLondon(at).toISO({ suppressMilliseconds: true });
  if (iso === null) throw new Error(`not a valid instant: ${String(at)}`);
  return iso;
};
