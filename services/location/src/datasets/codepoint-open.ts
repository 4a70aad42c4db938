import { fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import { bngToWgs84 } from '../geo/coordinates';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { postcodePointIndex } from '../places/nation-at';
import { attributions } from './attributions';
import { integer, orNull } from './csv';
import { ogl } from './dataset';

// OS Code-Point Open, the zip as OS publishes it: `Data/CSV/<area>.csv` (no header; Postcode,
// Positional_quality_indicator, Eastings, Northings, Country_code, NHS_regional_HA_code, NHS_HA_code,
// Admin_county_code, Admin_district_code, Admin_ward_code, as Doc/Code-Point_Open_Column_Headers.csv lists them), and
// `Doc/metadata.txt` with the release's version and the number of postcodes in each area file, checked after loading.

const dataMember = /^Data\/CSV\/([a-z]{1,2})\.csv$/;
const columnsPerRow = 10;
/** OS's positional quality indicators: 10 (within the building) to 60, and 90 (no coordinates). */
const qualities = new Set([10, 20, 30, 40, 50, 60, 90]);

/** `DATASET VERSION NUMBER: 2025.2.0` and the lines `      RG\t23727`. */
export const readMetadata = (text: string) => {
  const version = /DATASET VERSION NUMBER:\s*(\S+)/.exec(text)?.[1];
  const counts = new Map<string, number>();
  for (const [, area, count] of text.matchAll(/^\s*([A-Z]{1,2})\t(\d+)\s*$/gm)) counts.set(area!.toLowerCase(), Number(count));
  return { version, counts };
};

/** The metadata as read, refused when it names no release. */
const metadataOf = (text: string) => {
  const metadata = readMetadata(text);
  if (!metadata.version) throw new FormatError('Doc/metadata.txt gives no DATASET VERSION NUMBER');
  return { version: metadata.version, counts: metadata.counts };
};

/** One published row as our columns, or why not. */
export const codePointRow = (fields: string[]): { values: (string | number | null)[] } | { rejected: string } => {
  if (fields.length !== columnsPerRow) return { rejected: `${fields.length} fields, not ${columnsPerRow}` };
  const postcode = normalisePostcode(fields[0] ?? '');
  if (!fullPostcodePattern.test(postcode)) return { rejected: `not a postcode: ${JSON.stringify(fields[0])}` };
  const quality = integer(fields[1]);
  const easting = integer(fields[2]);
  const northing = integer(fields[3]);
  if (quality === undefined || !qualities.has(quality))
    return { rejected: `positional quality ${JSON.stringify(fields[1])} is not one of OS's indicators` };
  if (easting === undefined || northing === undefined)
    return { rejected: `eastings/northings ${fields[2]}/${fields[3]} are not whole metres` };
  // 90: OS has no coordinates for the postcode (they are published as 0); it is still a postcode.
  const position = quality === 90 ? null : bngToWgs84(easting, northing);
  const codes = fields.slice(4).map(orNull);
  return { values: [postcode, quality, easting, northing, ...codes, position?.latitude ?? null, position?.longitude ?? null] };
};

export const codePointOpen = defineDataset({
  name: 'codepoint-open',
  importerVersion: 1,
  title: 'OS Code-Point Open',
  publisher: 'Ordnance Survey',
  licence: ogl,
  attribution: attributions.codePointOpen,
  relation: 'codepoint_postcodes',
  columns: [
    { name: 'postcode', type: 'text' },
    { name: 'positional_quality', type: 'smallint' },
    { name: 'eastings', type: 'integer' },
    { name: 'northings', type: 'integer' },
    { name: 'country_code', type: 'text' },
    { name: 'nhs_regional_ha_code', type: 'text' },
    { name: 'nhs_ha_code', type: 'text' },
    { name: 'admin_county_code', type: 'text' },
    { name: 'admin_district_code', type: 'text' },
    { name: 'admin_ward_code', type: 'text' },
    { name: 'latitude', type: 'double precision' },
    { name: 'longitude', type: 'double precision' },
  ],
  // The position's index serves "the nearest postcode" (places/nation-at.ts).
  indexes: ['CREATE UNIQUE INDEX ON {table} (postcode)', postcodePointIndex],
  files: {
    usage: 'codepoint-open takes one file: the Code-Point Open zip (codepo_gb.zip) as OS publishes it',
    one: true,
    archive: {
      members: dataMember,
      name: (_zip, member) => member,
      noMembers: (file) => `${file} is not Code-Point Open: it needs Doc/metadata.txt and Data/CSV/<area>.csv`,
      metadata: { member: /^Doc\/metadata\.txt$/, read: (bytes) => metadataOf(bytes.toString('latin1')) },
      only: (file) => `${file} is not a zip; Code-Point Open is published as codepo_gb.zip`,
    },
  },
  row: (fields) => codePointRow(fields),
  vintage: { fromFiles: ({ parts }) => parts[0]?.metadata?.version ?? '' },
  // Each area file has as many postcodes as the metadata says: a truncated or altered file does not load.
  verify: ({ recordsByPart, parts }) =>
    parts.flatMap((m) => {
      const area = dataMember.exec(m.name)?.[1] ?? '';
      const expected = m.metadata?.counts.get(area);
      const read = recordsByPart.get(m.name) ?? 0;
      return expected === undefined
        ? [`${m.name} is not listed in Doc/metadata.txt`]
        : expected === read
          ? []
          : [`${m.name}: ${read} records read, metadata says ${expected}`];
    }),
});
