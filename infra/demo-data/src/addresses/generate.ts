// Writes the demo region's SYNTHETIC addresses in OS AddressBase Plus's published CSV layout, and the SYNTHETIC INSPIRE
// index polygons made from them:
//   node infra/demo-data/dist/addresses/generate.js
// - demo-data/SYNTHETIC_AddressBasePlus_FULL_2026-10-01_RG30_RG31.csv.gz: one record per real address of the demo
//   region's Price Paid files whose postcode Code-Point Open places (see addressbase-record.ts);
// - demo-data/SYNTHETIC_INSPIRE_RG30_RG31.gml.gz: a square parcel per building (../inspire).
// The same inputs give the same bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { codePointRow, csvRecords, openZipMember } from '@pds/location';
import { syntheticInspireGml } from '../inspire/generate';
import { addressBaseRecord } from './addressbase-record';
import { soldAddresses } from './price-paid-addresses';
import { demoDataDir as demoData } from '../paths';

export const addressesFile = 'SYNTHETIC_AddressBasePlus_FULL_2026-10-01_RG30_RG31.csv.gz';
export const inspireFile = 'SYNTHETIC_INSPIRE_RG30_RG31.gml.gz';
const supplyDate = '2026-10-01';

// demo.json says what these files are (recorded with each import and shown in `sources`).

const postcodePositions = async () => {
  const positions = new Map<string, { eastings: number; northings: number }>();
  const { stream } = await openZipMember(join(demoData, 'codepo_gb_RG_LS_WF.zip'), 'Data/CSV/rg.csv');
  for await (const { fields } of csvRecords(stream)) {
    const row = codePointRow(fields);
    if ('values' in row && row.values[1] !== 90)
      positions.set(String(row.values[0]), { eastings: Number(row.values[2]), northings: Number(row.values[3]) });
  }
  return positions;
};

/** Both files' bytes, and how many addresses were placed of how many sold. */
export const generateDemoAddresses = async () => {
  const positions = await postcodePositions();
  const sold = soldAddresses(['RG30', 'RG31'].map((d) => join(demoData, `pp-complete_postcode-district-${d}.csv.gz`)));
  const placed = sold.filter((a) => positions.has(a.postcode));
  const csv = placed.map((a) => `${addressBaseRecord(a, positions.get(a.postcode)!, supplyDate)}\r\n`).join('');
  return { sold, placed, addresses: gzipSync(csv, { level: 9 }), inspire: gzipSync(syntheticInspireGml(csv), { level: 9 }) };
};

const main = async () => {
  const { sold, placed, addresses, inspire } = await generateDemoAddresses();
  writeFileSync(join(demoData, addressesFile), addresses);
  writeFileSync(join(demoData, inspireFile), inspire);
  process.stdout.write(
    `${addressesFile}: ${placed.length} addresses (${sold.length - placed.length} of ${sold.length} left out: ` +
      `postcodes Code-Point Open does not place)\n${inspireFile}\n`,
  );
};

if (require.main === module) void main();
