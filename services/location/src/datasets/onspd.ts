import { defineDataset } from '../import/define-dataset';
import { postcodePointIndex } from '../places/nation-at';
import { attributions } from './attributions';
import { decimal, integer, orNull } from './csv';
import { ogl } from './dataset';
import { headerLayout, onsPostcodeRecord } from './header-columns';

// The ONS Postcode Directory, full-column CSV, one row per UK postcode live or terminated. Releases rename columns
// (`pcd`/`pcd7`, `oseast1m`/`east1m`, `oslaua`/`lad25cd`, `ctry`/`ctry25cd`), so each is found by its names; every
// column is also kept as published (`published`, by header name). Coordinates are ONSPD's own: `lat`/`long` as
// published; a postcode without a grid reference is published at 99.999999 / 0.000000 and is stored with none.

const columns = {
  pcds: { names: ['pcds'], required: true },
  dointr: { names: ['dointr'], required: true },
  doterm: { names: ['doterm'], required: true },
  usertype: { names: ['usertype', 'usrtypind'] },
  east: { names: ['oseast1m', 'east1m'], required: true },
  north: { names: ['osnrth1m', 'north1m'], required: true },
  grid: { names: ['osgrdind', 'gridind'] },
  country: { names: ['ctry', /^ctry\d\dcd$/], required: true },
  region: { names: ['rgn', /^rgn\d\dcd$/] },
  lad: { names: ['oslaua', /^lad\d\dcd$/], required: true },
  ward: { names: ['osward', /^wd\d\dcd$/] },
  lsoa11: { names: ['lsoa11', 'lsoa11cd'] },
  msoa11: { names: ['msoa11', 'msoa11cd'] },
  lsoa21: { names: ['lsoa21', 'lsoa21cd'] },
  msoa21: { names: ['msoa21', 'msoa21cd'] },
  lat: { names: ['lat'], required: true },
  long: { names: ['long'], required: true },
} as const;

/** ONSPD's mark for "no grid reference". */
const noGridLatitude = 99.999999;

/** ONSPD names its release in the file name (ONSPD_FEB_2025_UK.csv); a sample may not. */
const releaseOf = (name: string) => /ONSPD_([A-Z]{3})_(\d{4})/i.exec(name)?.slice(1, 3).join(' ') ?? name;

export const onspd = defineDataset({
  name: 'onspd',
  importerVersion: 1,
  title: 'ONS Postcode Directory',
  publisher: 'Office for National Statistics',
  licence: ogl,
  attribution: attributions.onspd,
  relation: 'onspd_postcodes',
  columns: [
    { name: 'postcode', type: 'text' },
    { name: 'dointr', type: 'text' },
    { name: 'doterm', type: 'text' },
    { name: 'usertype', type: 'smallint' },
    { name: 'eastings', type: 'integer' },
    { name: 'northings', type: 'integer' },
    { name: 'grid_quality', type: 'smallint' },
    { name: 'country_code', type: 'text' },
    { name: 'region_code', type: 'text' },
    { name: 'lad_code', type: 'text' },
    { name: 'ward_code', type: 'text' },
    { name: 'lsoa11cd', type: 'text' },
    { name: 'msoa11cd', type: 'text' },
    { name: 'lsoa21cd', type: 'text' },
    { name: 'msoa21cd', type: 'text' },
    { name: 'latitude', type: 'double precision' },
    { name: 'longitude', type: 'double precision' },
    { name: 'published', type: 'jsonb' },
  ],
  // The position's index serves "the nearest postcode" (places/nation-at.ts).
  indexes: ['CREATE UNIQUE INDEX ON {table} (postcode)', postcodePointIndex],
  files: { usage: 'onspd takes one file: the ONSPD full CSV (plain or gzip)', one: true },
  header: (header, part) => headerLayout(header, columns, part.name),
  row: (fields, { layout }) => {
    const read = onsPostcodeRecord(layout, fields);
    if ('rejected' in read) return read;
    const { field, postcode } = read;
    const lat = decimal(field('lat'));
    const long = decimal(field('long'));
    if (lat === undefined || long === undefined) return { rejected: `lat/long ${field('lat')}/${field('long')} are not numbers` };
    const located = lat !== noGridLatitude;
    const published = Object.fromEntries(layout.header.map((h, i) => [h, fields[i] ?? '']));
    const codes = (['dointr', 'doterm'] as const).map((k) => orNull(field(k)));
    const numbers = (['usertype', 'east', 'north', 'grid'] as const).map((k) => integer(field(k)) ?? null);
    const areas = (['country', 'region', 'lad', 'ward', 'lsoa11', 'msoa11', 'lsoa21', 'msoa21'] as const).map((k) => orNull(field(k)));
    return { values: [postcode, ...codes, ...numbers, ...areas, located ? lat : null, located ? long : null, JSON.stringify(published)] };
  },
  vintage: { fromFiles: ({ parts }) => releaseOf(parts[0]!.name) },
});
