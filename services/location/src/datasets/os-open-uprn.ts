import { basename } from 'node:path';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal } from './csv';
import { ogl } from './dataset';

// OS Open UPRN: every GB UPRN with its position, one CSV (`osopenuprn_202510.csv`, in `osopenuprn_202510_csv.zip`)
// with a header row `UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE`: British National Grid metres to 2 decimals
// and ETRS89 latitude/longitude to 7, both as OS publishes them (OS converts with OSTN15, so nothing is converted here).

export const openUprnHeader = ['UPRN', 'X_COORDINATE', 'Y_COORDINATE', 'LATITUDE', 'LONGITUDE'];
const csvMember = /(^|\/)osopenuprn_\d{6}\.csv$/i;
/** UPRNs are positive integers of up to 12 digits. */
const uprnPattern = /^[1-9]\d{0,11}$/;

/** OS names the release in the file name: `osopenuprn_202510…` is `2025-10`; otherwise the file's own name. */
export const openUprnRelease = (name: string) => {
  const m = /osopenuprn_(\d{4})(\d{2})/i.exec(name);
  return m ? `${m[1]}-${m[2]}` : basename(name);
};

/** One published record as our columns, or why not. */
export const openUprnRow = (fields: string[]): { values: (string | number)[] } | { rejected: string } => {
  if (fields.length !== openUprnHeader.length) return { rejected: `${fields.length} fields, not ${openUprnHeader.length}` };
  const uprn = fields[0]!.trim();
  if (!uprnPattern.test(uprn)) return { rejected: `UPRN ${JSON.stringify(fields[0])} is not a UPRN` };
  const [x, y, latitude, longitude] = fields.slice(1).map(decimal);
  if (x === undefined || y === undefined || x < 0 || x > 700_000 || y < 0 || y > 1_300_000)
    return { rejected: `X/Y ${fields[1]}/${fields[2]} are not British National Grid metres` };
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return { rejected: `latitude/longitude ${fields[3]}/${fields[4]} are not degrees` };
  return { values: [uprn, x, y, latitude, longitude] };
};

export const osOpenUprn = defineDataset({
  name: 'os-open-uprn',
  importerVersion: 1,
  title: 'OS Open UPRN',
  publisher: 'Ordnance Survey',
  licence: ogl,
  attribution: attributions.osOpenUprn,
  relation: 'open_uprn_positions',
  columns: [
    { name: 'uprn', type: 'bigint' },
    { name: 'x_coordinate', type: 'double precision' },
    { name: 'y_coordinate', type: 'double precision' },
    { name: 'latitude', type: 'double precision' },
    { name: 'longitude', type: 'double precision' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (uprn)'],
  files: {
    usage: 'os-open-uprn takes one file: osopenuprn_YYYYMM_csv.zip or the CSV in it',
    one: true,
    archive: {
      members: csvMember,
      first: true,
      name: (_zip, member) => member,
      noMembers: (file) => `${file} is not OS Open UPRN: it has no osopenuprn_YYYYMM.csv`,
    },
  },
  header: (header, part) => {
    if (header.join(',') !== openUprnHeader.join(','))
      throw new FormatError(`${part.name} is not OS Open UPRN: its header is ${JSON.stringify(header.join(',').slice(0, 120))}`);
  },
  row: (fields) => openUprnRow(fields),
  vintage: { fromFiles: ({ parts }) => openUprnRelease(parts[0]!.name) },
});
