import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal } from './csv';
import { ogl, type SqlValue } from './dataset';

// Series from the Bank of England's Interactive Database (IADB), in the CSV it gives for
// https://www.bankofengland.co.uk/boeapps/database/fromshowcolumns.asp?csv.x=yes&SeriesCodes=…&CSVF=TN&UsingCodes=Y:
// a header `DATE,<series code>[,<series code>…]`, then a row per observation date written `DD Mon YYYY` (`02 Jan
// 1975`), each series' value (blank where it has none that day). Bank Rate is `IUDBEDR` (daily); the quoted household
// mortgage rates are monthly series dated the month's last day (`IUMBV34`: 2-year fixed at 75% LTV, …). One table holds
// every series imported: an import replaces the months of the series its file holds and keeps the rest, so a newer
// download supersedes an older one month by month and series add up.

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

/** `02 Jan 1975` → `1975-01-02`, or undefined when it is not an IADB date. */
export const iadbDate = (text: string): string | undefined => {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text.trim());
  const month = m ? monthNumbers[m[2]!] : undefined;
  if (!m || !month) return undefined;
  const day = m[1]!.padStart(2, '0');
  const d = new Date(`${m[3]}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(day) ? undefined : `${m[3]}-${month}-${day}`;
};

const seriesCode = /^[A-Z0-9]{4,12}$/;

/** The series codes of a file's header, or a FormatError saying why it is not IADB's CSV. */
export const boeSeriesCodes = (header: readonly string[], file: string): string[] => {
  if (header[0]?.trim().toUpperCase() !== 'DATE' || header.length < 2)
    throw new FormatError(`${file} is not a Bank of England database CSV: its header is not DATE followed by series codes`);
  const codes = header.slice(1).map((h) => h.trim());
  const bad = codes.find((c) => !seriesCode.test(c));
  if (bad !== undefined)
    throw new FormatError(`${file} is not a Bank of England database CSV: ${JSON.stringify(bad)} is not a series code`);
  return codes;
};

/** `IUDBEDR / 1975-01` keys → `IUDBEDR 1975-01 to 2025-12` for each series. */
export const seriesHeld = (keys: string[]) => {
  const bySeries = new Map<string, string[]>();
  for (const key of keys) {
    const [code = '', month = ''] = key.split(' / ');
    bySeries.set(code, [...(bySeries.get(code) ?? []), month]);
  }
  if (bySeries.size === 0) return 'no series';
  return [...bySeries.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, months]) => {
      const sorted = months.sort();
      return `${code} ${sorted[0]} to ${sorted.at(-1)}`;
    })
    .join('; ');
};

/** Every value of one published row as our rows (one per series with a value), or why not. */
export const boeRows = (codes: readonly string[], fields: string[]): { rows: SqlValue[][] } | { rejected: string } => {
  const date = iadbDate(fields[0] ?? '');
  if (!date) return { rejected: `DATE ${JSON.stringify(fields[0])} is not DD Mon YYYY` };
  if (fields.length !== codes.length + 1) return { rejected: `${fields.length} fields, not ${codes.length + 1}` };
  const rows: SqlValue[][] = [];
  for (const [i, code] of codes.entries()) {
    const text = fields[i + 1]?.trim() ?? '';
    if (text === '') continue;
    const value = decimal(text);
    if (value === undefined) return { rejected: `${code} ${JSON.stringify(text)} is not a number` };
    rows.push([code, date, date.slice(0, 7), value]);
  }
  return { rows };
};

export const boeSeries = defineDataset({
  name: 'boe-series',
  importerVersion: 1,
  title: 'Bank of England Database series (Bank Rate, quoted household interest rates)',
  publisher: 'Bank of England',
  licence: ogl,
  attribution: attributions.boeSeries,
  relation: 'boe_series_values',
  columns: [
    { name: 'series_code', type: 'text' },
    { name: 'date', type: 'date' },
    { name: 'month', type: 'text' },
    { name: 'value', type: 'double precision' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (series_code, date)'],
  accumulates: { partColumns: ['series_code', 'month'], vintage: seriesHeld },
  files: { usage: 'boe-series takes Bank of England database CSV files (DATE,<series code>,…)' },
  header: (header, part) => boeSeriesCodes(header, part.name),
  row: (fields, { layout: codes }) => boeRows(codes, fields),
});
