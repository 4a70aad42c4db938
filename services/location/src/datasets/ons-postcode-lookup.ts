import { defineDataset } from '../import/define-dataset';
import { attributions } from './attributions';
import { integer, orNull } from './csv';
import { ogl } from './dataset';
import { headerLayout, onsPostcodeRecord } from './header-columns';

// The ONS postcode to OA/LSOA/MSOA/LAD lookup (e.g. PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv): a header row, every field
// quoted, CRLF; one row per UK postcode, live and terminated (`doterm` YYYYMM, empty while live). The May 2022 release
// carries the 2011 census areas (`oa11cd`, `lsoa11cd`, …); later ones the 2021 areas (`oa21cd`, …): the census year is
// read from the header.

const columns = {
  pcd7: { names: ['pcd7', 'pcd'], required: true },
  pcd8: { names: ['pcd8', 'pcd2'], required: true },
  pcds: { names: ['pcds'], required: true },
  dointr: { names: ['dointr'], required: true },
  doterm: { names: ['doterm'], required: true },
  usertype: { names: ['usertype', 'usrtypind'] },
  oa: { names: [/^oa(11|21)cd$/], required: true },
  lsoa: { names: [/^lsoa(11|21)cd$/], required: true },
  msoa: { names: [/^msoa(11|21)cd$/], required: true },
  lad: { names: ['ladcd', /^lad\d\dcd$/], required: true },
  lsoaName: { names: [/^lsoa(11|21)nm$/] },
  msoaName: { names: [/^msoa(11|21)nm$/] },
  ladName: { names: ['ladnm', /^lad\d\dnm$/] },
  ladNameWelsh: { names: ['ladnmw', /^lad\d\dnmw$/] },
} as const;

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** ONS names the release in the file name (`…_MAY22_UK_LU.csv`): `2022-05`; otherwise the file's name. */
export const releaseOf = (file: string): string => {
  const m = /_([A-Z]{3})(\d{2})_/.exec(file.toUpperCase());
  const month = m ? months.indexOf(m[1]!) + 1 : 0;
  return m && month > 0 ? `20${m[2]}-${String(month).padStart(2, '0')}` : file;
};

/** 2011 or 2021, by the header's area columns. */
const censusOf = (header: readonly string[]) => (header.some((h) => /^lsoa21cd$/i.test(h.trim())) ? 2021 : 2011);

export const onsPostcodeLookup = defineDataset({
  name: 'ons-postcode-lookup',
  importerVersion: 1,
  title: 'ONS postcode to OA, LSOA, MSOA and LAD lookup',
  publisher: 'Office for National Statistics',
  licence: ogl,
  attribution: attributions.onsPostcodeLookup,
  relation: 'ons_postcode_areas',
  columns: [
    { name: 'postcode', type: 'text' },
    { name: 'pcd7', type: 'text' },
    { name: 'pcd8', type: 'text' },
    { name: 'dointr', type: 'text' },
    { name: 'doterm', type: 'text' },
    { name: 'usertype', type: 'smallint' },
    { name: 'census', type: 'smallint' },
    { name: 'oa_code', type: 'text' },
    { name: 'lsoa_code', type: 'text' },
    { name: 'msoa_code', type: 'text' },
    { name: 'lad_code', type: 'text' },
    { name: 'lsoa_name', type: 'text' },
    { name: 'msoa_name', type: 'text' },
    { name: 'lad_name', type: 'text' },
    { name: 'lad_name_welsh', type: 'text' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (postcode)'],
  files: { usage: 'ons-postcode-lookup takes one file: the lookup CSV (plain or gzip)', one: true },
  header: (header, part) => ({ ...headerLayout(header, columns, part.name), census: censusOf(header) }),
  row: (fields, { layout }) => {
    const read = onsPostcodeRecord(layout, fields);
    if ('rejected' in read) return read;
    const { field, postcode } = read;
    const areas = (['oa', 'lsoa', 'msoa', 'lad', 'lsoaName', 'msoaName', 'ladName', 'ladNameWelsh'] as const).map((k) => orNull(field(k)));
    const { census } = layout;
    const dates = [orNull(field('dointr')), orNull(field('doterm'))];
    return { values: [postcode, field('pcd7') ?? '', field('pcd8') ?? '', ...dates, integer(field('usertype')) ?? null, census, ...areas] };
  },
  vintage: { fromFiles: ({ parts }) => releaseOf(parts[0]!.name) },
});
