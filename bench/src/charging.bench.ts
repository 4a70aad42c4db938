// Chargeable calls under concurrent load: the whole stack (gateway → ledger reserve → analysis → ledger capture, over
// Kafka, every charge an event in PostgreSQL) against a single-process baseline (one express handler that debits a
// PostgreSQL row in a transaction). Prints throughput and p50/p99 for both and their ratio.
// `npm run bench:charging`; CALLS (default 2000) and CONCURRENCY (default 32) set the load.
import { AdminClient, repoRoot } from '@pds/infra';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describeFigures, driveLoad } from './load';
import { benchServers, startBenchStack } from './servers';

const log = (line: string) => process.stdout.write(`${line}\n`);
const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';

const startBaseline = async (databaseUrl: string, port: number) => {
  const child = spawn(process.execPath, [join(repoRoot, 'bench', 'dist', 'baseline-server.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('baseline ready') && resolve());
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
};

const main = async () => {
  const calls = Number(process.env.CALLS ?? 2_000);
  const concurrency = Number(process.env.CONCURRENCY ?? 32);
  const warmup = 200;
  const servers = await benchServers(log);
  const stack = await startBenchStack(servers);
  const baseline = await startBaseline(servers.databaseUrl, 18390);
  try {
    const limits = { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 1_000_000_000 };
    const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', 2 * (calls + warmup), {
      rateLimits: limits,
      cycle: 'non_renewing',
    });
    const baselineKey = `pds_live_${randomBytes(32).toString('base64url')}`;
    await fetch(`${baseline.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: baselineKey, credits: 2 * (calls + warmup) }),
    });

    log(`chargeable calls, ${concurrency} concurrent clients, ${calls} calls each run (after ${warmup} warm-up calls):`);
    await driveLoad(`${baseline.url}${path}`, baselineKey, warmup, concurrency);
    const base = await driveLoad(`${baseline.url}${path}`, baselineKey, calls, concurrency);
    log(`  baseline (express + one PostgreSQL transaction per call)  ${describeFigures(base)}`);
    await driveLoad(`${stack.gatewayUrl}${path}`, account.apiKey, warmup, concurrency);
    const full = await driveLoad(`${stack.gatewayUrl}${path}`, account.apiKey, calls, concurrency);
    log(`  whole stack (event-sourced ledger over Kafka)             ${describeFigures(full)}`);
    log(
      `  ratio (stack ÷ baseline): throughput ${(full.throughputPerS / base.throughputPerS).toFixed(2)}, p50 latency ${(full.p50Ms / base.p50Ms).toFixed(1)}×, p99 latency ${(full.p99Ms / base.p99Ms).toFixed(1)}×`,
    );
  } finally {
    baseline.stop();
    await stack.stop();
    await servers.stop();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
