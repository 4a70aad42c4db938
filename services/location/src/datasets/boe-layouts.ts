import { mortgageProducts } from '@pds/contracts';
import { FormatError } from '../import/files';
import { decimal } from './csv';
import type { SqlValue } from './dataset';

// The two CSV layouts the Bank of England's Interactive Database (IADB) gives a series in, read alike.
// - Codes (`UsingCodes=Y`): header `DATE,IUMBV34,…`, dates `31 Jan 2025`, oldest first, fields unquoted, a blank field
//   where a series has no value.
// - Described (the database's "download" with series titles): every field quoted, header `"Date"` then each series'
//   long title, its code last (`"…sterling 2 year (75% LTV) fixed rate mortgage … [b] [c]             IUMBV34"`),
//   dates `31 Jul 24`, newest first; no value written `n/a` (not published for that month) or `..` (not available).
// Rows are stored by date, so either order loads the same rows.

const monthNumbers: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/**
 * A two-digit year's century. The Bank's database holds no series before 1975 that this dataset serves (Bank Rate's
 * IADB series begins 2 January 1975, the quoted household rates in 1995), so 75–99 are 1975–1999 and 00–74 are
 * 2000–2074: right for every observation the Bank can have published by the time a file in this layout is read.
 */
export const centuryPivotYear = 75;
const fullYear = (yy: string) => String((Number(yy) >= centuryPivotYear ? 1900 : 2000) + Number(yy));

/** `02 Jan 1975` or `31 Jul 24` → `1975-01-02`, `2024-07-31`; undefined when it is neither or no such day. */
export const iadbDate = (text: string): string | undefined => {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}|\d{2})$/.exec(text.trim());
  const month = m ? monthNumbers[m[2]!] : undefined;
  if (!m || !month) return undefined;
  const year = m[3]!.length === 2 ? fullYear(m[3]!) : m[3]!;
  const day = m[1]!.padStart(2, '0');
  const d = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(day) ? undefined : `${year}-${month}-${day}`;
};

const seriesCode = /^[A-Z0-9]{4,12}$/;

/** The series codes of a file's header (each column a code, or a title ending in its code), or why it is not IADB's. */
export const boeSeriesCodes = (header: readonly string[], file: string): string[] => {
  if (header[0]?.trim().toUpperCase() !== 'DATE' || header.length < 2)
    throw new FormatError(`${file} is not a Bank of England database CSV: its header is not DATE followed by series codes or titles`);
  const codes = header.slice(1).map((h) => h.trim().split(/\s+/).at(-1) ?? '');
  const bad = codes.findIndex((c) => !seriesCode.test(c));
  if (bad >= 0)
    throw new FormatError(
      `${file} is not a Bank of England database CSV: column ${JSON.stringify(header[bad + 1])} does not end in a series code`,
    );
  const twice = codes.find((c, i) => codes.indexOf(c) !== i);
  if (twice !== undefined) throw new FormatError(`${file}: series ${twice} has two columns`);
  return codes;
};

/** What the Bank writes for "no value": nothing, `n/a` (not published that month) and `..` (not available). */
const noValue = new Set(['', 'n/a', '..']);

/**
 * The quoted household mortgage rates. Older extracts of these series write `0` for months with no quote (too few
 * lenders quoting the product, or before the series began: IUM2WBS reads 0 through 1995), never a rate: no lender
 * advertises a mortgage at 0%. So a 0 of these series is no value. In any other series (Bank Rate, yields, spreads,
 * changes) a 0 is kept as the value it is.
 */
export const quotedRateSeries: ReadonlySet<string> = new Set(Object.values(mortgageProducts).map(([code]) => code));

/** A published field as a value of the series: a number, null for no value, undefined when it is not a number. */
export const boeValue = (code: string, text: string): number | null | undefined => {
  const t = text.trim();
  if (noValue.has(t)) return null;
  const value = decimal(t);
  return value === 0 && quotedRateSeries.has(code) ? null : value;
};

/** Every value of one published row as our rows (one per series with a value), or why not. */
export const boeRows = (codes: readonly string[], fields: string[]): { rows: SqlValue[][] } | { rejected: string } => {
  const date = iadbDate(fields[0] ?? '');
  if (!date) return { rejected: `date ${JSON.stringify(fields[0])} is not DD Mon YYYY or DD Mon YY` };
  if (fields.length !== codes.length + 1) return { rejected: `${fields.length} fields, not ${codes.length + 1}` };
  const rows: SqlValue[][] = [];
  for (const [i, code] of codes.entries()) {
    const text = fields[i + 1] ?? '';
    const value = boeValue(code, text);
    if (value === undefined) return { rejected: `${code} ${JSON.stringify(text)} is not a number` };
    if (value !== null) rows.push([code, date, date.slice(0, 7), value]);
  }
  return { rows };
};
