import { usageByGroup, usagePerCall, type Group } from './process-cpu';
import type { StatementCosts } from './statement-costs';
import { Tally, timedCall, type BenchOperations, type BenchRequest } from './through-stack';

// Operations driven side by side: every client takes its next call from one list in which the operations' requests
// are shuffled together, so each operation is timed under the load of all of them at once, as a service sees it.

type MixedCall = { operation: number; request: BenchRequest };

/** A small seeded generator (mulberry32), so that the mix is the same from one run to the next. */
const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** `callsPerOperation` of each operation's requests (each list in turn), shuffled together (Fisher–Yates). */
export const mixedCalls = (operations: BenchOperations, callsPerOperation: number, seed: number): MixedCall[] => {
  const calls = operations.flatMap(([, requests], operation) =>
    Array.from({ length: callsPerOperation }, (_, k) => ({ operation, request: requests[k % requests.length]! })),
  );
  const random = seededRandom(seed);
  for (let i = calls.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [calls[i], calls[j]] = [calls[j]!, calls[i]!];
  }
  return calls;
};

/** `concurrency` clients calling back to back through `calls`, each taking the next one: a tally per operation. */
const driveMix = async (calls: MixedCall[], operationCount: number, apiKey: string, concurrency: number) => {
  const tallies = Array.from({ length: operationCount }, () => new Tally());
  const total = new Tally();
  let next = 0;
  const client = async () => {
    while (next < calls.length) {
      const { operation, request } = calls[next]!;
      next += 1;
      const call = await timedCall(request, apiKey);
      tallies[operation]!.add(call);
      total.add(call);
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  return { tallies, total, seconds: (performance.now() - startedAt) / 1000 };
};

/**
 * The mix warmed up (`warmupCalls` of each operation at 4 clients), then `callsPerOperation` of each at each
 * concurrency in turn: a line per operation (its share of the throughput), a total line, and the CPU and write system
 * calls per call of each of `processes` (where the time goes once the machine is busy). Returns each operation's p99
 * by concurrency.
 */
export const driveMixed = async (
  log: (line: string) => void,
  title: string,
  operations: BenchOperations,
  apiKey: string,
  options: {
    callsPerOperation: number;
    warmupCalls: number;
    concurrencies: number[];
    processes: readonly Group[];
    /** When given, the statements PostgreSQL spent most on at each concurrency, per call. */
    statements?: StatementCosts;
  },
) => {
  await driveMix(mixedCalls(operations, options.warmupCalls, 1), operations.length, apiKey, 4);
  log(`${title}, ${options.callsPerOperation} calls of each operation per concurrency, all ${operations.length} mixed:`);
  const width = Math.max(...operations.map(([name]) => name.length), 'all together'.length);
  const p99Ms = new Map<number, number[]>();
  for (const [round, concurrency] of options.concurrencies.entries()) {
    const calls = mixedCalls(operations, options.callsPerOperation, 2 + round);
    await options.statements?.reset();
    const before = usageByGroup(options.processes);
    const { tallies, total, seconds } = await driveMix(calls, operations.length, apiKey, concurrency);
    const used = usagePerCall(before, usageByGroup(options.processes), calls.length);
    const clients = `${String(concurrency).padStart(2)} clients`;
    for (const [i, [name]] of operations.entries()) log(`  ${name.padEnd(width)} ${clients} ${tallies[i]!.line(seconds)}`);
    log(`  ${'all together'.padEnd(width)} ${clients} ${total.line(seconds)}`);
    const cpuMs = used.reduce((sum, u) => sum + u.msPerCall, 0);
    log(
      `    CPU ms per call, ${cpuMs.toFixed(1)} in all: ${used.map(({ name, msPerCall }) => `${name} ${msPerCall.toFixed(1)}`).join(', ')}`,
    );
    // A socket write on loopback carries the kernel's delivery to its reader: their count says how much a change batched.
    log(
      `    write system calls per call: ${used
        .filter(({ writesPerCall }) => !Number.isNaN(writesPerCall))
        .map(({ name, writesPerCall }) => `${name} ${writesPerCall.toFixed(1)}`)
        .join(', ')}`,
    );
    if (options.statements) for (const line of await options.statements.lines(calls.length, 20)) log(`    ${line}`);
    p99Ms.set(
      concurrency,
      tallies.map((t) => t.percentileMs(99)),
    );
  }
  return p99Ms;
};
