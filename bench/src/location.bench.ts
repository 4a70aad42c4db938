// `npm run bench:location`: each Location Intelligence operation through the whole stack (gateway: key, limits,
// reservation and capture at the ledger; the location service over Kafka; its read of the reference data, or the
// open-data test environment for ground risk), with the national postcode set loaded (all of OS Code-Point Open,
// 1.74 million postcodes) and a full month of one police force's street-level crime (West Yorkshire, July 2017: 28,537
// records), plus the demo region's deprivation, Census, schools and planning files. Queries are real postcodes of the
// areas each dataset covers, drawn once, repeatably. Prints throughput and p50/p99 per operation and concurrency.
import { AdminClient } from '@pds/infra';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { benchServers, startBenchStack } from './servers';
import { driveEach, load as importWith, type BenchOperations } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const repo = join(__dirname, '..', '..');
const data = process.env.PDS_SHARED_DATA_DIR ?? '/work/shared/data';
const demo = join(repo, 'services', 'location', 'demo-data');
const callsPerRun = Number(process.env.CALLS ?? 1_000);
const load = (databaseUrl: string, dataset: string, files: string[], synthetic?: string) =>
  importWith(log, databaseUrl, dataset, files, synthetic);

const demoImports = () =>
  (
    JSON.parse(readFileSync(join(demo, 'demo.json'), 'utf8')) as {
      imports: Array<{ dataset: string; files: string[]; synthetic?: string }>;
    }
  ).imports;

const main = async () => {
  const servers = await benchServers(log);
  const stack = await startBenchStack(servers);
  const db = new pg.Pool({ connectionString: servers.databaseUrl, max: 2 });
  try {
    log('loading the national postcode set, a month of West Yorkshire crime and the demo region:');
    await load(servers.databaseUrl, 'codepoint-open', [join(data, 'os_codepoint_open', 'codepo_gb.zip')]);
    await load(servers.databaseUrl, 'police-uk', [join(data, 'police_uk_street', '2017-07-west-yorkshire-street.csv.gz')]);
    for (const d of demoImports().filter((i) =>
      ['ons-postcode-lookup', 'iod', 'census-2021', 'gias', 'gias-links', 'planning-data'].includes(i.dataset),
    ))
      await load(
        servers.databaseUrl,
        d.dataset,
        d.files.map((f) => join(demo, f)),
        d.synthetic,
      );
    const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', 10_000_000, {
      cycle: 'non_renewing',
      rateLimits: { perMinute: 1_000_000, perDay: 10_000_000, perMonth: 10_000_000 },
    });
    await db.query('SELECT setseed(0.2026)');
    const postcodes = async (like: string, count = 200) =>
      (
        await db.query<{ postcode: string }>(`SELECT postcode FROM codepoint_postcodes WHERE postcode LIKE $1 ORDER BY random() LIMIT $2`, [
          like,
          count,
        ])
      ).rows.map((r) => encodeURIComponent(r.postcode));
    const [leeds, reading, wakefield] = [await postcodes('LS%'), await postcodes('RG3%'), await postcodes('WF%')];
    const mixed = (a: string[], b: string[]) => a.flatMap((x, i) => [x, b[i % b.length]!]);
    const api = (path: string) => `${stack.gatewayUrl}/api/v1${path}`;
    const operations: BenchOperations = [
      ['crime (LS, 500 m, latest month)', leeds.map((p) => api(`/area/crime?postcode=${p}`))],
      ['deprivation (RG, LS)', mixed(reading, leeds).map((p) => api(`/area/deprivation?postcode=${p}`))],
      ['area statistics (RG, LS)', mixed(reading, leeds).map((p) => api(`/area/statistics?postcode=${p}`))],
      ['nearby schools (RG, LS, 1 km)', mixed(reading, leeds).map((p) => api(`/area/schools?postcode=${p}`))],
      ['planning constraints (RG)', reading.map((p) => api(`/area/planning-constraints?postcode=${p}`))],
      ['ground risk (RG, WF; test env.)', mixed(reading, wakefield).map((p) => api(`/property/ground-risk?postcode=${p}`))],
    ];
    await driveEach(log, 'Location Intelligence through the stack', operations, account.apiKey, {
      calls: callsPerRun,
      warmupCalls: 100,
      concurrencies: [1, 8],
    });
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
