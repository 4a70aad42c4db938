// `npm run bench:charging`: the charging path under load, side by side in one run. The whole stack (gateway →
// analysis → ledger charge, over Kafka, every charge an event in PostgreSQL) against a single-process
// baseline (one express handler charging a credit by one autocommit `UPDATE … RETURNING`), the same renovation
// calculator call with 1 credit charged. autocannon drives each with CONNECTIONS (default 50) for SECONDS (default 10)
// after a warm-up (WARMUP_SECONDS, default 120); printed: throughput, p50 and p99 of both, their ratio, the CPU per call
// of each process, an idle call's p50 (one connection), and the finance audit of the ledger afterwards.
import { AdminClient, repoRoot } from '@pds/infra';
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuByGroup, cpuPerCallMs, type Group } from './process-cpu';
import { benchServers, startBenchStack } from './servers';

const log = (line: string) => process.stdout.write(`${line}\n`);
const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';
const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.SECONDS ?? 10);
// Long enough for the JIT compilers, so that the figures are those of a stack that has been running, as in service:
// after 15 s of load the broker's compiler threads still took about half its CPU (a flight recording of the
// measured 10 s), and the whole stack ran at 160 calls/s with 12 ms of CPU per call; after 60 s, 291 calls/s and
// 6 ms; after 120 s, 320 calls/s and 5 ms.
const warmupSeconds = Number(process.env.WARMUP_SECONDS ?? 120);
const idleCalls = 300;

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

/** autocannon against one URL: `amount` calls, or `duration` seconds. */
const cannon = async (url: string, apiKey: string, options: { connections: number; duration?: number; amount?: number }): Promise<Run> => {
  const result = await autocannon({ url, headers: { 'x-api-key': apiKey }, ...options });
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

const cpuLine = (groups: readonly Group[], before: Map<string, number>, calls: number) =>
  cpuPerCallMs(before, cpuByGroup(groups), calls)
    .map(({ name, msPerCall }) => `${name} ${msPerCall.toFixed(2)}`)
    .join(', ');

/** A measured run: the calls, and each process's CPU over them (the load generator's own included, as `autocannon`). */
const measured = async (url: string, apiKey: string, groups: readonly Group[]) => {
  await cannon(url, apiKey, { connections, duration: warmupSeconds });
  const before = cpuByGroup(groups);
  const run = await cannon(url, apiKey, { connections, duration: seconds });
  return { run, cpu: cpuLine(groups, before, run.calls) };
};

const audit = (databaseUrl: string) => {
  const out = mkdtempSync(join(tmpdir(), 'pds-bench-audit-'));
  const cli = join(repoRoot, 'services', 'billing-ledger', 'dist', 'audit', 'cli.js');
  const run = spawnSync(process.execPath, [cli, '--out', out], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  return { passed: run.status === 0, summary: run.stdout.trim().split('\n').at(-1) ?? run.stderr.trim() };
};

const main = async () => {
  const servers = await benchServers(log);
  try {
    await compare(servers);
  } finally {
    await servers.stop();
  }
};

const compare = async (servers: Awaited<ReturnType<typeof benchServers>>) => {
  const credits = 100_000_000;
  const platform: Group[] = [
    { name: 'kafka', cmdlineIncludes: join(servers.work, 'kafka') },
    { name: 'postgres', cmdlineIncludes: join(servers.work, 'postgres'), withChildren: true },
    { name: 'autocannon', pid: process.pid },
  ];
  log(`chargeable calls: autocannon, ${connections} connections, ${seconds} s each after ${warmupSeconds} s of warm-up`);

  // The baseline first, before the stack starts: the stack's own idle work (its consumers' fetches) is its cost, so it
  // is not left running to slow the baseline down.
  const baseline = await startBaseline(servers.databaseUrl, 18390);
  const baselineKey = `pds_live_${randomBytes(32).toString('base64url')}`;
  let base: Awaited<ReturnType<typeof measured>>;
  let idleBase: Run;
  try {
    await fetch(`${baseline.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: baselineKey, credits }),
    });
    base = await measured(`${baseline.url}${path}`, baselineKey, [{ name: 'baseline', pid: baseline.pid }, ...platform]);
    idleBase = await cannon(`${baseline.url}${path}`, baselineKey, { connections: 1, amount: idleCalls });
  } finally {
    baseline.stop();
  }
  log(`  baseline (express + one autocommit UPDATE … RETURNING)  ${figures(base.run)}`);
  log(`    CPU ms per call: ${base.cpu}`);

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
    const full = await measured(`${stack.gatewayUrl}${path}`, account.apiKey, [...services, ...platform]);
    log(`  whole stack (event-sourced ledger over Kafka)           ${figures(full.run)}`);
    log(`    CPU ms per call: ${full.cpu}`);
    log(
      `  ratio (stack ÷ baseline): throughput ${(full.run.perSecond / base.run.perSecond).toFixed(2)}, ` +
        `p50 ${(full.run.p50 / base.run.p50).toFixed(1)}×, p99 ${(full.run.p99 / base.run.p99).toFixed(1)}×`,
    );
    const idle = await cannon(`${stack.gatewayUrl}${path}`, account.apiKey, { connections: 1, amount: idleCalls });
    log(`  idle (one connection, ${idleCalls} calls): stack p50 ${idle.p50.toFixed(1)} ms, baseline p50 ${idleBase.p50.toFixed(1)} ms`);
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
