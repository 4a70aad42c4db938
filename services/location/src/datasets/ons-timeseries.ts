import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal } from './csv';
import { ogl } from './dataset';

// ONS time series as the ONS website downloads them, one series a file
// (https://www.ons.gov.uk/generator?format=csv&uri=/economy/inflationandpriceindices/timeseries/<cdid>/<dataset>): quoted
// two-column CSV, eight rows about the series (`"Title"`, `"CDID"`, `"Source dataset ID"`, `"PreUnit"`, `"Unit"`,
// `"Release date"` as DD-MM-YYYY, `"Next release"`, `"Important notes"`), then its values by period: years (`"2024"`),
// quarters (`"2024 Q1"`) and months (`"2024 JAN"`), each block in time order; lines end LF or CRLF. Any series of any
// dataset in this layout loads (its CDID and dataset from its own rows); inflation is dataset MM23: CPI annual rate D7G7
// and index D7BT, CPIH annual rate L55O and index L522 (2015 = 100), RPI annual rate CZBH and index CHAW (January 1987
// = 100). An import replaces the periods of the series its files hold and keeps the rest, so a newer release supersedes
// an older one period by period.

const metadataRows = ['Title', 'CDID', 'Source dataset ID', 'PreUnit', 'Unit', 'Release date', 'Next release', 'Important notes'];
const monthNumbers = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface SeriesFile {
  title: string;
  cdid: string;
  datasetId: string;
  unit: string;
  releaseDate: string;
}

/** A period as published, as our frequency and period: `2024 JAN` → month `2024-01`, `2024 Q1`, `2024`. */
export const onsPeriod = (text: string): { frequency: 'year' | 'quarter' | 'month'; period: string } | undefined => {
  const t = text.trim();
  if (/^\d{4}$/.test(t)) return { frequency: 'year', period: t };
  const q = /^(\d{4}) Q([1-4])$/.exec(t);
  if (q) return { frequency: 'quarter', period: `${q[1]} Q${q[2]}` };
  const m = /^(\d{4}) ([A-Z]{3})$/.exec(t);
  const month = m ? monthNumbers.indexOf(m[2]!) : -1;
  return m && month >= 0 ? { frequency: 'month', period: `${m[1]}-${String(month + 1).padStart(2, '0')}` } : undefined;
};

/** The series a file describes, from its eight rows about it; a file that is not an ONS time series fails here. */
export const onsSeriesOf = (rows: readonly string[][], file: string): SeriesFile => {
  const about = new Map(rows.map((r) => [r[0]?.trim() ?? '', r[1]?.trim() ?? '']));
  const missing = metadataRows.find((name, i) => rows[i]?.[0]?.trim() !== name);
  if (missing) throw new FormatError(`${file} is not an ONS time series download: no "${missing}" row where the layout has it`);
  const cdid = about.get('CDID')!;
  if (!/^[A-Z0-9]{4}$/.test(cdid)) throw new FormatError(`${file} is not an ONS time series download: CDID ${JSON.stringify(cdid)}`);
  const release = /^(\d{2})-(\d{2})-(\d{4})$/.exec(about.get('Release date')!);
  if (!release) throw new FormatError(`${file}: "Release date" ${JSON.stringify(about.get('Release date'))} is not DD-MM-YYYY`);
  return {
    title: about.get('Title')!,
    cdid,
    datasetId: about.get('Source dataset ID')!,
    unit: about.get('Unit')!,
    releaseDate: `${release[3]}-${release[2]}-${release[1]}`,
  };
};

/** `D7G7 / 2024-01` keys → `D7G7 to 2024-01` per series (its latest period of any frequency, in text order of months). */
export const seriesHeld = (keys: string[]) => {
  const latest = new Map<string, string>();
  for (const key of keys) {
    const [cdid = '', period = ''] = key.split(' / ');
    if (/^\d{4}-\d{2}$/.test(period) && period > (latest.get(cdid) ?? '')) latest.set(cdid, period);
    else if (!latest.has(cdid)) latest.set(cdid, '');
  }
  return latest.size === 0
    ? 'no series'
    : [...latest.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([cdid, month]) => (month ? `${cdid} to ${month}` : cdid))
        .join('; ');
};

export const onsTimeseries = defineDataset({
  name: 'ons-timeseries',
  importerVersion: 1,
  title: 'ONS time series (price inflation: CPI, CPIH and RPI)',
  publisher: 'Office for National Statistics',
  licence: ogl,
  attribution: attributions.onsTimeseries,
  relation: 'ons_timeseries_values',
  columns: [
    { name: 'cdid', type: 'text' },
    { name: 'dataset_id', type: 'text' },
    { name: 'title', type: 'text' },
    { name: 'unit', type: 'text' },
    { name: 'release_date', type: 'date' },
    { name: 'frequency', type: 'text' },
    { name: 'period', type: 'text' },
    { name: 'value', type: 'double precision' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (cdid, period)'],
  accumulates: { partColumns: ['cdid', 'period'], vintage: seriesHeld },
  files: { usage: 'ons-timeseries takes ONS time series CSV downloads, one series a file' },
  // The series a file describes, from its eight rows about it, before anything loads.
  header: { records: metadataRows.length, read: (rows, part) => onsSeriesOf(rows, part.name) },
  row: (fields, { layout: { cdid, datasetId, title, unit, releaseDate } }) => {
    const period = onsPeriod(fields[0] ?? '');
    const value = decimal(fields[1]);
    if (!period) return { rejected: `period ${JSON.stringify(fields[0])} is not YYYY, YYYY Qn or YYYY MON` };
    if (value === undefined) return { rejected: `value ${JSON.stringify(fields[1])} is not a number` };
    return { values: [cdid, datasetId, title, unit, releaseDate, period.frequency, period.period, value] };
  },
});
