// Times sequential renovation-calculator calls through the whole stack (gateway → analysis → ledger charge, over
// Kafka and PostgreSQL) and prints p50/p99. `npm run bench`; CALLS sets the count (default 200).
import { AdminClient } from '@pds/infra';
import { benchServers, percentile, startBenchStack } from './servers';

const log = (line: string) => process.stdout.write(`${line}\n`);

const main = async () => {
  const calls = Number(process.env.CALLS ?? 200);
  const warmup = 20;
  const servers = await benchServers(log);
  const stack = await startBenchStack(servers);
  try {
    const account = await new AdminClient(stack.adminUrl, 'bench-token').createAccount('enterprise', calls + warmup);
    const url = `${stack.gatewayUrl}/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10`;
    const call = async () => {
      const res = await fetch(url, { headers: { 'x-api-key': account.apiKey } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`call answered ${res.status}`);
    };
    for (let i = 0; i < warmup; i++) await call();
    const timesMs: number[] = [];
    const startedAt = performance.now();
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await call();
      timesMs.push(performance.now() - t0);
      if ((i + 1) % 50 === 0) process.stderr.write(`  ${i + 1}/${calls}\r`);
    }
    const totalMs = performance.now() - startedAt;
    timesMs.sort((a, b) => a - b);
    log(`renovation calculator, ${calls} sequential calls through the stack (after ${warmup} warm-up calls):`);
    log(
      `  p50 ${percentile(timesMs, 50).toFixed(1)} ms   p99 ${percentile(timesMs, 99).toFixed(1)} ms   min ${timesMs[0]?.toFixed(1)} ms   max ${timesMs[timesMs.length - 1]?.toFixed(1)} ms`,
    );
    log(`  throughput ${((calls / totalMs) * 1000).toFixed(1)} calls/s (one at a time)`);
  } finally {
    await stack.stop();
    await servers.stop();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
