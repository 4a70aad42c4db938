// `npm run bench:charging`: the charging path under load, side by side in one run. The whole stack (gateway →
// analysis → ledger charge, over Kafka, every charge an event in PostgreSQL) against a single-process
// baseline (one express handler charging a credit by one autocommit `UPDATE … RETURNING`), the same renovation
// calculator call with 1 credit charged. autocannon drives each with CONNECTIONS (default 50) for ROUNDS (default 3)
// runs of SECONDS (default 10) after a warm-up (WARMUP_SECONDS, default 120); printed: each run's throughput, p50 and
// p99 and the median run's, the ratio of the medians, the CPU and the system calls per call of each process over the
// runs, an idle call's p50 and p90 (one call at a time, timed to the microsecond), and the finance audit of the ledger
// afterwards. TIMELINE=1 adds, for each of the stack's runs, where in time its slowest calls fell, beside the garbage
// collections and event-loop stalls of each process (timeline.ts).
import { AdminClient, repoRoot } from '@pds/infra';
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oneAtATime } from './one-at-a-time';
import { usageByGroup, usagePerCall, type Group } from './process-cpu';
import { benchLogDir, benchServers, percentile, startBenchStack } from './servers';
import { statementCosts, type StatementCosts } from './statement-costs';
import { pausesIn, timelineLines, type Answered } from './timeline';

const log = (line: string) => process.stdout.write(`${line}\n`);
const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';
const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.SECONDS ?? 10);
// Long enough for the JIT compilers, so that the figures are those of a stack that has been running, as in service:
// after 15 s of load the broker's compiler threads still took about half its CPU (a flight recording of the
// measured 10 s), and the whole stack ran at 160 calls/s with 12 ms of CPU per call; after 60 s, 291 calls/s and
// 6 ms; after 120 s, 320 calls/s and 5 ms.
const warmupSeconds = Number(process.env.WARMUP_SECONDS ?? 120);
// This machine's figures move by about 20% from one run to the next, every process together: the median of a few runs
// is steadier than any one of them.
const rounds = Number(process.env.ROUNDS ?? 3);
const idleCalls = 300;
// BENCH_PG=durable: PostgreSQL flushing every commit to disk, as `npm start` runs it, for both sides; by default the
// throwaway cluster the tests use (no flushes), as every figure of this benchmark so far was measured.
const durable = process.env.BENCH_PG === 'durable';
const timeline = process.env.TIMELINE === '1';
// PG_STATEMENTS=1: PostgreSQL's executor time by statement over the measured runs, per call, for both sides.
const pgStatements = process.env.PG_STATEMENTS === '1';

const startBaseline = async (databaseUrl: string, port: number) => {
  const child = spawn(process.execPath, [join(repoRoot, 'bench', 'dist', 'baseline-server.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('baseline ready') && resolve());
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
};

type Run = { calls: number; failed: number; perSecond: number; p50: number; p99: number };

/** autocannon against one URL for `duration` seconds; each call's answer added to `answered` when given. */
const cannon = async (
  url: string,
  apiKey: string,
  options: { connections: number; duration: number },
  answered?: Answered[],
): Promise<Run> => {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers: { 'x-api-key': apiKey }, ...options }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, ms) => answered?.push({ at: Date.now(), ms }));
  });
  const ok = result['2xx'];
  return {
    calls: ok + result.non2xx,
    failed: result.non2xx + result.errors,
    perSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
};

const figures = (r: Run) =>
  `${r.perSecond.toFixed(0).padStart(6)} calls/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ` +
  `(${r.calls} calls, ${r.failed} not 200)`;

const perCallFigure = (perCall: number) => (Number.isNaN(perCall) ? '?' : perCall.toFixed(1));

const usageLines = (groups: readonly Group[], before: ReturnType<typeof usageByGroup>, calls: number) => {
  const used = usagePerCall(before, usageByGroup(groups), calls);
  return [
    `CPU ms per call: ${used.map(({ name, msPerCall }) => `${name} ${msPerCall.toFixed(2)}`).join(', ')}`,
    `system calls per call, read/write (? where /proc/<pid>/io was not readable): ${used.map((u) => `${u.name} ${perCallFigure(u.readsPerCall)}/${perCallFigure(u.writesPerCall)}`).join(', ')}`,
  ];
};

/**
 * The measured runs after the warm-up, each printed, and the median one by throughput; each process's CPU per call over
 * all of them (the load generator's own included, as `autocannon`).
 */
const measured = async (
  label: string,
  url: string,
  apiKey: string,
  groups: readonly Group[],
  options: { logDir?: string; statements?: StatementCosts } = {},
) => {
  const { logDir, statements } = options;
  await cannon(url, apiKey, { connections, duration: warmupSeconds });
  await statements?.reset();
  const before = usageByGroup(groups);
  const runs: Run[] = [];
  const answers: Answered[][] = [];
  for (let i = 0; i < rounds; i++) {
    const answered = logDir ? [] : undefined;
    runs.push(await cannon(url, apiKey, { connections, duration: seconds }, answered));
    if (answered) answers.push(answered);
  }
  const used = usageLines(
    groups,
    before,
    runs.reduce((sum, r) => sum + r.calls, 0),
  );
  const run = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)] as Run;
  log(`  ${label}`);
  for (const [i, r] of runs.entries()) log(`    run ${i + 1}${' '.repeat(48)}${figures(r)}`);
  log(`    median${' '.repeat(47)}${figures(run)}`);
  for (const line of used) log(`    ${line}`);
  if (statements) for (const line of await statements.lines(runs.reduce((sum, r) => sum + r.calls, 0))) log(`    ${line}`);
  if (logDir) {
    const pauses = pausesIn(logDir);
    for (const [i, answered] of answers.entries()) {
      log(`    timeline of run ${i + 1}:`);
      for (const line of timelineLines(answered, pauses)) log(`      ${line}`);
    }
  }
  return run;
};

type Idle = { p50: number; p90: number };

/** An idle call's p50 and p90: 300 calls one at a time, after 20 not counted. */
const idleLatency = async (url: string, apiKey: string): Promise<Idle> => {
  await oneAtATime(url, apiKey, 20);
  const times = (await oneAtATime(url, apiKey, idleCalls)).sort((a, b) => a - b);
  return { p50: percentile(times, 50), p90: percentile(times, 90) };
};

const audit = (databaseUrl: string) => {
  const out = mkdtempSync(join(tmpdir(), 'pds-bench-audit-'));
  const cli = join(repoRoot, 'services', 'billing-ledger', 'dist', 'audit', 'cli.js');
  const run = spawnSync(process.execPath, [cli, '--out', out], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  return { passed: run.status === 0, summary: run.stdout.trim().split('\n').at(-1) ?? run.stderr.trim() };
};

const main = async () => {
  const servers = await benchServers(log, { durable, statements: pgStatements });
  try {
    await compare(servers);
  } finally {
    await servers.stop();
  }
};

const compare = async (servers: Awaited<ReturnType<typeof benchServers>>) => {
  const credits = 100_000_000;
  const statements = pgStatements ? statementCosts(servers.adminUrl, new URL(servers.databaseUrl).pathname.slice(1)) : undefined;
  const platform: Group[] = [
    { name: 'kafka', cmdlineIncludes: join(servers.work, 'kafka') },
    { name: 'postgres', cmdlineIncludes: join(servers.work, 'postgres'), withChildren: true },
    { name: 'autocannon', pid: process.pid },
  ];
  log(
    `chargeable calls: autocannon, ${connections} connections, ${rounds} runs of ${seconds} s after ${warmupSeconds} s of warm-up; ` +
      `PostgreSQL ${durable ? 'durable (every commit flushed)' : 'throwaway (no flushes)'}`,
  );

  // The baseline first, before the stack starts: the stack's own idle work (its consumers' fetches) is its cost, so it
  // is not left running to slow the baseline down.
  const baseline = await startBaseline(servers.databaseUrl, 18390);
  const baselineKey = `pds_live_${randomBytes(32).toString('base64url')}`;
  let base: Run;
  let idleBase: Idle;
  try {
    await fetch(`${baseline.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: baselineKey, credits }),
    });
    base = await measured(
      'baseline (express + one autocommit UPDATE … RETURNING)',
      `${baseline.url}${path}`,
      baselineKey,
      [{ name: 'baseline', pid: baseline.pid }, ...platform],
      { statements },
    );
    idleBase = await idleLatency(`${baseline.url}${path}`, baselineKey);
  } finally {
    baseline.stop();
  }

  if (timeline) {
    // Every process the stack starts is given PDS_NODE_FLAGS (infra's stack.ts).
    process.env.PDS_NODE_FLAGS = `${process.env.PDS_NODE_FLAGS ?? ''} --require ${join(repoRoot, 'bench', 'dist', 'pause-watch.js')}`;
  }
  const stack = await startBenchStack(servers);
  // The three on a chargeable call's path, and the two others: what they spend while it runs is spent on its machine.
  const services = (['gateway', 'billing-ledger', 'analysis', 'location', 'land-registry-orders'] as const).map((name) => ({
    name,
    pid: stack.pidOf(name) ?? -1,
  }));
  try {
    const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', credits, {
      rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 },
      cycle: 'non_renewing',
    });
    const full = await measured(
      'whole stack (event-sourced ledger over Kafka)',
      `${stack.gatewayUrl}${path}`,
      account.apiKey,
      [...services, ...platform],
      { statements, ...(timeline ? { logDir: benchLogDir(servers.work) } : {}) },
    );
    log(
      `  ratio of the medians (stack ÷ baseline): throughput ${(full.perSecond / base.perSecond).toFixed(2)}, ` +
        `p50 ${(full.p50 / base.p50).toFixed(1)}×, p99 ${(full.p99 / base.p99).toFixed(1)}×`,
    );
    const idle = await idleLatency(`${stack.gatewayUrl}${path}`, account.apiKey);
    log(
      `  idle (one call at a time, ${idleCalls} calls): stack p50 ${idle.p50.toFixed(2)} ms, p90 ${idle.p90.toFixed(2)} ms; ` +
        `baseline p50 ${idleBase.p50.toFixed(2)} ms, p90 ${idleBase.p90.toFixed(2)} ms`,
    );
    const audited = audit(servers.databaseUrl);
    log(`  ledger audit after the run: ${audited.passed ? 'passed' : 'FAILED'} (${audited.summary})`);
    if (!audited.passed) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
