import { normalisePostcode } from '@pds/contracts';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

// The demo region's real addresses, from HM Land Registry's Price Paid Data as published (no header; 16 fields: id,
// price, date, postcode, type D/S/T/F/O, new Y/N, duration F/L, PAON, SAON, street, locality, town, district, county,
// category A/B, record status A/C/D). One entry per address (postcode, SAON, PAON, street), with its latest property
// type and the dates of its first and latest sale. Deleted records (status D) are not sales.

export interface SoldAddress {
  postcode: string;
  paon: string;
  saon: string;
  street: string;
  locality: string;
  town: string;
  district: string;
  type: 'D' | 'S' | 'T' | 'F' | 'O';
  firstSale: string;
  latestSale: string;
}

export const soldAddresses = (files: readonly string[]): SoldAddress[] => {
  const byKey = new Map<string, SoldAddress>();
  for (const file of files) {
    const rows = parse(gunzipSync(readFileSync(file))) as string[][];
    for (const r of rows) {
      if (r.length !== 16 || r[15] === 'D' || !r[3]) continue;
      const [date, postcode, type, paon, saon, street] = [r[2]!.slice(0, 10), normalisePostcode(r[3]), r[4], r[7]!, r[8]!, r[9]!];
      const key = `${postcode}|${saon}|${paon}|${street}`;
      const known = byKey.get(key);
      if (known) {
        if (date < known.firstSale) known.firstSale = date;
        if (date >= known.latestSale) Object.assign(known, { latestSale: date, type });
        continue;
      }
      byKey.set(key, {
        postcode,
        paon,
        saon,
        street,
        locality: r[10]!,
        town: r[11]!,
        district: r[12]!,
        type: type as SoldAddress['type'],
        firstSale: date,
        latestSale: date,
      });
    }
  }
  return [...byKey.values()].sort((a, b) =>
    (a.postcode + a.street + a.paon + a.saon).localeCompare(b.postcode + b.street + b.paon + b.saon),
  );
};
