import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal } from './csv';
import { ogl, type SqlValue } from './dataset';

// Council tax by local authority as PolicyEngine compiles it from the official tables (policyengine-uk-data,
// `storage/la_council_tax.csv`, published as `la_council_tax_bandD_<year>_ctsop_<count year>.csv`): a header, then one
// row per authority of the UK: `code` (GSS), `name`, `country` (ENGLAND, WALES, SCOTLAND, NORTHERN_IRELAND),
// `band_d_amount` (the average Band D including precepts, pounds: MHCLG for England, the Welsh Government for Wales,
// the Scottish Government for Scotland, whose table is a year behind), `count_band_A` … `count_band_I` (the VOA's
// "Council Tax: stock of properties" at 31 March of the count year, rounded to 10, written `7270.0`; empty for Scotland
// and Northern Ireland, and I outside Wales), `total_dwellings`, `has_council_tax`, `total_council_tax_net`. The file
// does not say the years inside it: its published name does, so a file renamed is refused.

const bands = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
const required = ['code', 'name', 'country', 'band_d_amount', ...bands.map((b) => `count_band_${b}`)];
// As published: Northern Ireland is written with an underscore.
const countries = new Set(['ENGLAND', 'WALES', 'SCOTLAND', 'NORTHERN_IRELAND']);

interface Layout {
  at: Record<string, number>;
  /** `2026-27`: the year of England's and Wales's Band D. */
  year: string;
  /** `2025`: the VOA count is at 31 March of this year. */
  countYear: string;
}

const fileName = /la_council_tax_bandD_(\d{4})-(\d{2})_ctsop_(\d{4})\.csv$/i;

/** The years a file's name says, or a FormatError naming the layout expected. */
export const councilTaxYears = (name: string): { year: string; countYear: string } => {
  const m = fileName.exec(name);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2]))
    throw new FormatError(
      `${name}: the years are read from the published name la_council_tax_bandD_<YYYY-YY>_ctsop_<YYYY>.csv, which this file does not have`,
    );
  return { year: `${m[1]}-${m[2]}`, countYear: m[3]! };
};

export const councilTaxLayout = (header: readonly string[], file: string): Layout => {
  const at = Object.fromEntries(header.map((h, i) => [h.trim(), i]));
  const missing = required.find((c) => at[c] === undefined);
  if (missing) throw new FormatError(`${file} is not the council tax by local authority file: no column ${JSON.stringify(missing)}`);
  return { at, ...councilTaxYears(file) };
};

/** The year before `2026-27`: Scotland's Band D in the file is the Scottish Government's previous year. */
const yearBefore = (year: string) => {
  const start = Number(year.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/** A count as published (`7270.0`), or null for an empty cell. */
const count = (text: string | undefined): number | null | undefined => {
  const t = text?.trim() ?? '';
  if (t === '') return null;
  const n = decimal(t);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

export const councilTaxRow = ({ at, year, countYear }: Layout, fields: string[]): { values: SqlValue[] } | { rejected: string } => {
  const field = (name: string) => fields[at[name]!]?.trim() ?? '';
  const code = field('code');
  const country = field('country').toUpperCase();
  if (!/^[ENSW]\d{8}$/.test(code)) return { rejected: `code ${JSON.stringify(code)} is not a GSS local authority code` };
  if (!countries.has(country)) return { rejected: `country ${JSON.stringify(field('country'))} is not a UK nation` };
  const bandD = field('band_d_amount');
  const pounds = bandD === '' ? null : decimal(bandD);
  if (pounds === undefined || (pounds !== null && pounds <= 0))
    return { rejected: `band_d_amount ${JSON.stringify(bandD)} is not an amount` };
  const counts: Array<number | null> = [];
  for (const band of bands) {
    const n = count(field(`count_band_${band}`));
    if (n === undefined) return { rejected: `count_band_${band} ${JSON.stringify(field(`count_band_${band}`))} is not a count` };
    counts.push(n);
  }
  const counted = counts.some((n) => n !== null);
  return {
    values: [
      code,
      field('name'),
      country,
      country === 'SCOTLAND' ? yearBefore(year) : year,
      pounds === null ? null : Math.round(pounds * 100),
      ...counts,
      counted ? `${countYear}-03-31` : null,
    ],
  };
};

export const councilTax = defineDataset({
  name: 'council-tax',
  importerVersion: 1,
  title: 'Council tax by local authority (average Band D, dwellings by band)',
  publisher: 'MHCLG, VOA, Welsh Government, Scottish Government (compiled by PolicyEngine)',
  licence: ogl,
  attribution: attributions.councilTax,
  relation: 'council_tax_authorities',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'country', type: 'text' },
    { name: 'year', type: 'text' },
    { name: 'band_d_pence', type: 'integer' },
    ...bands.map((b) => ({ name: `count_${b.toLowerCase()}`, type: 'integer' })),
    { name: 'counted_on', type: 'date' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (code)'],
  files: { usage: 'council-tax takes one file: la_council_tax_bandD_<YYYY-YY>_ctsop_<YYYY>.csv', one: true },
  header: (header, part) => councilTaxLayout(header, part.name),
  row: (fields, { layout }) => councilTaxRow(layout, fields),
  vintage: {
    fromFiles: ({ parts }) => {
      const { year, countYear } = councilTaxYears(parts[0]!.name);
      return `Band D ${year} (Scotland ${yearBefore(year)}); dwellings by band at 31 March ${countYear}`;
    },
  },
});
