import { defineDataset } from '../import/define-dataset';
import { attributions } from './attributions';
import { boeRows, boeSeriesCodes } from './boe-layouts';
import { ogl } from './dataset';

// Series from the Bank of England's Interactive Database (IADB), in either CSV layout it gives (boe-layouts.ts): Bank
// Rate is `IUDBEDR` (daily); the quoted household mortgage rates are monthly series dated the month's last day
// (`IUMBV34`: 2-year fixed at 75% LTV, …). One table holds every series imported: an import replaces the months of the
// series its files hold and keeps the rest, so a newer download supersedes an older one month by month and series add
// up. Files given together must not hold the same day of a series twice (downloads of overlapping years): the first
// file given is taken and the other's value rejected, naming it; to have the newer supersede, import oldest first, one
// import each.

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

export const boeSeries = defineDataset({
  name: 'boe-series',
  // 2: the described layout is read, and a quoted mortgage rate of 0 is no value rather than 0%.
  importerVersion: 2,
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
  files: { usage: 'boe-series takes Bank of England database CSV files (DATE or "Date", then series codes or titles)' },
  header: (header, part) => boeSeriesCodes(header, part.name),
  row: (fields, { layout: codes }) => boeRows(codes, fields),
  once: {
    each: true,
    key: ([code, date]) => `${String(code)} ${String(date)}`,
    rejected: ([code, date], first) => `${String(code)} of ${String(date)} was read already, from ${first}`,
  },
});
