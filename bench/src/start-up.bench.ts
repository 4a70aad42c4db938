// `npm run bench:start-up`: `npm start` on a fresh clone of this repository, timed, then started again on the same
// clone (warm: dependencies installed, code compiled, Kafka and PostgreSQL with their data). For each start: seconds
// to the start command's own first line (before it, the install and compile), to a healthy /healthz, to the printed
// demo key, to the first charged call answered, and to the demo data loaded; the first call's latency and the p50 of
// the 20 after it; and what a postcode lookup answered while the demo data was still arriving. Goal: warm ≤ 10 s to
// healthy. Ports below are the bench's own (a stack started by hand keeps its own).
import { AdminClient, portIsFree } from '@pds/infra';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './servers';

const log = (line: string) => process.stdout.write(`${line}\n`);
const repo = join(__dirname, '..', '..');
const ports = { PORT: '18480', ADMIN_PORT: '18481', KAFKA_PORT: '29292', PG_PORT: '25632' };
const gateway = `http://127.0.0.1:${ports.PORT}`;
const calculator = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';
/** A demo postcode: found once the demo data is in (Code-Point Open, RG30), asked while it is on its way. */
const demoPostcode = '/api/v1/postcodes/RG30%202AN';
const warmGoalS = 10;

interface Timings {
  ownFirstLineS?: number;
  healthyS?: number;
  keyS?: number;
  firstCallS?: number;
  firstCallMs?: number;
  nextP50Ms?: number;
  demoLoadedS?: number;
  /** What the demo postcode answered while the demo data was loading, once. */
  whileLoading?: string;
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const healthy = async () => {
  try {
    const res = await fetch(`${gateway}/healthz`, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json()) as { referenceData?: { status: string } };
    return { ok: res.status === 200, loading: body.referenceData?.status === 'loading' };
  } catch {
    return { ok: false, loading: false };
  }
};

const timedCall = async (apiKey: string, path: string) => {
  const t0 = performance.now();
  const res = await fetch(`${gateway}${path}`, { headers: { 'x-api-key': apiKey } });
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { ms: performance.now() - t0, status: res.status, body, retryAfter: res.headers.get('retry-after') };
};

/** One `npm start` in `clone`, timed until the demo data is in, then stopped. */
const timedStart = async (clone: string): Promise<Timings> => {
  const timings: Timings = {};
  const env: NodeJS.ProcessEnv = { ...process.env, ...ports };
  for (const given of ['KAFKA_BROKERS', 'DATABASE_URL', 'DATABASE_ADMIN_URL']) delete env[given];
  const t0 = performance.now();
  const child = spawn('npm', ['start'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let apiKey: string | undefined;
  let exited = false;
  child.on('exit', () => (exited = true));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    timings.ownFirstLineS ??= out.includes('starting Apache Kafka') ? seconds(t0) : undefined;
    const key = /Demo API key: (\S+)/.exec(out)?.[1];
    if (key && !apiKey) [apiKey, timings.keyS] = [key, seconds(t0)];
    if (out.includes('Demo data loaded') || out.includes('Demo data could not')) timings.demoLoadedS ??= seconds(t0);
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    while (timings.demoLoadedS === undefined) {
      if (exited) throw new Error(`npm start ended:\n${out.slice(-3_000)}`);
      if (seconds(t0) > 900) throw new Error(`npm start took over 15 minutes:\n${out.slice(-3_000)}`);
      const health = timings.healthyS === undefined || timings.whileLoading === undefined ? await healthy() : undefined;
      if (health?.ok) timings.healthyS ??= seconds(t0);
      if (apiKey && timings.firstCallS === undefined) {
        const first = await timedCall(apiKey, calculator);
        if (first.status !== 200) throw new Error(`the first call answered ${first.status}: ${JSON.stringify(first.body)}`);
        [timings.firstCallS, timings.firstCallMs] = [seconds(t0), first.ms];
        // The next calls on an account of the bench's own: the demo key's Basic plan allows 10 calls a minute.
        const { adminUrl, adminToken } = JSON.parse(readFileSync(join(clone, '.run', 'stack.json'), 'utf8')) as Record<string, string>;
        const own = await new AdminClient(adminUrl!, adminToken!).createAccount('enterprise', 100);
        const next: number[] = [];
        for (let i = 0; i < 20; i++) {
          const call = await timedCall(own.apiKey, calculator);
          if (call.status !== 200) throw new Error(`a call answered ${call.status}: ${JSON.stringify(call.body)}`);
          next.push(call.ms);
        }
        timings.nextP50Ms = percentile(
          next.sort((a, b) => a - b),
          50,
        );
      }
      if (apiKey && health?.loading && timings.whileLoading === undefined) {
        const asked = await timedCall(apiKey, demoPostcode);
        timings.whileLoading = `${asked.status} ${asked.body.error?.code ?? ''} (Retry-After ${asked.retryAfter ?? 'none'}): ${asked.body.error?.message ?? 'found'}`;
      }
      await sleep(100);
    }
    return timings;
  } finally {
    // Ctrl-C, as a terminal sends it (to the whole process group): the start command stops the services, Kafka and
    // PostgreSQL. The next start waits until their ports are free: a broker takes a few seconds to let go of its own.
    process.kill(-(child.pid as number), 'SIGINT');
    for (let waited = 0; !exited && waited < 60_000; waited += 200) await sleep(200);
    if (!exited) process.kill(-(child.pid as number), 'SIGKILL');
    for (let waited = 0; waited < 60_000; waited += 200) {
      const free = await Promise.all(Object.values(ports).map((port) => portIsFree(Number(port))));
      if (free.every(Boolean)) break;
      await sleep(200);
    }
  }
};

const line = (name: string, t: Timings) =>
  `  ${name.padEnd(6)} own first line ${t.ownFirstLineS?.toFixed(1)} s   healthy ${t.healthyS?.toFixed(1)} s   demo key ${t.keyS?.toFixed(1)} s   ` +
  `first call ${t.firstCallS?.toFixed(1)} s (${t.firstCallMs?.toFixed(0)} ms; p50 of the next 20 ${t.nextP50Ms?.toFixed(1)} ms)   ` +
  `demo data in ${t.demoLoadedS?.toFixed(1)} s`;

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'pds-bench-start-'));
  chmodSync(work, 0o755); // the postgres user must reach the clone's .run/postgresql inside
  const clone = join(work, 'clone');
  try {
    execFileSync('git', ['clone', '-q', repo, clone]);
    const commit = execFileSync('git', ['-C', clone, 'rev-parse', '--short', 'HEAD']).toString().trim();
    log(`npm start on a fresh clone (${commit}), then again on the same clone; seconds from the command:`);
    const fresh = await timedStart(clone);
    log(line('fresh', fresh));
    const warm = await timedStart(clone);
    log(line('warm', warm));
    log(
      `  while the demo data was arriving, GET ${demoPostcode} answered ${fresh.whileLoading ?? '(not asked: it was in before the key was)'}`,
    );
    const met = (warm.healthyS ?? Infinity) <= warmGoalS;
    log(`  goal, warm to healthy ≤ ${warmGoalS} s: ${met ? 'met' : 'not met'} (${warm.healthyS?.toFixed(1)} s)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
