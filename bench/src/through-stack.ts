import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { percentile } from './servers';

// What the benchmarks through the whole stack share: loading a dataset with the import command, and driving
// operations with back-to-back clients.

const run = promisify(execFile);
const cli = join(__dirname, '..', '..', 'services', 'location', 'dist', 'import', 'cli.js');

/** One import, its summary line and seconds printed. */
export const load = async (log: (line: string) => void, databaseUrl: string, dataset: string, files: string[], synthetic?: string) => {
  const t0 = performance.now();
  const args = [cli, dataset, ...files, ...(synthetic ? ['--synthetic', synthetic] : [])];
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 1 << 20 });
  log(`  ${stdout.trim().split('\n').at(-1)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
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

/** `concurrency` clients calling back to back, each request in turn, until `calls` are made: throughput, p50, p99. */
export const drive = async (requests: BenchRequest[], apiKey: string, calls: number, concurrency: number) => {
  const timesMs: number[] = [];
  let started = 0;
  const statuses = new Map<number, number>();
  const charges = new Map<string, number>();
  const client = async () => {
    while (started < calls) {
      const request = requests[started % requests.length]!;
      started += 1;
      const t0 = performance.now();
      const res = await send(request, apiKey);
      await res.arrayBuffer();
      timesMs.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const credits = res.headers.get('x-credits-charged') ?? '?';
      charges.set(credits, (charges.get(credits) ?? 0) + 1);
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - startedAt) / 1000;
  timesMs.sort((a, b) => a - b);
  const answers = [...statuses].map(([s, n]) => `${n}×${s}`).join(' ');
  const charged = [...charges].map(([c, n]) => `${n}×${c}`).join(' ');
  return (
    `${(calls / seconds).toFixed(0).padStart(5)} calls/s   p50 ${percentile(timesMs, 50).toFixed(1).padStart(6)} ms   ` +
    `p99 ${percentile(timesMs, 99).toFixed(1).padStart(6)} ms   max ${timesMs.at(-1)?.toFixed(1)} ms   (${answers}; credits charged ${charged})`
  );
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
