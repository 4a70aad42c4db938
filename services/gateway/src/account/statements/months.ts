import { DateTime } from 'luxon';

// Statement months: UK calendar months, `YYYY-MM`, from the account's opening month to this one (which is "to date").

const zone = 'Europe/London';
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export const ukMonthOf = (at: Date | string): string =>
  (typeof at === 'string' ? DateTime.fromISO(at, { zone }) : DateTime.fromJSDate(at, { zone })).toFormat('yyyy-MM');

/** Every month from `first` to `last`, newest first. */
export const monthsBetween = (first: string, last: string): string[] => {
  const months: string[] = [];
  for (let m = DateTime.fromFormat(last, 'yyyy-MM', { zone }); m.toFormat('yyyy-MM') >= first; m = m.minus({ months: 1 }))
    months.push(m.toFormat('yyyy-MM'));
  return months;
};

export type StatementFormat = 'pdf' | 'csv';

/** A statement file's name: its month and format; `malformed` for a pdf or csv whose month is not `YYYY-MM`; undefined for any other name. */
export const parseStatementFile = (file: string): { month: string; format: StatementFormat } | 'malformed' | undefined => {
  const m = /^(.*)\.(pdf|csv)$/.exec(file);
  if (!m) return undefined;
  return monthPattern.test(m[1]!) ? { month: m[1]!, format: m[2] as StatementFormat } : 'malformed';
};

/**
 * The days a month's statement covers and when it is issued: a closed month to its last day, issued at its end (so
 * the same statement each time); this month to today, issued now.
 */
export const statementPeriod = (month: string, now: Date) => {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone });
  const end = start.plus({ months: 1 });
  const toDate = ukMonthOf(now) === month;
  const last = toDate ? DateTime.fromJSDate(now, { zone }) : end.minus({ days: 1 });
  return {
    from: start.toISODate() as string,
    to: last.toISODate() as string,
    toDate,
    issuedAt: toDate ? now.toISOString() : (end.toUTC().toISO() as string),
  };
};

/** Every ISO date from `from` to `to`. */
export const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let d = DateTime.fromISO(from, { zone: 'utc' }); (d.toISODate() as string) <= to; d = d.plus({ days: 1 }))
    days.push(d.toISODate() as string);
  return days;
};
