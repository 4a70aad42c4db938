import { AdminClient } from '@pds/infra';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Group } from './process-cpu';
import { benchServers, percentile, startBenchStack } from './servers';
import { statementCosts, type StatementCosts } from './statement-costs';

// What the benchmarks through the whole stack share: the servers, stack and account they run on, loading a dataset
// with the import command, and driving operations with back-to-back clients.

const run = promisify(execFile);
const cli = join(__dirname, '..', '..', 'services', 'location', 'dist', 'import', 'cli.js');

/** One import, its summary line and seconds printed. */
export const load = async (log: (line: string) => void, databaseUrl: string, dataset: string, files: string[], synthetic?: string) => {
  const t0 = performance.now();
  const args = [cli, dataset, ...files, ...(synthetic ? ['--synthetic', synthetic] : [])];
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 1 << 20 });
  log(`  ${stdout.trim().split('\n').at(-1)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
};

const demo = join(__dirname, '..', '..', 'services', 'location', 'demo-data');

/** The demo region's imports (services/location/demo-data/demo.json) of the datasets named, or all, in that file's order. */
export const loadDemo = async (log: (line: string) => void, databaseUrl: string, datasets?: string[]) => {
  const { imports } = JSON.parse(readFileSync(join(demo, 'demo.json'), 'utf8')) as {
    imports: Array<{ dataset: string; files: string[]; synthetic?: string }>;
  };
  for (const d of imports.filter((i) => datasets?.includes(i.dataset) ?? true))
    await load(
      log,
      databaseUrl,
      d.dataset,
      d.files.map((f) => join(demo, f)),
      d.synthetic,
    );
};

/** A GET by its URL, or a POST of a JSON body. */
export type BenchRequest = string | { url: string; body: unknown };

const send = (request: BenchRequest, apiKey: string) =>
  typeof request === 'string'
    ? fetch(request, { headers: { 'x-api-key': apiKey } })
    : fetch(request.url, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      });

/** One call timed from its request to the last byte of its answer, with its status and the credits it charged. */
export const timedCall = async (request: BenchRequest, apiKey: string) => {
  const t0 = performance.now();
  const res = await send(request, apiKey);
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status, credits: res.headers.get('x-credits-charged') ?? '?' };
};

const count = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** The calls of one line: their times, the statuses answered and the credits charged (`n×value` each). */
export class Tally {
  private readonly timesMs: number[] = [];
  private readonly statuses = new Map<number, number>();
  private readonly charges = new Map<string, number>();

  add(call: Awaited<ReturnType<typeof timedCall>>) {
    this.timesMs.push(call.ms);
    count(this.statuses, call.status);
    count(this.charges, call.credits);
  }

  get calls() {
    return this.timesMs.length;
  }

  percentileMs(p: number) {
    this.timesMs.sort((a, b) => a - b);
    return percentile(this.timesMs, p);
  }

  /** Throughput over `seconds`, p50, p99, max, statuses and charges. */
  line(seconds: number) {
    const answers = [...this.statuses].map(([s, n]) => `${n}×${s}`).join(' ');
    const charged = [...this.charges].map(([c, n]) => `${n}×${c}`).join(' ');
    return (
      `${(this.calls / seconds).toFixed(0).padStart(5)} calls/s   p50 ${this.percentileMs(50).toFixed(1).padStart(6)} ms   ` +
      `p99 ${this.percentileMs(99).toFixed(1).padStart(6)} ms   max ${this.timesMs.at(-1)?.toFixed(1)} ms   (${answers}; credits charged ${charged})`
    );
  }
}

/** `concurrency` clients calling back to back, each request in turn, until `calls` are made: throughput, p50, p99. */
export const drive = async (requests: BenchRequest[], apiKey: string, calls: number, concurrency: number) => {
  const tally = new Tally();
  let started = 0;
  const client = async () => {
    while (started < calls) {
      const request = requests[started % requests.length]!;
      started += 1;
      tally.add(await timedCall(request, apiKey));
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  return tally.line((performance.now() - startedAt) / 1000);
};

/** Named operations, each the requests it cycles through. */
export type BenchOperations = Array<[name: string, requests: BenchRequest[]]>;

/**
 * Each operation warmed up (`warmupCalls` at 4 clients), then driven at each concurrency in turn: a line per operation
 * and concurrency, under a title.
 */
export const driveEach = async (
  log: (line: string) => void,
  title: string,
  operations: BenchOperations,
  apiKey: string,
  options: { calls: number; warmupCalls: number; concurrencies: number[] },
) => {
  for (const [, requests] of operations) await drive(requests, apiKey, options.warmupCalls, 4);
  log(`${title}, ${options.calls} calls per line:`);
  const width = Math.max(...operations.map(([name]) => name.length));
  for (const concurrency of options.concurrencies)
    for (const [name, requests] of operations)
      log(
        `  ${name.padEnd(width)} ${String(concurrency).padStart(2)} clients ${await drive(requests, apiKey, options.calls, concurrency)}`,
      );
};

/** The processes a call through the stack may spend CPU in, for `usageByGroup` (the load generator is this process). */
const stackProcesses = (work: string, pidOf: (name: string) => number | undefined): Group[] => [
  ...['gateway', 'billing-ledger', 'analysis', 'location', 'land-registry-orders', 'registry-simulator', 'epc-simulator'].map((name) => ({
    name,
    pid: pidOf(name) ?? -1,
  })),
  { name: 'kafka', cmdlineIncludes: join(work, 'kafka') },
  { name: 'postgres', cmdlineIncludes: join(work, 'postgres'), withChildren: true },
  { name: 'load generator', pid: process.pid },
];

/**
 * `work` over the bench's own servers and stack, with a small pool on its database and an enterprise account whose
 * credits and rate limits never bind; all stopped afterwards, and a failure printed and the process ended with 1.
 * With `statements`, PostgreSQL counts what each statement costs (`statements` is then given to `work`).
 */
export const runThroughStack = (
  log: (line: string) => void,
  work: (run: {
    databaseUrl: string;
    gatewayUrl: string;
    db: pg.Pool;
    apiKey: string;
    processes: Group[];
    statements?: StatementCosts;
  }) => Promise<void>,
  options: { statements?: boolean } = {},
) => {
  const main = async () => {
    const servers = await benchServers(log, { statements: options.statements ?? false });
    const statements = options.statements ? statementCosts(servers.adminUrl, new URL(servers.databaseUrl).pathname.slice(1)) : undefined;
    const stack = await startBenchStack(servers);
    const db = new pg.Pool({ connectionString: servers.databaseUrl, max: 2 });
    try {
      const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', 10_000_000, {
        cycle: 'non_renewing',
        rateLimits: { perMinute: 1_000_000, perDay: 10_000_000, perMonth: 10_000_000 },
      });
      const processes = stackProcesses(servers.work, (name) => stack.pidOf(name));
      await work({
        databaseUrl: servers.databaseUrl,
        gatewayUrl: stack.gatewayUrl,
        db,
        apiKey: account.apiKey,
        processes,
        ...(statements ? { statements } : {}),
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
};
