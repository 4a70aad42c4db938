import { crimeCategoryOf } from '@pds/contracts';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal, orNull } from './csv';
import { ogl } from './dataset';

// police.uk street-level crime, as data.police.uk publishes it (https://data.police.uk/about/#columns): one CSV per
// month and reporting force, `YYYY-MM-<force>-street.csv`, with a header row and CRLF line ends, given alone (plain or
// gzip) or in the archive zips the site builds (`YYYY-MM/YYYY-MM-<force>-street.csv` beside the outcomes and
// stop-and-search files, which are not crime records and are skipped). Records are kept as published: anti-social
// behaviour has no Crime ID, and a record the police could not place has no longitude or latitude (it is kept, and is
// never within any radius). The published point is already anonymised to a nearby "snap point".
//
// Months add up: importing a month (or a force's month) replaces that month of that force and keeps every other.

export const policeStreetHeader = [
  'Crime ID',
  'Month',
  'Reported by',
  'Falls within',
  'Longitude',
  'Latitude',
  'Location',
  'LSOA code',
  'LSOA name',
  'Crime type',
  'Last outcome category',
  'Context',
] as const;

const streetMember = /(^|\/)\d{4}-\d{2}-[a-z0-9-]+-street\.csv$/i;
const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** One published record as our columns, or why not. */
export const crimeRow = (fields: string[]): { values: (string | number | null)[] } | { rejected: string } => {
  if (fields.length !== policeStreetHeader.length) return { rejected: `${fields.length} fields, not ${policeStreetHeader.length}` };
  const [crimeId, month, reportedBy, fallsWithin, lon, lat, location, lsoaCode, lsoaName, crimeType, outcome, context] = fields.map((f) =>
    f.trim(),
  ) as string[] as [string, string, string, string, string, string, string, string, string, string, string, string];
  if (!monthPattern.test(month)) return { rejected: `month ${JSON.stringify(month)} is not YYYY-MM` };
  if (!reportedBy) return { rejected: 'no reporting force' };
  if (!crimeType) return { rejected: 'no crime type' };
  let longitude: number | null = null;
  let latitude: number | null = null;
  if (lon !== '' || lat !== '') {
    longitude = decimal(lon) ?? null;
    latitude = decimal(lat) ?? null;
    if (longitude === null || latitude === null || Math.abs(longitude) > 180 || Math.abs(latitude) > 90)
      return { rejected: `longitude/latitude ${JSON.stringify(lon)}/${JSON.stringify(lat)} are not a position` };
  }
  return {
    values: [
      orNull(crimeId),
      month,
      reportedBy,
      orNull(fallsWithin),
      longitude,
      latitude,
      orNull(location),
      orNull(lsoaCode),
      orNull(lsoaName),
      crimeType,
      crimeCategoryOf(crimeType),
      orNull(outcome),
      orNull(context),
      longitude === null ? null : `SRID=4326;POINT(${longitude} ${latitude})`,
    ],
  };
};

/** `2016-07 / West Yorkshire Police` keys → `2016-07 to 2017-07` (or the one month). */
export const monthsHeld = (keys: string[]) => {
  const months = [...new Set(keys.map((k) => k.split(' / ')[0] ?? ''))].sort();
  return months.length === 0 ? 'no months' : months.length === 1 ? months[0]! : `${months[0]} to ${months.at(-1)}`;
};

export const policeUk = defineDataset({
  name: 'police-uk',
  importerVersion: 1,
  title: 'police.uk street-level crime',
  publisher: 'Home Office (data.police.uk)',
  licence: ogl,
  attribution: attributions.policeUk,
  relation: 'police_street_crimes',
  columns: [
    { name: 'crime_id', type: 'text' },
    { name: 'month', type: 'text' },
    { name: 'reported_by', type: 'text' },
    { name: 'falls_within', type: 'text' },
    { name: 'longitude', type: 'double precision' },
    { name: 'latitude', type: 'double precision' },
    { name: 'location', type: 'text' },
    { name: 'lsoa_code', type: 'text' },
    { name: 'lsoa_name', type: 'text' },
    { name: 'crime_type', type: 'text' },
    { name: 'category', type: 'text' },
    { name: 'last_outcome_category', type: 'text' },
    { name: 'context', type: 'text' },
    { name: 'geog', type: 'geography(Point, 4326)' },
  ],
  indexes: ['CREATE INDEX ON {table} USING gist (geog)', 'CREATE INDEX ON {table} (month)'],
  accumulates: { partColumns: ['month', 'reported_by'], vintage: monthsHeld },
  files: {
    usage: 'police-uk takes street-level CSV files (YYYY-MM-<force>-street.csv) or police.uk archive zips',
    archive: {
      members: streetMember,
      noMembers: (file) => `${file} holds no YYYY-MM-<force>-street.csv; is it a police.uk archive?`,
    },
  },
  // The header, exactly as police.uk writes it: a file that is not street-level crime stops the import before loading.
  header: (header, part) => {
    if (header.join(',') !== policeStreetHeader.join(','))
      throw new FormatError(`${part.name} is not police.uk street-level crime: its header is ${header.slice(0, 12).join(',')}`);
  },
  row: (fields) => crimeRow(fields),
});
