// `npm run bench:property-analysis`: Property Analysis and the due-diligence operations built on the demo region's
// data, through the whole stack (gateway: key, limits, reservation and capture; the location service over Kafka):
// sold comparables, valuation, analysis of a price, lettings compliance, company ownership and the property profile
// (its title from the registry test environment, the demo region's polygons and constraints). Queries are real
// RG30/RG31 sales (their postcode, address and price) and addresses, drawn once, repeatably. Prints throughput and
// p50/p99 per operation at 1 and 8 clients, and the credits charged (`ONLY=profile` runs the lines so named).
import { join } from 'node:path';
import { driveEach, load, loadDemo, runThroughStack, type BenchOperations } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const repo = join(__dirname, '..', '..');
const testData = join(repo, 'services', 'location', 'test-data');
const callsPerRun = Number(process.env.CALLS ?? 500);
const datasets = [
  'codepoint-open',
  'ons-postcode-lookup',
  'addressbase',
  'ppd',
  'epc-domestic',
  'iod',
  'planning-data',
  'uk-hpi',
  'inspire',
];

runThroughStack(log, async ({ databaseUrl, gatewayUrl, db, apiKey }) => {
  log('loading the demo region (and SYNTHETIC company ownership):');
  await loadDemo(log, databaseUrl, datasets);
  await load(log, databaseUrl, 'ccod', [join(testData, 'SYNTHETIC_CCOD_FULL_2026_10.csv')], 'SYNTHETIC for the benchmark');
  await db.query('SELECT setseed(0.2026)');
  const sales = (
    await db.query<{ postcode: string; address: string; price: number }>(
      `SELECT postcode, concat_ws(', ', saon, paon, street) AS address, price FROM ppd_sales
          WHERE category = 'A' AND transfer_date >= '2018-01-01' ORDER BY random() LIMIT 200`,
    )
  ).rows;
  const uprns = (await db.query<{ uprn: string }>('SELECT uprn::text AS uprn FROM addresses ORDER BY random() LIMIT 200')).rows;
  const api = (path: string, query: Record<string, string | number>) =>
    `${gatewayUrl}/api/v1${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const operations: BenchOperations = [
    ['sold comparables (120 months)', sales.map((s) => api('/property/sold-comparables', { postcode: s.postcode, months: 120 }))],
    ['valuation', sales.map((s) => api('/property/valuation', { postcode: s.postcode, address: s.address }))],
    ['analysis of a price', sales.map((s) => api('/property/analyse', { postcode: s.postcode, address: s.address, price: s.price }))],
    ['lettings compliance', uprns.map((u) => api('/property/compliance', { uprn: u.uprn }))],
    ['company ownership (postcode)', sales.map((s) => api('/property/ownership', { postcode: s.postcode }))],
    ['property profile', uprns.map((u) => ({ url: `${gatewayUrl}/api/v1/property/profile`, body: { property: { uprn: u.uprn } } }))],
  ];
  // ONLY=profile (any part of a line's name) runs just those lines.
  const chosen = operations.filter(([name]) => name.includes(process.env.ONLY ?? ''));
  await driveEach(log, 'through the stack', chosen, apiKey, { calls: callsPerRun, warmupCalls: 50, concurrencies: [1, 8] });
});
