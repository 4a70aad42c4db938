// `npm run bench:data-operations`: the data operations side by side, through the whole stack (gateway: key, limits,
// reservation and capture at the ledger; the location and analysis services over Kafka; the registry and EPC test
// environments), with the national postcode set loaded (all of OS Code-Point Open, 1.74 million postcodes), a full
// month of one police force's street-level crime (West Yorkshire, July 2017) and the demo region's addresses, Price
// Paid, certificates, polygons, planning constraints and house price index. Postcode lookup, address autocomplete,
// sold comparables, valuation, crime, EPC, purchase tax and the property profile, their requests shuffled into one mix
// that every client draws from, at 1, 8 and 50 clients (`CALLS` per concurrency, default 1,600: 200 of each): a line
// per operation (its share of the throughput, p50, p99, max, statuses, credits charged), one for all together and the
// CPU per call of each process. Then the goals, printed and never asserted: p99 ≤ 100 ms at 8 clients for each single
// read, ≤ 300 ms for the profile. CLIENTS=8 (a comma-separated list) drives only those concurrencies; PG_STATEMENTS=1
// prints, after each, the statements PostgreSQL spent most on, per call.
import { join } from 'node:path';
import pg from 'pg';
import { driveMixed } from './mixed-load';
import { load, loadDemo, runThroughStack, type BenchOperations } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const data = process.env.PDS_SHARED_DATA_DIR ?? '/work/shared/data';
/** The concurrencies to drive: whole numbers of at least 1, comma-separated. */
const concurrenciesOf = (listed: string): number[] => {
  const values = listed.split(',').map((c) => Number(c.trim()));
  if (values.some((c) => !Number.isInteger(c) || c < 1))
    throw new Error(`CLIENTS is whole numbers of at least 1, comma-separated (such as 1,8,50), not "${listed}"`);
  return values;
};
const concurrencies = concurrenciesOf(process.env.CLIENTS ?? '1,8,50');
const goalConcurrency = 8;
const pgStatements = process.env.PG_STATEMENTS === '1';
const profileGoalP99Ms = 300;
const singleReadGoalP99Ms = 100;
const profile = 'property profile';
// The demo region's datasets the eight operations read; the postcodes and crime are the national files instead.
const demoDatasets = ['ons-postcode-lookup', 'addressbase', 'inspire', 'ppd', 'epc-domestic', 'planning-data', 'uk-hpi'];

/** The queries, real places of the loaded data drawn once, repeatably (PostgreSQL's random with a fixed seed). */
const drawQueries = async (db: pg.Pool) => {
  await db.query('SELECT setseed(0.2026)');
  const rows = async <T extends pg.QueryResultRow>(sql: string) => (await db.query<T>(sql)).rows;
  return {
    national: await rows<{ postcode: string }>('SELECT postcode FROM codepoint_postcodes ORDER BY random() LIMIT 200'),
    leeds: await rows<{ postcode: string }>(
      `SELECT postcode FROM codepoint_postcodes WHERE postcode LIKE 'LS%' ORDER BY random() LIMIT 200`,
    ),
    sales: await rows<{ postcode: string; address: string; price: number }>(
      `SELECT postcode, concat_ws(', ', saon, paon, street) AS address, price FROM ppd_sales
        WHERE category = 'A' AND transfer_date >= '2018-01-01' ORDER BY random() LIMIT 200`,
    ),
    // Half a house number and its street as typed, half the postcode: both of autocomplete's ways of reading a query.
    typed: await rows<{ query: string }>(
      `SELECT CASE WHEN random() < 0.5 THEN lower(concat_ws(' ', building_number, thoroughfare)) ELSE postcode END AS query
         FROM addresses WHERE building_number IS NOT NULL AND thoroughfare IS NOT NULL ORDER BY random() LIMIT 200`,
    ),
    // Half by UPRN, half by the address and postcode of the latest certificate (its address matched within the postcode).
    certificates: await rows<{ uprn: string | null; address: string; postcode: string }>(
      `SELECT CASE WHEN random() < 0.5 THEN uprn END AS uprn, address, postcode FROM (
         SELECT DISTINCT ON (uprn) uprn, address, postcode FROM epc_domestic_certificates
          WHERE uprn IS NOT NULL ORDER BY uprn, lodgement_date DESC) latest ORDER BY random() LIMIT 200`,
    ),
    homes: await rows<{ uprn: string }>('SELECT uprn::text AS uprn FROM addresses ORDER BY random() LIMIT 200'),
  };
};

const operationsOf = (gatewayUrl: string, q: Awaited<ReturnType<typeof drawQueries>>): BenchOperations => {
  const api = (path: string, query: Record<string, string | number> = {}) =>
    `${gatewayUrl}/api/v1${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  return [
    ['postcode lookup (national)', q.national.map((r) => api(`/postcodes/${encodeURIComponent(r.postcode)}`))],
    ['address autocomplete (RG)', q.typed.map((r) => api('/address/autocomplete', { query: r.query }))],
    ['sold comparables (120 months)', q.sales.map((s) => api('/property/sold-comparables', { postcode: s.postcode, months: 120 }))],
    ['valuation', q.sales.map((s) => api('/property/valuation', { postcode: s.postcode, address: s.address }))],
    ['crime (LS, 500 m, latest month)', q.leeds.map((r) => api('/area/crime', { postcode: r.postcode }))],
    [
      'EPC (RG, by UPRN or address)',
      q.certificates.map((c) => api('/property/epc', c.uprn === null ? { address: c.address, postcode: c.postcode } : { uprn: c.uprn })),
    ],
    ['purchase tax (RG price, postcode)', q.sales.map((s) => api('/finance/purchase-tax', { price: s.price, postcode: s.postcode }))],
    [profile, q.homes.map((h) => ({ url: `${gatewayUrl}/api/v1/property/profile`, body: { property: { uprn: h.uprn } } }))],
  ];
};

runThroughStack(
  log,
  async ({ databaseUrl, gatewayUrl, db, apiKey, processes, statements }) => {
    log('loading the national postcode set, a month of West Yorkshire crime and the demo region:');
    await load(log, databaseUrl, 'codepoint-open', [join(data, 'os_codepoint_open', 'codepo_gb.zip')]);
    await load(log, databaseUrl, 'police-uk', [join(data, 'police_uk_street', '2017-07-west-yorkshire-street.csv.gz')]);
    await loadDemo(log, databaseUrl, demoDatasets);
    const operations = operationsOf(gatewayUrl, await drawQueries(db));
    const callsPerOperation = Math.ceil(Number(process.env.CALLS ?? 1_600) / operations.length);
    const p99Ms = await driveMixed(log, 'the data operations mixed, through the stack', operations, apiKey, {
      callsPerOperation,
      warmupCalls: 25,
      concurrencies,
      processes,
      ...(statements ? { statements } : {}),
    });
    const atGoal = p99Ms.get(goalConcurrency);
    if (!atGoal) return;
    log(`goals at ${goalConcurrency} clients (p99 ≤ ${singleReadGoalP99Ms} ms a single read, ≤ ${profileGoalP99Ms} ms the profile):`);
    for (const [i, [name]] of operations.entries()) {
      const goalMs = name === profile ? profileGoalP99Ms : singleReadGoalP99Ms;
      const measuredMs = atGoal[i]!;
      log(`  ${name}: p99 ${measuredMs.toFixed(1)} ms, goal ${goalMs} ms: ${measuredMs <= goalMs ? 'met' : 'not met'}`);
    }
  },
  { statements: pgStatements },
);
