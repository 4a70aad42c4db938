// `npm run bench:property-analysis`: Property Analysis and the due-diligence operations built on the demo region's
// data, through the whole stack (gateway: key, limits, reservation and capture; the location service over Kafka):
// sold comparables, valuation, analysis of a price, lettings compliance, company ownership and the property profile
// (its title from the registry test environment, the demo region's polygons and constraints). Queries are real
// RG30/RG31 sales (their postcode, address and price) and addresses, drawn once, repeatably. Prints throughput and
// p50/p99 per operation at 1 and 8 clients, and the credits charged (`ONLY=profile` runs the lines so named).
import { AdminClient } from '@pds/infra';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { benchServers, startBenchStack } from './servers';
import { driveEach, load, type BenchOperations } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const repo = join(__dirname, '..', '..');
const demo = join(repo, 'services', 'location', 'demo-data');
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

const main = async () => {
  const servers = await benchServers(log);
  const stack = await startBenchStack(servers);
  const db = new pg.Pool({ connectionString: servers.databaseUrl, max: 2 });
  try {
    log('loading the demo region (and SYNTHETIC company ownership):');
    const { imports } = JSON.parse(readFileSync(join(demo, 'demo.json'), 'utf8')) as {
      imports: Array<{ dataset: string; files: string[]; synthetic?: string }>;
    };
    for (const d of imports.filter((i) => datasets.includes(i.dataset)))
      await load(
        log,
        servers.databaseUrl,
        d.dataset,
        d.files.map((f) => join(demo, f)),
        d.synthetic,
      );
    await load(log, servers.databaseUrl, 'ccod', [join(testData, 'SYNTHETIC_CCOD_FULL_2026_10.csv')], 'SYNTHETIC for the benchmark');
    const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', 10_000_000, {
      cycle: 'non_renewing',
      rateLimits: { perMinute: 1_000_000, perDay: 10_000_000, perMonth: 10_000_000 },
    });
    await db.query('SELECT setseed(0.2026)');
    const sales = (
      await db.query<{ postcode: string; address: string; price: number }>(
        `SELECT postcode, concat_ws(', ', saon, paon, street) AS address, price FROM ppd_sales
          WHERE category = 'A' AND transfer_date >= '2018-01-01' ORDER BY random() LIMIT 200`,
      )
    ).rows;
    const uprns = (await db.query<{ uprn: string }>('SELECT uprn::text AS uprn FROM addresses ORDER BY random() LIMIT 200')).rows;
    const api = (path: string, query: Record<string, string | number>) =>
      `${stack.gatewayUrl}/api/v1${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    const operations: BenchOperations = [
      ['sold comparables (120 months)', sales.map((s) => api('/property/sold-comparables', { postcode: s.postcode, months: 120 }))],
      ['valuation', sales.map((s) => api('/property/valuation', { postcode: s.postcode, address: s.address }))],
      ['analysis of a price', sales.map((s) => api('/property/analyse', { postcode: s.postcode, address: s.address, price: s.price }))],
      ['lettings compliance', uprns.map((u) => api('/property/compliance', { uprn: u.uprn }))],
      ['company ownership (postcode)', sales.map((s) => api('/property/ownership', { postcode: s.postcode }))],
      [
        'property profile',
        uprns.map((u) => ({ url: `${stack.gatewayUrl}/api/v1/property/profile`, body: { property: { uprn: u.uprn } } })),
      ],
    ];
    // ONLY=profile (any part of a line's name) runs just those lines.
    const chosen = operations.filter(([name]) => name.includes(process.env.ONLY ?? ''));
    await driveEach(log, 'through the stack', chosen, account.apiKey, { calls: callsPerRun, warmupCalls: 50, concurrencies: [1, 8] });
  } finally {
    await db.end();
    await stack.stop();
    await servers.stop();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
