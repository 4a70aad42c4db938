import { crimeCategoryOf, type policeApi } from '@pds/contracts';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

// The crimes the police.uk test environment serves: street-level CSV files as data.police.uk publishes them, read
// whole at start and served as its API gives them. What the files do not carry is made here and is not police.uk's:
// the API's `id` (a running number), the street `id` (a number from the location's name) and the outcome's `date`
// (the record's month). Records with no position are not street-level API crimes and are not served.

export interface HeldCrime {
  latitude: number;
  longitude: number;
  crime: policeApi.PoliceApiCrime;
}

const header =
  'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Crime type,Last outcome category,Context';

/** A stable number for a street name (FNV-1a, 31 bits): the same name is the same street in every answer. */
const streetId = (name: string) => {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h & 0x7fffffff;
};

export class CrimeStore {
  private constructor(
    /** By month, each month's crimes. */
    private readonly byMonth: Map<string, HeldCrime[]>,
  ) {}

  static fromFiles(paths: readonly string[]): CrimeStore {
    const byMonth = new Map<string, HeldCrime[]>();
    let id = 100_000_000;
    for (const path of paths) {
      const bytes = readFileSync(path);
      const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
      const [first, ...rows] = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
      if (first?.map((f) => f.trim()).join(',') !== header) throw new Error(`${path} is not police.uk street-level crime`);
      for (const f of rows) {
        const [crimeId, month, , , lon, lat, location, , , type, outcome, context] = f.map((v) => v.trim());
        if (!lon || !lat || !month || !type) continue;
        const crime: policeApi.PoliceApiCrime = {
          category: crimeCategoryOf(type),
          persistent_id: crimeId ?? '',
          location_type: 'Force',
          location_subtype: '',
          id: id++,
          location: { latitude: lat, street: { id: streetId(location ?? ''), name: location ?? '' }, longitude: lon },
          context: context ?? '',
          month,
          outcome_status: outcome ? { category: outcome, date: month } : null,
        };
        const list = byMonth.get(month) ?? [];
        list.push({ latitude: Number(lat), longitude: Number(lon), crime });
        byMonth.set(month, list);
      }
    }
    return new CrimeStore(byMonth);
  }

  get size(): number {
    return [...this.byMonth.values()].reduce((n, list) => n + list.length, 0);
  }

  latestMonth(): string | undefined {
    return [...this.byMonth.keys()].sort().at(-1);
  }

  /** The month's crimes whose point lies inside the ring (`[latitude, longitude]` vertices; closed or not). */
  inPolygon(ring: ReadonlyArray<readonly [number, number]>, month: string): policeApi.PoliceApiCrime[] {
    return (this.byMonth.get(month) ?? []).filter((c) => inside(ring, c.latitude, c.longitude)).map((c) => c.crime);
  }
}

/** Ray casting in latitude/longitude: right for rings a few kilometres across, which is all the API is asked for. */
const inside = (ring: ReadonlyArray<readonly [number, number]>, lat: number, lon: number): boolean => {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [latI, lonI] = ring[i]!;
    const [latJ, lonJ] = ring[j]!;
    if (latI > lat !== latJ > lat && lon < ((lonJ - lonI) * (lat - latI)) / (latJ - latI) + lonI) odd = !odd;
  }
  return odd;
};
