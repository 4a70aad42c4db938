// Writes the demo region's SYNTHETIC energy performance certificates (no real EPC row is available to this project):
//   node infra/demo-data/dist/epc/generate.js
// - demo-data/SYNTHETIC_epc_domestic_RG30_RG31.zip: the register's bulk download in the legacy layout (a folder per
//   local authority holding certificates.csv, 93 columns, and recommendations.csv), of certificates lodged up to the
//   release date;
// - demo-data/SYNTHETIC_epc_register_RG30_RG31.json.gz: the live register's content for its test environment
//   (infra/src/epc-simulator): every certificate, those lodged since the release too, as the register's API documents them.
// Both for a seeded sample of the real addresses of the demo region's Price Paid files, with the synthetic UPRN rule
// of every synthetic demo file (../synthetic-uprn.ts). The same inputs give the same bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { legacyHeader } from '@pds/location';
import { dwellingOf } from './dwelling';
import { pricePaidAddresses, type PricePaidAddress } from './price-paid-addresses';
import { seededRandom, type Random } from './prng';
import { registerEntryOf } from './register-document';
import { syntheticCertificate, type SyntheticCertificate } from './synthetic-certificate';
import { zipOf } from './zip-writer';
import { demoDataDir as demoData } from '../paths';

export const bulkFile = 'SYNTHETIC_epc_domestic_RG30_RG31.zip';
export const registerFile = 'SYNTHETIC_epc_register_RG30_RG31.json.gz';
/** The bulk release holds certificates lodged up to this day; the register also those lodged after it. */
export const releaseDate = '2026-04-30';
const sampleSize = 1_000;
const seed = 20_260_430;

/**
 * What the files say they are, as committed in both (the bulk zip's SYNTHETIC-README.txt, the register's
 * `description`); it names the generator where it stood when the files were made, and changing it rewrites them.
 */
export const description =
  'SYNTHETIC energy performance certificates, made by infra/demo-data/src/epc/generate.ts for real addresses of the ' +
  "demo region's HM Land Registry Price Paid files (RG30, RG31) with synthetic UPRNs; not MHCLG data, not real certificates.";

const day = 86_400_000;
const dateBetween = (random: Random, from: string, to: string) =>
  new Date(Date.parse(from) + random.int(0, Math.round((Date.parse(to) - Date.parse(from)) / day)) * day).toISOString().slice(0, 10);
const yearsAfter = (date: string, years: number, random: Random) =>
  new Date(Date.parse(date) + Math.round((years + random.next()) * 365.25) * day).toISOString().slice(0, 10);

const occupancy = (random: Random): { transactionType: string; tenure: string } => {
  const transactionType = random.weighted([
    ['marketed sale', 55],
    ['rental (private)', 20],
    ['rental (social)', 8],
    ['non marketed sale', 7],
    ['ECO assessment', 10],
  ] as const);
  const tenure = transactionType.startsWith('rental')
    ? transactionType
    : transactionType === 'ECO assessment' && random.chance(0.5)
      ? 'rental (social)'
      : 'owner-occupied';
  return { transactionType, tenure };
};

/** A home's certificates, oldest first, each marked with whether the bulk release holds it. */
const certificatesOf = (address: PricePaidAddress, random: Random): Array<{ certificate: SyntheticCertificate; inBulk: boolean }> => {
  const dwelling = dwellingOf(address, random);
  const liveOnly = random.chance(0.05);
  const count = liveOnly ? 1 : random.weighted([[1, 62], [2, 30], [3, 8]] as const); // prettier-ignore
  const newBuild = address.builtYear !== null && address.builtYear >= 2009 && !liveOnly;
  const dates: string[] = [];
  let date = liveOnly
    ? dateBetween(random, '2026-05-04', '2026-10-30')
    : newBuild
      ? dateBetween(random, `${address.builtYear}-01-10`, `${address.builtYear}-12-20`)
      : dateBetween(random, '2009-01-05', count === 1 ? '2026-04-24' : '2021-06-30');
  for (let i = 0; i < count && (liveOnly || date <= releaseDate); i++) {
    dates.push(date);
    date = yearsAfter(date, random.int(2, 5), random);
  }
  let efficiency = dwelling.baseEfficiency;
  let floorAreaSqM = dwelling.floorAreaSqM;
  return dates.map((lodgementDate, i) => {
    if (i > 0) {
      efficiency = Math.min(94, efficiency + random.int(0, 9));
      if (random.chance(0.3)) floorAreaSqM = Math.round(floorAreaSqM * (0.96 + random.next() * 0.08) * 100) / 100;
    }
    const use = i === 0 && newBuild ? { transactionType: 'new dwelling', tenure: 'owner-occupied' } : occupancy(random);
    const certificate = syntheticCertificate(
      address,
      dwelling,
      { lodgementDate, efficiency, floorAreaSqM, ...use, blankUprn: random.chance(0.07) },
      random,
    );
    return { certificate, inBulk: lodgementDate <= releaseDate };
  });
};

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: readonly (readonly string[])[]) => Buffer.from(rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join(''), 'utf8');

const recommendations = [
  ['5', 'Increase loft insulation to 270 mm', '£100 - £350'],
  ['6', 'Cavity wall insulation', '£500 - £1,500'],
  ['35', 'Low energy lighting for all fixed outlets', '£25'],
  ['7', 'Floor insulation (suspended floor)', '£800 - £1,200'],
  ['20', 'Replace boiler with new condensing boiler', '£2,200 - £3,000'],
  ['19', 'Solar water heating', '£4,000 - £6,000'],
  ['34', 'Solar photovoltaic panels, 2.5 kWp', '£3,500 - £5,500'],
] as const;

const recommendationRows = (certificate: SyntheticCertificate, random: Random): string[][] => {
  const count = random.int(0, 3);
  const chosen = [...recommendations].sort(() => random.next() - 0.5).slice(0, count);
  return chosen.map(([id, text, cost], i) => [certificate.fields.LMK_KEY, String(i + 1), text, '', id, text, cost]);
};

/** The two files' bytes, from the Price Paid files in `dir`. */
export const generate = (dir = demoData): { zip: Buffer; register: Buffer; summary: string } => {
  const random = seededRandom(seed);
  const addresses = pricePaidAddresses(['RG30', 'RG31'].map((d) => join(dir, `pp-complete_postcode-district-${d}.csv.gz`)));
  // A seeded sample: the first `sampleSize` of a seeded shuffle of the addresses (in their sorted order).
  const shuffled = addresses.map((a) => ({ a, k: random.next() })).sort((x, y) => x.k - y.k);
  const sample = shuffled
    .slice(0, sampleSize)
    .map((s) => s.a)
    .sort((x, y) => (x.postcode + x.paon + x.saon < y.postcode + y.paon + y.saon ? -1 : 1));
  const all = sample.flatMap((address) => certificatesOf(address, random));
  const folders = new Map<string, { certificates: string[][]; recommendations: string[][] }>();
  for (const { certificate, inBulk } of all) {
    if (!inBulk) continue;
    const f = certificate.fields;
    const folder = `domestic-${f.LOCAL_AUTHORITY}-${f.LOCAL_AUTHORITY_LABEL.replace(/ /g, '-')}`;
    const entry = folders.get(folder) ?? { certificates: [], recommendations: [] };
    folders.set(folder, entry);
    entry.certificates.push(legacyHeader.map((c) => f[c]));
    entry.recommendations.push(...recommendationRows(certificate, random));
  }
  const recommendationHeader = [
    'LMK_KEY',
    'IMPROVEMENT_ITEM',
    'IMPROVEMENT_SUMMARY_TEXT',
    'IMPROVEMENT_DESCR_TEXT',
    'IMPROVEMENT_ID',
    'IMPROVEMENT_ID_TEXT',
    'INDICATIVE_COST',
  ];
  const zip = zipOf([
    { name: 'SYNTHETIC-README.txt', data: Buffer.from(`${description}\r\nCertificates lodged up to ${releaseDate}.\r\n`) },
    ...[...folders.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .flatMap(([folder, { certificates, recommendations: recs }]) => [
        { name: `${folder}/certificates.csv`, data: csv([legacyHeader, ...certificates]) },
        { name: `${folder}/recommendations.csv`, data: csv([recommendationHeader, ...recs]) },
      ]),
  ]);
  const register = { description, certificates: all.map(({ certificate }) => registerEntryOf(certificate)) };
  const inBulk = all.filter((c) => c.inBulk).length;
  return {
    zip,
    register: gzipSync(Buffer.from(`${JSON.stringify(register)}\n`), { level: 9 }),
    summary:
      `${sample.length} addresses: ${inBulk} certificates in ${bulkFile} (${[...folders.keys()].join(', ')}), ` +
      `${all.length} in ${registerFile} (${all.length - inBulk} lodged after ${releaseDate})`,
  };
};

const main = () => {
  const { zip, register, summary } = generate();
  writeFileSync(join(demoData, bulkFile), zip);
  writeFileSync(join(demoData, registerFile), register);
  process.stdout.write(`${summary}\n`);
};

if (require.main === module) main();
