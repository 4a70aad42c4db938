// Registers print three date forms: entry and edition dates as dd.mm.yyyy, deed dates as "4 June 1962", and the
// official copy's timestamp as "02 MAY 2024". The extraction reports each as YYYY-MM-DD when it can be read.

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const monthPattern =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';

/** "4 June 1962", "04 JUN 1962", "4th June 1962" or "04.06.1962". */
export const anyDatePattern = `(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${monthPattern}\\s+\\d{4}|\\d{1,2}\\.\\d{1,2}\\.\\d{4})`;

const pad2 = (n: number) => String(n).padStart(2, '0');

const validIso = (year: number, month: number, day: number): string | null => {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
};

/** YYYY-MM-DD for any printed date form, or null when it is not a real date. */
export const toIsoDate = (printed: string): string | null => {
  const text = printed.trim();
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) return validIso(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  const worded = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+)\s+(\d{4})$/.exec(text);
  if (!worded) return null;
  const month = monthNames.findIndex((m) => m.toLowerCase().startsWith(worded[2]!.toLowerCase().slice(0, 3)));
  if (month < 0 || worded[2]!.length < 3) return null;
  return validIso(Number(worded[3]), month + 1, Number(worded[1]));
};

const isoParts = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new Error(`not an ISO date: ${iso}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
};

/** 2015-01-09 → "09.01.2015", the form of entry and edition dates. */
export const dottedDate = (iso: string): string => {
  const { year, month, day } = isoParts(iso);
  return `${pad2(day)}.${pad2(month)}.${year}`;
};

/** 2024-05-02 → "02 MAY 2024", the form of the official copy's timestamp. */
export const officialCopyDate = (iso: string): string => {
  const { year, month, day } = isoParts(iso);
  return `${pad2(day)} ${monthNames[month - 1]!.slice(0, 3).toUpperCase()} ${year}`;
};

/** 2024-05-02 → "02 May 2024". */
export const issuedDate = (iso: string): string => {
  const { year, month, day } = isoParts(iso);
  return `${pad2(day)} ${monthNames[month - 1]!.slice(0, 3)} ${year}`;
};

/** Whole years from `fromIso` until `untilIso` (negative when already past). */
export const wholeYearsBetween = (fromIso: string, untilIso: string): number => {
  const from = isoParts(fromIso);
  const until = isoParts(untilIso);
  const years = until.year - from.year;
  const beforeAnniversary = until.month < from.month || (until.month === from.month && until.day < from.day);
  return beforeAnniversary ? years - 1 : years;
};

export const addYears = (iso: string, years: number): string => {
  const { year, month, day } = isoParts(iso);
  return validIso(year + years, month, day) ?? validIso(year + years, month, day - 1)!;
};
