import { addressWords, titleCase } from '@pds/contracts';

// A postal address from AddressBase's Royal Mail fields, as people write it: the organisation, the premises (a flat
// and a named building), the number with its street, the localities, then the post town and postcode. Shown in
// words' own case (Royal Mail's fields are capitals).

export interface RoyalMailFields {
  organisation: string | null;
  subBuilding: string | null;
  buildingName: string | null;
  buildingNumber: string | null;
  dependentThoroughfare: string | null;
  thoroughfare: string | null;
  doubleDependentLocality: string | null;
  dependentLocality: string | null;
  postTown: string | null;
  postcode: string;
}

export interface PostalAddress {
  /** The lines above the post town (at least one). */
  lines: string[];
  town: string;
  postcode: string;
  /** Everything on one line, comma separated. */
  singleLine: string;
  /** The words a search matches: every line, the town, the postcode with and without its space, its outward code. */
  searchWords: string[];
}

const present = (...parts: (string | null)[]) => parts.filter((p): p is string => p !== null && p.trim() !== '').map((p) => p.trim());

export const postalAddressOf = (f: RoyalMailFields): PostalAddress => {
  const streets = present(f.dependentThoroughfare, f.thoroughfare);
  const numbered = present(f.buildingNumber, streets[0] ?? null).join(' ');
  const lines: string[] = present(f.organisation);
  // A building "name" that is a number with a letter or a range (`294A`, `12-14`) is written as a number is.
  const numberLike = /^\d+[A-Z]?(\s*-\s*\d+[A-Z]?)?$/i.test(f.buildingName?.trim() ?? '');
  if (numberLike && !f.buildingNumber) return postalAddressOf({ ...f, buildingName: null, buildingNumber: f.buildingName });
  if (f.buildingName?.trim()) {
    // "Flat 2, Rose House" then "12 High Street" (or the street alone).
    lines.push(present(f.subBuilding, f.buildingName).join(', '));
    if (numbered) lines.push(numbered);
  } else {
    // "Flat 1, 236 Oxford Road".
    lines.push(present(f.subBuilding, numbered).join(', '));
  }
  lines.push(...streets.slice(1), ...present(f.doubleDependentLocality, f.dependentLocality));
  const shown = lines.filter((l) => l !== '').map(titleCase);
  const town = titleCase(f.postTown?.trim() ?? '');
  const singleLine = [...shown, town, f.postcode].filter((p) => p !== '').join(', ');
  const outward = f.postcode.split(' ')[0] ?? '';
  const searchWords = [...new Set([...addressWords(singleLine), f.postcode.replace(' ', '').toLowerCase(), outward.toLowerCase()])];
  return { lines: shown.length > 0 ? shown : [town], town, postcode: f.postcode, singleLine, searchWords };
};
