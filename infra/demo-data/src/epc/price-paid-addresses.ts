import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

// The demo region's real addresses, from HM Land Registry's Price Paid Data as published (no header; 16 fields: id,
// price, date, postcode, type D/S/T/F/O, new Y/N, duration F/L, PAON, SAON, street, locality, town, district, county,
// category A/B, status A/C/D). One entry per address, with its type and, when its first sale was of a new build, the
// year it was built.

export interface PricePaidAddress {
  postcode: string;
  paon: string;
  saon: string;
  street: string;
  locality: string;
  town: string;
  district: string;
  /** D, S, T or F, from the latest sale. */
  type: 'D' | 'S' | 'T' | 'F';
  /** The year of a sale recorded as a new build, if any. */
  builtYear: number | null;
}

/** The districts of the two local authorities the region's certificates are lodged with (Newbury: West Berkshire's old name). */
export const localAuthorities: Readonly<Record<string, { code: string; label: string }>> = {
  READING: { code: 'E06000038', label: 'Reading' },
  'WEST BERKSHIRE': { code: 'E06000037', label: 'West Berkshire' },
  NEWBURY: { code: 'E06000037', label: 'West Berkshire' },
};

export const pricePaidAddresses = (paths: readonly string[]): PricePaidAddress[] => {
  const byKey = new Map<string, PricePaidAddress & { lastSale: string }>();
  for (const path of paths) {
    const rows = parse(gunzipSync(readFileSync(path)), { relax_column_count: false }) as string[][];
    for (const [, , date, postcode, type, isNew, , paon, saon, street, locality, town, district] of rows) {
      if (!postcode || !paon || !(district! in localAuthorities) || !['D', 'S', 'T', 'F'].includes(type!)) continue;
      const key = `${postcode}|${paon}|${saon}`;
      const known = byKey.get(key);
      const builtYear = isNew === 'Y' ? Number(date!.slice(0, 4)) : null;
      if (!known) {
        byKey.set(key, {
          postcode,
          paon,
          saon: saon ?? '',
          street: street ?? '',
          locality: locality ?? '',
          town: town ?? '',
          district: district!,
          type: type as PricePaidAddress['type'],
          builtYear,
          lastSale: date!,
        });
        continue;
      }
      if (builtYear !== null) known.builtYear = Math.min(known.builtYear ?? builtYear, builtYear);
      if (date! > known.lastSale) Object.assign(known, { lastSale: date!, type: type as PricePaidAddress['type'] });
    }
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, { lastSale: _lastSale, ...address }]) => address);
};
