// `npm run bench:autocomplete`: address autocomplete through the whole stack (gateway: key, rate limit, the address
// read model, signing each suggestion) with the national postcode set loaded (all of OS Code-Point Open, 1.74 million
// postcodes) and the demo region's addresses. Two kinds of query, each timed under concurrent load: full postcodes
// drawn at random from the whole country (most hold no address here: the postcode path is still the whole lookup),
// postcodes of the demo region (a list of addresses), and partial addresses typed as a user would (a house number and
// the start of the street, in either order). Prints p50/p99 per kind and concurrency. Target: p99 ≤ 20 ms.
import { join } from 'node:path';
import { driveEach, load, runThroughStack, type BenchOperations } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const repo = join(__dirname, '..', '..');
const data = process.env.PDS_SHARED_DATA_DIR ?? '/work/shared/data';
const demo = join(repo, 'services', 'location', 'demo-data');
const callsPerRun = Number(process.env.CALLS ?? 2_000);

runThroughStack(log, async ({ databaseUrl, gatewayUrl, db, apiKey }) => {
  log('loading the national postcode set and the demo addresses:');
  await load(log, databaseUrl, 'codepoint-open', [join(data, 'os_codepoint_open', 'codepo_gb.zip')]);
  await load(log, databaseUrl, 'addressbase', [join(demo, 'SYNTHETIC_AddressBasePlus_FULL_2026-10-01_RG30_RG31.csv.gz')], 'bench');
  // Queries drawn once, repeatably (PostgreSQL's random with a fixed seed), before any timing.
  await db.query('SELECT setseed(0.2026)');
  const national = (await db.query<{ postcode: string }>('SELECT postcode FROM codepoint_postcodes ORDER BY random() LIMIT 500')).rows;
  const local = (await db.query<{ postcode: string }>('SELECT DISTINCT postcode FROM addresses ORDER BY postcode LIMIT 500')).rows;
  const typed = (
    await db.query<{ n: string; street: string }>(
      `SELECT building_number AS n, thoroughfare AS street FROM addresses
          WHERE building_number IS NOT NULL AND thoroughfare IS NOT NULL ORDER BY random() LIMIT 500`,
    )
  ).rows.map((r, i) => {
    const [first = '', ...more] = r.street.toLowerCase().split(' ');
    const start = first.slice(0, Math.max(3, first.length - 2));
    return i % 2 === 0 ? `${r.n} ${start}` : `${first} ${more.join(' ')} ${r.n}`;
  });
  const url = (query: string) => `${gatewayUrl}/api/v1/address/autocomplete?${new URLSearchParams({ query })}`;
  const kinds: BenchOperations = [
    ['national postcodes', national.map((r) => url(r.postcode))],
    ['demo-region postcodes', local.map((r) => url(r.postcode))],
    ['partial addresses', typed.map(url)],
  ];
  await driveEach(log, 'address autocomplete through the stack', kinds, apiKey, {
    calls: callsPerRun,
    warmupCalls: 200,
    concurrencies: [1, 4, 16],
  });
});
