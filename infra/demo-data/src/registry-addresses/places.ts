// Where the registry test environment's fictional addresses are put: a point inside each place its titles name (the
// locality where the address has one, else the post town). Each point is the mean position, rounded to the metre, of
// the postcodes OS Code-Point Open (2025.2.0, /work/shared/data/os_codepoint_open) places in a sector of that place,
// terminated postcodes and those without a position left out. The addresses themselves are fictional: a record's
// position is a made-up point near its place's (placePoint below), not where any such street is.

import { createHash } from 'node:crypto';

interface Place {
  /** The Code-Point Open sector the point is the mean of. */
  sector: string;
  /** The local authority the place is in: AddressBase's ADMINISTRATIVE_AREA. */
  authority: string;
  eastings: number;
  northings: number;
}

const places: Record<string, Place> = {
  WOKINGHAM: { authority: 'WOKINGHAM', sector: 'RG40 1', eastings: 481853, northings: 168979 },
  // Kentish Town, where the NW5 district is.
  LONDON: { authority: 'CAMDEN', sector: 'NW5 2', eastings: 529253, northings: 185162 },
  BOLLINGTON: { authority: 'CHESHIRE EAST', sector: 'SK10 5', eastings: 393635, northings: 377390 },
  STEYNING: { authority: 'HORSHAM', sector: 'BN44 3', eastings: 518065, northings: 111502 },
  DEVIZES: { authority: 'WILTSHIRE', sector: 'SN10 1', eastings: 399485, northings: 161177 },
  RHIWBINA: { authority: 'CARDIFF', sector: 'CF14 6', eastings: 315958, northings: 181506 },
  'HEBDEN BRIDGE': { authority: 'CALDERDALE', sector: 'HX7 8', eastings: 399705, northings: 427865 },
};

export const placeOf = (place: string): Place => {
  const at = places[place];
  if (!at) throw new Error(`no point written down for ${place}: add one to places.ts`);
  return at;
};

/** 0 ≤ n < 1 from a digest, for a made-up but repeatable offset. */
const fraction = (digest: Buffer, at: number) => digest.readUInt32BE(at) / 2 ** 32;
const round = (n: number) => Math.round(n * 100) / 100;

/** A made-up point within 300 m of the place's, the same for the same key (a building: its flats share it). */
export const placePoint = (place: string, key: string) => {
  const at = placeOf(place);
  const digest = createHash('sha256').update(key).digest();
  const angle = 2 * Math.PI * fraction(digest, 0);
  const distance = 300 * Math.sqrt(fraction(digest, 4));
  return { x: round(at.eastings + distance * Math.cos(angle)), y: round(at.northings + distance * Math.sin(angle)) };
};
