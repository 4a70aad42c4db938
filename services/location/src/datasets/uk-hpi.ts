import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal } from './csv';
import { ogl, type SqlValue } from './dataset';
import { monthsHeld } from './police-uk';

// HM Land Registry's UK House Price Index, the full file as published monthly
// (https://publicdata.landregistry.gov.uk/market-trend-data/house-price-index-data/UK-HPI-full-file-YYYY-MM.csv; about the
// file: https://www.gov.uk/government/publications/about-the-uk-house-price-index): one row per area and month, 54 columns
// headed `Date,RegionName,AreaCode,AveragePrice,Index,IndexSA,1m%Change,12m%Change,AveragePriceSA,SalesVolume,` then
// Price/Index/1m%Change/12m%Change for Detached, SemiDetached, Terraced and Flat, then cash, mortgage, first-time buyer,
// former owner-occupier, new and old series. Columns are found by their published names. Dates are DD/MM/YYYY (some
// copies write YYYY-MM-DD); empty cells are common (sales volumes of recent months, series not published for an area);
// counts may be written as `305.0`. Each file holds every month from January 1995: an import replaces the months its
// file holds and keeps any others, so a newer release supersedes an older one month by month. Index: January 2015 = 100.

const typeSeries = [
  ['detached', 'Detached'],
  ['semi_detached', 'SemiDetached'],
  ['terraced', 'Terraced'],
  ['flat', 'Flat'],
] as const;

const allSeries = [
  ['average_price', 'AveragePrice'],
  ['hpi_index', 'Index'],
  ['index_sa', 'IndexSA'],
  ['change_1m', '1m%Change'],
  ['change_12m', '12m%Change'],
  ['average_price_sa', 'AveragePriceSA'],
  ['sales_volume', 'SalesVolume'],
] as const;

/** Our column and the published header of each value kept, in table order after month, area code and name. */
export const ukHpiValueColumns: ReadonlyArray<readonly [string, string]> = [
  ...allSeries,
  ...typeSeries.flatMap(([ours, theirs]) => [
    [`${ours}_price`, `${theirs}Price`] as const,
    [`${ours}_index`, `${theirs}Index`] as const,
    [`${ours}_change_1m`, `${theirs}1m%Change`] as const,
    [`${ours}_change_12m`, `${theirs}12m%Change`] as const,
  ]),
];

type Columns = { date: number; region: number; code: number; values: number[] };

export const ukHpiColumns = (header: readonly string[], file: string): Columns => {
  const at = (name: string) => {
    const i = header.findIndex((h) => h.trim() === name);
    if (i < 0) throw new FormatError(`${file} is not a UK House Price Index full file: no column "${name}"`);
    return i;
  };
  return { date: at('Date'), region: at('RegionName'), code: at('AreaCode'), values: ukHpiValueColumns.map(([, name]) => at(name)) };
};

const monthOf = (text: string): string | undefined => {
  const t = text.trim();
  const uk = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  if (uk) return Number(uk[2]) >= 1 && Number(uk[2]) <= 12 ? `${uk[3]}-${uk[2]}` : undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  return iso && Number(iso[2]) >= 1 && Number(iso[2]) <= 12 ? `${iso[1]}-${iso[2]}` : undefined;
};

/** One published row as our columns, or why not. */
export const ukHpiRow = (columns: Columns, fields: string[]): { values: SqlValue[] } | { rejected: string } => {
  const month = monthOf(fields[columns.date] ?? '');
  if (!month) return { rejected: `Date ${JSON.stringify(fields[columns.date])} is not DD/MM/YYYY` };
  const code = fields[columns.code]?.trim();
  if (!code) return { rejected: 'no AreaCode' };
  const values: SqlValue[] = [month, code, fields[columns.region]?.trim() || null];
  for (const [i, at] of columns.values.entries()) {
    const text = fields[at]?.trim() ?? '';
    if (text === '') {
      values.push(null);
      continue;
    }
    const n = decimal(text);
    const [ours, theirs] = ukHpiValueColumns[i]!;
    if (n === undefined) return { rejected: `${theirs} ${JSON.stringify(text)} is not a number` };
    if (ours === 'sales_volume' && !Number.isInteger(n)) return { rejected: `SalesVolume ${JSON.stringify(text)} is not a count` };
    values.push(n);
  }
  return { values };
};

const fileMember = /(^|\/)UK-HPI-full-file[^/]*\.csv$/i;

export const ukHpi = defineDataset({
  name: 'uk-hpi',
  importerVersion: 1,
  title: 'UK House Price Index (full file)',
  publisher: 'HM Land Registry',
  licence: ogl,
  attribution: attributions.ukHpi,
  relation: 'uk_hpi_months',
  columns: [
    { name: 'month', type: 'text' },
    { name: 'area_code', type: 'text' },
    { name: 'region_name', type: 'text' },
    ...ukHpiValueColumns.map(([name]) => ({ name, type: name === 'sales_volume' ? 'integer' : 'double precision' })),
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (area_code, month)', 'CREATE INDEX ON {table} (lower(region_name), month)'],
  accumulates: { partColumns: ['month'], vintage: monthsHeld },
  files: {
    usage: 'uk-hpi takes one file: UK-HPI-full-file-YYYY-MM.csv (plain, gzip or in a zip)',
    one: true,
    archive: { members: fileMember, first: true, noMembers: (file) => `${file} holds no UK-HPI-full-file….csv` },
  },
  header: (header, part) => ukHpiColumns(header, part.name),
  row: (fields, { layout }) => ukHpiRow(layout, fields),
});
