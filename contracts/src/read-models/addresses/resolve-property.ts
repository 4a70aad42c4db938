import { addressWords } from '../../rest/address-text';
import type { Candidate } from '../../rest/errors';
import type { PropertyRef } from '../../rest/property';
import type { Queryable } from '../read-model';
import { addresses } from './contract';

// A property named by a caller, found in the address dataset (the `addresses` read model). By UPRN it is that row. By
// address it is matched within its postcode, forgivingly (word order, case, punctuation, Rd/Road, `2 a` = `2A`) but
// never loosely on numbers: every number of the premises (the house number, a numbered building name) must be given,
// and so must the flat's own words (its number or name; "Flat" itself may be left out). An address that names a
// building but not which of its flats is a partial match: taken when the building has one, ambiguous otherwise.

export interface FoundProperty {
  uprn: string;
  lines: string[];
  town: string;
  postcode: string;
  singleLine: string;
  country: string;
  classification: string | null;
  latitude: number;
  longitude: number;
  eastings: number;
  northings: number;
}

export type Resolution =
  | { kind: 'found'; property: FoundProperty; matchType: 'uprn' | 'exact' | 'partial' }
  | { kind: 'ambiguous'; candidates: Candidate[] }
  | { kind: 'none' };

export type AddressRow = {
  uprn: string;
  line1: string | null;
  line2: string | null;
  line3: string | null;
  town: string | null;
  postcode: string;
  single_line: string;
  country: string;
  class: string | null;
  latitude: number;
  longitude: number;
  x_coordinate: number;
  y_coordinate: number;
  sub_building: string | null;
  building_name: string | null;
  building_number: string | null;
};

export const addressColumns = `uprn::text AS uprn, line1, line2, line3, town, postcode, single_line, country, class, latitude, longitude,
  x_coordinate, y_coordinate, sub_building, building_name, building_number`;

export const propertyOf = (r: AddressRow): FoundProperty => ({
  uprn: r.uprn,
  lines: [r.line1, r.line2, r.line3].filter((l): l is string => l !== null && l !== ''),
  town: r.town ?? '',
  postcode: r.postcode,
  singleLine: r.single_line,
  country: r.country,
  classification: r.class,
  latitude: r.latitude,
  longitude: r.longitude,
  eastings: r.x_coordinate,
  northings: r.y_coordinate,
});

export const candidateOf = (r: Pick<AddressRow, 'uprn' | 'single_line' | 'postcode'>): Candidate => ({
  uprn: r.uprn,
  address: r.single_line,
  postcode: r.postcode,
});

/** Words that say what kind of unit a flat is, not which one. */
const unitKinds = new Set(['flat', 'unit', 'maisonette', 'studio', 'room', 'suite']);

/** How an address row matches the words given: fully, naming the building but not the flat, or not at all. */
export const matchOf = (
  given: ReadonlySet<string>,
  r: Pick<AddressRow, 'single_line' | 'sub_building' | 'building_name' | 'building_number'>,
) => {
  const held = new Set(addressWords(r.single_line));
  if (![...given].every((w) => held.has(w))) return 'none';
  const premisesNumbers = addressWords(`${r.building_number ?? ''} ${r.building_name ?? ''}`).filter((w) => /\d/.test(w));
  if (!premisesNumbers.every((w) => given.has(w))) return 'none';
  const unit = addressWords(r.sub_building ?? '').filter((w) => !unitKinds.has(w));
  return unit.every((w) => given.has(w)) ? 'full' : 'partial';
};

export const resolveProperty = async (db: Queryable, ref: PropertyRef): Promise<Resolution> => {
  if ('uprn' in ref) {
    const { rows } = await db.query<AddressRow>(`SELECT ${addressColumns} FROM ${addresses.relation} WHERE uprn = $1`, [ref.uprn]);
    return rows[0] ? { kind: 'found', property: propertyOf(rows[0]), matchType: 'uprn' } : { kind: 'none' };
  }
  const given = new Set(addressWords(ref.address));
  const found = await db.query<AddressRow>(`SELECT ${addressColumns} FROM ${addresses.relation} WHERE postcode = $1`, [ref.postcode]);
  // Flat 2 before Flat 10: candidates in the order a person reads them.
  const rows = found.rows.sort((a, b) => a.single_line.localeCompare(b.single_line, 'en', { numeric: true }));
  const full = rows.filter((r) => matchOf(given, r) === 'full');
  const partial = rows.filter((r) => matchOf(given, r) === 'partial');
  if (full.length === 1) return { kind: 'found', property: propertyOf(full[0]!), matchType: 'exact' };
  if (full.length > 1) return { kind: 'ambiguous', candidates: full.map(candidateOf) };
  if (partial.length === 1) return { kind: 'found', property: propertyOf(partial[0]!), matchType: 'partial' };
  if (partial.length > 1) return { kind: 'ambiguous', candidates: partial.map(candidateOf) };
  return { kind: 'none' };
};

/**
 * The refusal, as the REST API answers it, for a property the address dataset does not settle: none, or several (with
 * the candidates, to be asked for by UPRN). The asker adds what happened to the caller's money.
 */
export const resolutionRefusal = (
  resolved: Exclude<Resolution, { kind: 'found' }>,
  ref: PropertyRef,
): { code: 'ADDRESS_AMBIGUOUS' | 'PROPERTY_NOT_FOUND'; message: string; candidates?: Candidate[] } => {
  if (resolved.kind === 'ambiguous') {
    return {
      code: 'ADDRESS_AMBIGUOUS',
      message: `The address matches ${resolved.candidates.length} addresses in the postcode; retry with the \`uprn\` meant (\`error.candidates\`).`,
      candidates: resolved.candidates,
    };
  }
  const what = 'uprn' in ref ? `UPRN ${ref.uprn}` : `"${ref.address}" in ${ref.postcode}`;
  return { code: 'PROPERTY_NOT_FOUND', message: `No address in the address dataset is ${what}.` };
};
