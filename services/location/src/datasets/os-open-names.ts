import { basename } from 'node:path';
import { bngToWgs84 } from '@pds/geo';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal, integer, orNull } from './csv';
import { ogl } from './dataset';

// OS Open Names: GB's named places, roads and postcodes, as OS publishes it (`opname_csv_gb.zip`): one headerless CSV
// per 100 km × 20 km tile under `Data/` (`Data/SU67.csv`), 34 columns in the order `Doc/OS_Open_Names_Header.csv`
// gives, a UTF-8 BOM, fields quoted only when they hold a comma. A tile's CSV may also be imported on its own. The
// geometry is a British National Grid point, converted here to WGS84 as well.

export const openNamesHeader = [
  'ID', 'NAMES_URI', 'NAME1', 'NAME1_LANG', 'NAME2', 'NAME2_LANG', 'TYPE', 'LOCAL_TYPE', 'GEOMETRY_X', 'GEOMETRY_Y',
  'MOST_DETAIL_VIEW_RES', 'LEAST_DETAIL_VIEW_RES', 'MBR_XMIN', 'MBR_YMIN', 'MBR_XMAX', 'MBR_YMAX', 'POSTCODE_DISTRICT',
  'POSTCODE_DISTRICT_URI', 'POPULATED_PLACE', 'POPULATED_PLACE_URI', 'POPULATED_PLACE_TYPE', 'DISTRICT_BOROUGH',
  'DISTRICT_BOROUGH_URI', 'DISTRICT_BOROUGH_TYPE', 'COUNTY_UNITARY', 'COUNTY_UNITARY_URI', 'COUNTY_UNITARY_TYPE', 'REGION',
  'REGION_URI', 'COUNTRY', 'COUNTRY_URI', 'RELATED_SPATIAL_OBJECT', 'SAME_AS_DBPEDIA', 'SAME_AS_GEONAMES',
] as const; // prettier-ignore

type Field = (typeof openNamesHeader)[number];
const at = Object.fromEntries(openNamesHeader.map((name, i) => [name, i])) as Record<Field, number>;
/** The fields kept, as published (the URIs other than the entry's own are left out; they derive from the names). */
const kept: Field[] = [
  'ID', 'NAMES_URI', 'NAME1', 'NAME1_LANG', 'NAME2', 'NAME2_LANG', 'TYPE', 'LOCAL_TYPE', 'POSTCODE_DISTRICT', 'POPULATED_PLACE',
  'DISTRICT_BOROUGH', 'COUNTY_UNITARY', 'REGION', 'COUNTRY',
]; // prettier-ignore
const types = new Set(['populatedPlace', 'transportNetwork', 'hydrography', 'landcover', 'landform', 'other']);
const dataMember = /^(.*\/)?Data\/[A-Z]{2}\d{2}\.csv$/i;
const headerMember = /(^|\/)Doc\/OS_Open_Names_Header\.csv$/i;

/** One published record as our columns, or why not. */
export const openNamesRow = (fields: string[]): { values: (string | number | null)[] } | { rejected: string } => {
  if (fields.length !== openNamesHeader.length) return { rejected: `${fields.length} fields, not ${openNamesHeader.length}` };
  const field = (name: Field) => fields[at[name]];
  if (!orNull(field('ID'))) return { rejected: 'no ID' };
  if (!orNull(field('NAME1'))) return { rejected: 'no NAME1' };
  if (!types.has(field('TYPE')!.trim())) return { rejected: `TYPE ${JSON.stringify(field('TYPE'))} is not one of OS's types` };
  const x = decimal(field('GEOMETRY_X'));
  const y = decimal(field('GEOMETRY_Y'));
  if (x === undefined || y === undefined) return { rejected: `GEOMETRY_X/Y ${field('GEOMETRY_X')}/${field('GEOMETRY_Y')} are not metres` };
  let position: { latitude: number; longitude: number };
  try {
    position = bngToWgs84(x, y);
  } catch (error) {
    if (error instanceof RangeError) return { rejected: error.message };
    throw error;
  }
  const bounds = (['MBR_XMIN', 'MBR_YMIN', 'MBR_XMAX', 'MBR_YMAX'] as const).map((k) => decimal(field(k)) ?? null);
  const resolutions = (['MOST_DETAIL_VIEW_RES', 'LEAST_DETAIL_VIEW_RES'] as const).map((k) => integer(field(k)) ?? null);
  return { values: [...kept.map((k) => orNull(field(k))), x, y, position.latitude, position.longitude, ...resolutions, ...bounds] };
};

/** The product's own list of its columns, which must be the columns read. */
const checkHeaderFile = (bytes: Buffer, member: string) => {
  const published = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (published !== openNamesHeader.join(','))
    throw new FormatError(`${member} lists other columns than OS Open Names': ${JSON.stringify(published.slice(0, 120))}`);
};

export const osOpenNames = defineDataset({
  name: 'os-open-names',
  importerVersion: 1,
  title: 'OS Open Names',
  publisher: 'Ordnance Survey',
  licence: ogl,
  attribution: attributions.osOpenNames,
  relation: 'open_names',
  columns: [
    ...kept.map((k) => ({ name: k.toLowerCase(), type: 'text' })),
    { name: 'geometry_x', type: 'double precision' },
    { name: 'geometry_y', type: 'double precision' },
    { name: 'latitude', type: 'double precision' },
    { name: 'longitude', type: 'double precision' },
    { name: 'most_detail_view_res', type: 'integer' },
    { name: 'least_detail_view_res', type: 'integer' },
    { name: 'mbr_xmin', type: 'double precision' },
    { name: 'mbr_ymin', type: 'double precision' },
    { name: 'mbr_xmax', type: 'double precision' },
    { name: 'mbr_ymax', type: 'double precision' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (id)', 'CREATE INDEX ON {table} (lower(name1) text_pattern_ops)'],
  // The product's zip (every tile; its header file checked), or one tile's CSV.
  files: {
    usage: 'os-open-names takes one file: opname_csv_gb.zip, or one tile CSV from its Data folder',
    one: true,
    archive: {
      members: dataMember,
      name: (_zip, member) => member,
      noMembers: (file) => `${file} is not OS Open Names: it needs Doc/OS_Open_Names_Header.csv and Data/<tile>.csv`,
      metadata: { member: headerMember, read: checkHeaderFile },
    },
  },
  // A file that is not a tile stops here, before anything loads: its first record must have Open Names' 34 columns.
  check: {
    record: (fields, part) => {
      if (fields.length !== openNamesHeader.length)
        throw new FormatError(`${part.name} is not OS Open Names: its first record has ${fields.length} fields, not 34`);
    },
    parts: 'first',
  },
  row: (fields) => openNamesRow(fields),
  // The product's files do not name their release; the zip's (or the tile's) own name stands for it.
  vintage: { fromFiles: ({ paths }) => basename(paths[0]!) },
});
