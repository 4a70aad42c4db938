import type { Candidate } from '../../rest/errors';
import type { PropertyRef } from '../../rest/property';
import type { Queryable } from '../read-model';
import { addressParts, propertyByAddress, type AddressParts } from './address-match';
import { addresses } from './contract';

// The one property resolver: a property named by a caller, found in the address dataset (the `addresses` read model).
// By UPRN it is that row. By address it is matched within its postcode by the one matching rule (address-match.ts):
// forgivingly on words (order, case, punctuation, Rd/Road, `2 a` = `2A`, the town added) but never loosely on numbers
// or on the flat. An address that names a building but not which of its flats is a partial match: the dataset lists
// every address of a postcode, so it is taken when the building has one flat, and is ambiguous otherwise.

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

/**
 * What the address dataset says of a property: found (with its address as the matching rule reads it, for finding the
 * property among other records), several (a caller must choose), none, or `unlisted`: the dataset holds no address in
 * the postcode at all, so it can say nothing either way (another dataset may still hold the property).
 */
export type Resolution =
  | { kind: 'found'; property: FoundProperty; parts: AddressParts; matchType: 'uprn' | 'exact' | 'partial' }
  | { kind: 'ambiguous'; candidates: Candidate[] }
  | { kind: 'none' }
  | { kind: 'unlisted' };

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
  organisation: string | null;
};

export const addressColumns = `uprn::text AS uprn, line1, line2, line3, town, postcode, single_line, country, class, latitude, longitude,
  x_coordinate, y_coordinate, sub_building, building_name, building_number, organisation`;

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

/** A sub-building as the matching rule reads a flat: `Flat 1` as it is, `1` or `A` as `Flat 1`, `Flat A`. */
const asFlat = (sub: string) => (/^(flat|apartment|apt|unit|maisonette|studio)\b|\bfloor\b/i.test(sub) ? sub : `Flat ${sub}`);

/**
 * A row's address as the matching rule reads it: its lines as the address is written (the flat and the building's
 * name, the number and street, the localities), without the organisation a caller need not give; the sub-building
 * read as the flat it is, however AddressBase writes it.
 */
export const rowParts = (r: Pick<AddressRow, 'line1' | 'line2' | 'line3' | 'sub_building' | 'organisation'>): AddressParts => {
  const lines = [r.line1, r.line2, r.line3].filter((l): l is string => l !== null && l.trim() !== '');
  const segments = (r.organisation?.trim() ? lines.slice(1) : lines).join(', ').split(', ');
  const sub = r.sub_building?.trim().toUpperCase();
  const flatAt = sub ? segments.findIndex((s) => s.toUpperCase() === sub) : -1;
  if (flatAt >= 0) segments[flatAt] = asFlat(segments[flatAt]!);
  return addressParts(segments.join(', '));
};

// One collator for every comparison: `localeCompare` with a locale or options builds a collator on each call, which was
// most of resolving an address in a postcode of a few dozen.
const readingCollator = new Intl.Collator('en', { numeric: true });

/** Addresses in the order a person reads them: Flat 2 before Flat 10. */
export const inReadingOrder = (a: { single_line: string }, b: { single_line: string }) =>
  readingCollator.compare(a.single_line, b.single_line);

/** Resolves an address among the address dataset's rows of its postcode (every address of it). */
export const resolveAmongRows = (rows: readonly AddressRow[], address: string): Resolution => {
  if (rows.length === 0) return { kind: 'unlisted' };
  // Candidates in the order a person reads them.
  const sorted = [...rows].sort(inReadingOrder);
  const records = sorted.map((row) => ({ uprn: row.uprn, parts: rowParts(row), row }));
  const match = propertyByAddress(addressParts(address), records, { complete: true });
  if (match.kind === 'several') return { kind: 'ambiguous', candidates: match.properties.map((p) => candidateOf(p.certificates[0]!.row)) };
  if (match.kind === 'none') return { kind: 'none' };
  const [record] = match.certificates;
  return { kind: 'found', property: propertyOf(record!.row), parts: record!.parts, matchType: match.matchType };
};

export const resolveProperty = async (db: Queryable, ref: PropertyRef): Promise<Resolution> => {
  if ('uprn' in ref) {
    const { rows } = await db.query<AddressRow>(`SELECT ${addressColumns} FROM ${addresses.relation} WHERE uprn = $1`, [ref.uprn]);
    const [row] = rows;
    return row ? { kind: 'found', property: propertyOf(row), parts: rowParts(row), matchType: 'uprn' } : { kind: 'none' };
  }
  const found = await db.query<AddressRow>(`SELECT ${addressColumns} FROM ${addresses.relation} WHERE postcode = $1`, [ref.postcode]);
  return resolveAmongRows(found.rows, ref.address);
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
