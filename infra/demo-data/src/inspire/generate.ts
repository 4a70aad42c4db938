// Writes the demo region's SYNTHETIC INSPIRE index polygons from its synthetic addresses:
//   node infra/demo-data/dist/inspire/generate.js ADDRESSBASE_PLUS.csv[.gz] OUT.gml.gz
// One square parcel per building (see parcels.ts) in HM Land Registry's published GML layout (gml.ts). A building is
// the addresses sharing a parent UPRN (the flats of a block), or else a point. The same input gives the same bytes.
import { parse } from 'csv-parse/sync';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { featureCollectionOf } from './gml';
import { parcelsOf, ringOf, type Building } from './parcels';

// AddressBase Plus columns (0-based, OS's published order): UPRN, PARENT_UPRN, X_COORDINATE, Y_COORDINATE.
const column = { uprn: 0, parentUprn: 6, x: 7, y: 8 } as const;
/** The first INSPIRE ID given out: far above the real ones' range, so a synthetic ID is never taken for a real one. */
const firstInspireId = 900_000_001;
/** When the collection says it was produced (its vintage once imported). */
export const timeStamp = '2026-10-01T03:00:00.000Z';

export const buildingsOf = (records: readonly string[][]): Building[] => {
  const points = new Map<string, Building>();
  for (const r of records) points.set(r[column.uprn]!, { x: Number(r[column.x]), y: Number(r[column.y]) });
  const parents = new Set(records.map((r) => r[column.parentUprn]?.trim()).filter((p): p is string => !!p));
  // A flat belongs to its parent's building, and so does the parent's own record; anything else is a building alone.
  const groups = new Map<string, Building[]>();
  for (const r of records) {
    const uprn = r[column.uprn]!;
    const parent = r[column.parentUprn]?.trim() || (parents.has(uprn) ? uprn : '');
    const point = points.get(uprn)!;
    const key = parent ? `parent:${parent}` : `point:${point.x.toFixed(1)},${point.y.toFixed(1)}`;
    groups.set(key, [...(groups.get(key) ?? []), point]);
  }
  return [...groups]
    .map(([key, members]) => {
      const parent = key.startsWith('parent:') ? points.get(key.slice(7)) : undefined;
      if (parent) return parent;
      return { x: members.reduce((s, m) => s + m.x, 0) / members.length, y: members.reduce((s, m) => s + m.y, 0) / members.length };
    })
    .sort((a, b) => a.x - b.x || a.y - b.y);
};

export const syntheticInspireGml = (addressBasePlusCsv: string): string => {
  const records = parse(addressBasePlusCsv, { relax_column_count: true }) as string[][];
  const parcels = parcelsOf(buildingsOf(records));
  return featureCollectionOf(
    parcels.map((p, i) => ({ inspireId: firstInspireId + i, ring: ringOf(p) })),
    timeStamp,
  );
};

if (require.main === module) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error('usage: generate.js ADDRESSBASE_PLUS.csv[.gz] OUT.gml.gz');
  const raw = readFileSync(input);
  const text = (input.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const gml = syntheticInspireGml(text);
  writeFileSync(output, gzipSync(gml, { level: 9 })); // zlib's gzip header carries no time: same input, same bytes
  process.stdout.write(`${output}: ${(gml.match(/<wfs:member>/g) ?? []).length} parcels\n`);
}
