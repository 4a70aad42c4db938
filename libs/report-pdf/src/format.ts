import { DateTime } from 'luxon';

// The one place figures become text: every number, date and rate the PDF prints goes through here, so the strings a
// reader (or a test) looks for are the same everywhere: £655,000; 25 November 2026; 3.5%. Figures are printed as the
// API gives them: nothing is rounded here that the API did not round, except money's pence (shown only when present).

/** Thousands separated by commas, the decimals kept as given: 1234567.5 → "1,234,567.5". */
export const grouped = (n: number): string => {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  const [whole = '', decimals] = String(Math.abs(n)).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${withCommas}${decimals === undefined ? '' : `.${decimals}`}`;
};

/** Pounds: "£655,000"; pounds and pence where there are pence: "£2,512.50". */
export const money = (pounds: number): string => {
  const sign = pounds < 0 ? '-' : '';
  const abs = Math.abs(pounds);
  if (Number.isInteger(abs)) return `${sign}£${grouped(abs)}`;
  const pence = Math.round(abs * 100);
  return `${sign}£${grouped(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, '0')}`;
};

/** A percentage as given: 3.5 → "3.5%". */
export const percent = (value: number): string => `${value}%`;

/** A change in percentage points as given, signed: 0.25 → "+0.25 pp". */
export const percentagePoints = (value: number): string => `${value > 0 ? '+' : ''}${value} pp`;

const dateParts = (isoDate: string) => {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(isoDate);
  if (!m) throw new Error(`not a date (YYYY-MM or YYYY-MM-DD): ${isoDate}`);
  // The month's name from luxon, in British English, rather than a table of our own.
  const at = DateTime.fromObject({ year: Number(m[1]), month: Number(m[2]) }, { zone: 'utc', locale: 'en-GB' });
  if (!at.isValid) throw new Error(`not a month: ${isoDate}`);
  return { year: m[1] as string, month: at.toFormat('LLLL'), day: m[3] === undefined ? null : Number(m[3]) };
};

/** "2026-11-25" → "25 November 2026". */
export const longDate = (isoDate: string): string => {
  const { year, month, day } = dateParts(isoDate);
  if (day === null) throw new Error(`not a day (YYYY-MM-DD): ${isoDate}`);
  return `${day} ${month} ${year}`;
};

/** "2026-11" (or a date in it) → "November 2026". */
export const monthYear = (isoMonth: string): string => {
  const { year, month } = dateParts(isoMonth);
  return `${month} ${year}`;
};

/** "2026-11" → "Nov 2026", for chart axes. */
export const shortMonthYear = (isoMonth: string): string => {
  const { year, month } = dateParts(isoMonth);
  return `${month.slice(0, 3)} ${year}`;
};

/**
 * The UK calendar date of an instant (Europe/London), "2026-11-25": the date a reader in the UK would give a request
 * made at 00:30 BST on 1 July, which is 30 June in UTC.
 */
export const ukDateOf = (isoTimestamp: string): string => {
  const at = DateTime.fromISO(isoTimestamp, { zone: 'Europe/London' });
  if (!at.isValid) throw new Error(`not a timestamp: ${isoTimestamp}`);
  return at.toISODate() as string;
};

/** A whole count: 1234 → "1,234". */
export const count = (n: number): string => grouped(n);

/** Square metres as given: "148.2 m²". */
export const squareMetres = (n: number): string => `${grouped(n)} m²`;

/** Metres as given: "320 m". */
export const metres = (n: number): string => `${grouped(n)} m`;

/** A map scale: 1250 → "1:1,250". */
export const scaleRatio = (denominator: number): string => `1:${grouped(denominator)}`;

/** A value that may be absent: its formatted text, or an en dash. */
export const orDash = <T>(value: T | null | undefined, format: (v: T) => string): string =>
  value === null || value === undefined ? '–' : format(value);

/** A slug or enum value as words: "semi-detached" stays, "home-mover" → "home mover", "uk-hpi" → "uk hpi". */
export const words = (value: string): string => value.replace(/[-_]+/g, ' ');

/** The first letter capitalised. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
