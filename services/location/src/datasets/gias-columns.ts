import { normalisePostcode, phaseSlugOf, statusSlugOf } from '@pds/contracts';
import { bngToWgs84 } from '../geo/coordinates';
import { decimal, integer, orNull } from './csv';
import type { SqlValue } from './dataset';
import { findColumn } from './header-columns';

// The columns of GIAS's establishments file (`edubasealldataYYYYMMDD.csv`) that answers use, found by header name so
// that every layout DfE has published loads: 139 columns from July 2024 to January 2025 (with the Ofsted columns),
// 135 since late January 2025 (without them), 140 before July 2024, 133 in 2018/19. Every name below is in the
// byte-exact headers of research/gias.md §1a (DFE-Digital/schools-experience db/data/example_schools.csv, 139
// columns) and §1b (DFE-Digital/publish-teacher-training spec/fixtures/files/lib/gias/downloaded.csv, 135 columns);
// `OfstedLastInsp` and `OfstedRating (name)` only in §1a and earlier (removed in January 2025, §1b). Values as §2
// describes them: dates DD-MM-YYYY, empty values "", Easting/Northing in metres of the British National Grid.

export const giasColumnNames = {
  urn: 'URN',
  laCode: 'LA (code)',
  laName: 'LA (name)',
  name: 'EstablishmentName',
  typeName: 'TypeOfEstablishment (name)',
  typeGroup: 'EstablishmentTypeGroup (name)',
  statusCode: 'EstablishmentStatus (code)',
  statusName: 'EstablishmentStatus (name)',
  openDate: 'OpenDate',
  closeDate: 'CloseDate',
  phaseCode: 'PhaseOfEducation (code)',
  phaseName: 'PhaseOfEducation (name)',
  lowAge: 'StatutoryLowAge',
  highAge: 'StatutoryHighAge',
  gender: 'Gender (name)',
  religiousCharacter: 'ReligiousCharacter (name)',
  street: 'Street',
  locality: 'Locality',
  address3: 'Address3',
  town: 'Town',
  county: 'County (name)',
  postcode: 'Postcode',
  easting: 'Easting',
  northing: 'Northing',
  ofstedRating: 'OfstedRating (name)',
  ofstedLastInspection: 'OfstedLastInsp',
} as const;
type Key = keyof typeof giasColumnNames;

/** In files up to January 2025 only: a file without them loads, its establishments with no Ofsted data. */
const optional: readonly Key[] = ['ofstedRating', 'ofstedLastInspection'];

/** The table's columns, in order: what the migration's `schools__v0` declares. */
export const giasTableColumns = [
  ['urn', 'integer'],
  ['name', 'text'],
  ['la_code', 'text'],
  ['la_name', 'text'],
  ['type_name', 'text'],
  ['type_group', 'text'],
  ['status', 'text'],
  ['status_name', 'text'],
  ['phase', 'text'],
  ['phase_name', 'text'],
  ['opened_on', 'date'],
  ['closed_on', 'date'],
  ['statutory_low_age', 'smallint'],
  ['statutory_high_age', 'smallint'],
  ['gender', 'text'],
  ['religious_character', 'text'],
  ['street', 'text'],
  ['locality', 'text'],
  ['address3', 'text'],
  ['town', 'text'],
  ['county', 'text'],
  ['postcode', 'text'],
  ['easting', 'double precision'],
  ['northing', 'double precision'],
  ['latitude', 'double precision'],
  ['longitude', 'double precision'],
  ['ofsted_published', 'boolean'],
  ['ofsted_rating', 'text'],
  ['ofsted_last_inspection', 'date'],
  ['geog', 'geography(Point, 4326)'],
] as const;
type TableColumn = (typeof giasTableColumns)[number][0];

export interface GiasLayout {
  at: Record<Key, number | undefined>;
  width: number;
  /** Whether the file carries the Ofsted columns (files up to January 2025). */
  ofsted: boolean;
}

/** Where each column is in this header; the required ones missing are named (the file is then not GIAS's). */
export const giasLayoutOf = (header: readonly string[]): GiasLayout | { missing: string[] } => {
  const at = {} as Record<Key, number | undefined>;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(giasColumnNames) as Array<[Key, string]>) {
    at[key] = findColumn(header, [name]);
    if (at[key] === undefined && !optional.includes(key)) missing.push(name);
  }
  if (missing.length > 0) return { missing };
  return { at, width: header.length, ofsted: at.ofstedRating !== undefined || at.ofstedLastInspection !== undefined };
};

/** `DD-MM-YYYY` as published → `YYYY-MM-DD`; empty → null; anything else (or no such day) → undefined. */
export const giasDate = (text: string | undefined): string | null | undefined => {
  const t = text?.trim() ?? '';
  if (t === '') return null;
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t);
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? undefined : iso;
};

type Row = { values: SqlValue[] } | { rejected: string };

const position = (e: string, n: string): { e: number; n: number } | null | string => {
  if (e === '' && n === '') return null; // published without a position (overseas, some closed and proposed ones)
  const easting = decimal(e);
  const northing = decimal(n);
  if (easting === undefined || northing === undefined) return `Easting/Northing ${JSON.stringify(e)}/${JSON.stringify(n)} are not metres`;
  return { e: easting, n: northing };
};

/** One published establishment as the table's values, or why not. */
export const giasRow = (layout: GiasLayout, fields: readonly string[]): Row => {
  if (fields.length !== layout.width) return { rejected: `${fields.length} fields, not the header's ${layout.width}` };
  const f = (key: Key) => {
    const i = layout.at[key];
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  const urn = integer(f('urn'));
  if (urn === undefined || urn <= 0) return { rejected: `URN ${JSON.stringify(f('urn'))} is not a number` };
  if (f('name') === '') return { rejected: 'no EstablishmentName' };
  if (f('statusCode') === '' && f('statusName') === '') return { rejected: 'no EstablishmentStatus' };
  const dates: Partial<Record<'openDate' | 'closeDate' | 'ofstedLastInspection', string | null>> = {};
  for (const key of ['openDate', 'closeDate', 'ofstedLastInspection'] as const) {
    const d = giasDate(f(key));
    if (d === undefined) return { rejected: `${giasColumnNames[key]} ${JSON.stringify(f(key))} is not a date DD-MM-YYYY` };
    dates[key] = d;
  }
  const ages = [f('lowAge'), f('highAge')].map((a) => (a === '' ? null : (integer(a) ?? Number.NaN)));
  if (ages.some((a) => Number.isNaN(a))) return { rejected: `statutory ages ${f('lowAge')}/${f('highAge')} are not whole years` };
  const at = position(f('easting'), f('northing'));
  if (typeof at === 'string') return { rejected: at };
  let wgs84: { latitude: number; longitude: number } | null = null;
  if (at) {
    try {
      wgs84 = bngToWgs84(at.e, at.n);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return { rejected: `Easting/Northing ${at.e}/${at.n} are outside the National Grid` };
    }
  }
  const row: Record<TableColumn, SqlValue> = {
    urn,
    name: f('name'),
    la_code: orNull(f('laCode')),
    la_name: orNull(f('laName')),
    type_name: orNull(f('typeName')),
    type_group: orNull(f('typeGroup')),
    status: statusSlugOf(f('statusCode'), f('statusName')),
    status_name: orNull(f('statusName')),
    phase: phaseSlugOf(f('phaseCode'), f('phaseName')),
    phase_name: orNull(f('phaseName')),
    opened_on: dates.openDate ?? null,
    closed_on: dates.closeDate ?? null,
    statutory_low_age: ages[0] ?? null,
    statutory_high_age: ages[1] ?? null,
    gender: orNull(f('gender')),
    religious_character: orNull(f('religiousCharacter')),
    street: orNull(f('street')),
    locality: orNull(f('locality')),
    address3: orNull(f('address3')),
    town: orNull(f('town')),
    county: orNull(f('county')),
    postcode: f('postcode') === '' ? null : normalisePostcode(f('postcode')),
    easting: at?.e ?? null,
    northing: at?.n ?? null,
    latitude: wgs84?.latitude ?? null,
    longitude: wgs84?.longitude ?? null,
    ofsted_published: layout.ofsted,
    ofsted_rating: orNull(f('ofstedRating')),
    ofsted_last_inspection: dates.ofstedLastInspection ?? null,
    geog: wgs84 ? `SRID=4326;POINT(${wgs84.longitude} ${wgs84.latitude})` : null,
  };
  return { values: giasTableColumns.map(([column]) => row[column]) };
};
