import { fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import { basename } from 'node:path';
import { FormatError, openFile, sizeOf } from '../import/files';
import { postcodePointIndex } from '../places/nation-at';
import { attributions } from './attributions';
import { csvHeader } from './csv-header';
import { csvRecords, decimal, integer, orNull } from './csv';
import { ogl, type Dataset, type ReadRow } from './dataset';
import { mapColumns } from './header-columns';

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

export const onspd: Dataset = {
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
  open: async (paths) => {
    if (paths.length !== 1) throw new FormatError('onspd takes one file: the ONSPD full CSV (plain or gzip)');
    const [path] = paths as [string];
    const part = basename(path);
    // The header, read before anything loads: a file that is not this product's stops the import here.
    const header = await csvHeader(path, part);
    const at = mapColumns(header, columns, part);
    let file: Awaited<ReturnType<typeof openFile>> | undefined;
    return {
      // ONSPD names its release in the file name (ONSPD_FEB_2025_UK.csv); a sample may not.
      vintage: /ONSPD_([A-Z]{3})_(\d{4})/i.exec(part)?.slice(1, 3).join(' ') ?? part,
      parts: [{ name: part, sizeBytes: sizeOf(path) }],
      bytesRead: () => file?.bytesRead() ?? 0,
      rows: async function* (): AsyncGenerator<ReadRow> {
        file = await openFile(path);
        let first = true;
        for await (const { line, fields } of csvRecords(file.stream)) {
          if (first) {
            first = false;
            continue;
          }
          if (fields.length !== header.length) {
            yield { part, line, rejected: `${fields.length} fields, the header has ${header.length}` };
            continue;
          }
          const field = (k: keyof typeof columns) => (at[k] === undefined ? undefined : fields[at[k]]);
          const postcode = normalisePostcode(field('pcds') ?? '');
          if (!fullPostcodePattern.test(postcode)) {
            yield { part, line, rejected: `not a postcode: ${JSON.stringify(field('pcds'))}` };
            continue;
          }
          const lat = decimal(field('lat'));
          const long = decimal(field('long'));
          if (lat === undefined || long === undefined) {
            yield { part, line, rejected: `lat/long ${field('lat')}/${field('long')} are not numbers` };
            continue;
          }
          const located = lat !== noGridLatitude;
          const published = Object.fromEntries(header.map((h, i) => [h, fields[i] ?? '']));
          yield {
            part,
            line,
            values: [
              postcode,
              orNull(field('dointr')),
              orNull(field('doterm')),
              integer(field('usertype')) ?? null,
              integer(field('east')) ?? null,
              integer(field('north')) ?? null,
              integer(field('grid')) ?? null,
              orNull(field('country')),
              orNull(field('region')),
              orNull(field('lad')),
              orNull(field('ward')),
              orNull(field('lsoa11')),
              orNull(field('msoa11')),
              orNull(field('lsoa21')),
              orNull(field('msoa21')),
              located ? lat : null,
              located ? long : null,
              JSON.stringify(published),
            ],
          };
        }
      },
    };
  },
};
