// `npm run bench:location`: each Location Intelligence operation through the whole stack (gateway: key, limits,
// reservation and capture at the ledger; the location service over Kafka; its read of the reference data, or the
// open-data test environment for ground risk), with the national postcode set loaded (all of OS Code-Point Open,
// 1.74 million postcodes) and a full month of one police force's street-level crime (West Yorkshire, July 2017: 28,537
// records), plus the demo region's deprivation, Census, schools and planning files. Queries are real postcodes of the
// areas each dataset covers, drawn once, repeatably. Prints throughput and p50/p99 per operation and concurrency.
import { join } from 'node:path';
import { driveEach, load as importWith, loadDemo, runThroughStack, type BenchOperations } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const data = process.env.PDS_SHARED_DATA_DIR ?? '/work/shared/data';
const callsPerRun = Number(process.env.CALLS ?? 1_000);
const load = (databaseUrl: string, dataset: string, files: string[], synthetic?: string) =>
  importWith(log, databaseUrl, dataset, files, synthetic);

runThroughStack(log, async ({ databaseUrl, gatewayUrl, db, apiKey }) => {
  log('loading the national postcode set, a month of West Yorkshire crime and the demo region:');
  await load(databaseUrl, 'codepoint-open', [join(data, 'os_codepoint_open', 'codepo_gb.zip')]);
  await load(databaseUrl, 'police-uk', [join(data, 'police_uk_street', '2017-07-west-yorkshire-street.csv.gz')]);
  await loadDemo(log, databaseUrl, ['ons-postcode-lookup', 'iod', 'census-2021', 'gias', 'gias-links', 'planning-data']);
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
  const api = (path: string) => `${gatewayUrl}/api/v1${path}`;
  const operations: BenchOperations = [
    ['crime (LS, 500 m, latest month)', leeds.map((p) => api(`/area/crime?postcode=${p}`))],
    ['deprivation (RG, LS)', mixed(reading, leeds).map((p) => api(`/area/deprivation?postcode=${p}`))],
    ['area statistics (RG, LS)', mixed(reading, leeds).map((p) => api(`/area/statistics?postcode=${p}`))],
    ['nearby schools (RG, LS, 1 km)', mixed(reading, leeds).map((p) => api(`/area/schools?postcode=${p}`))],
    ['planning constraints (RG)', reading.map((p) => api(`/area/planning-constraints?postcode=${p}`))],
    ['ground risk (RG, WF; test env.)', mixed(reading, wakefield).map((p) => api(`/property/ground-risk?postcode=${p}`))],
  ];
  await driveEach(log, 'Location Intelligence through the stack', operations, apiKey, {
    calls: callsPerRun,
    warmupCalls: 100,
    concurrencies: [1, 8],
  });
});
