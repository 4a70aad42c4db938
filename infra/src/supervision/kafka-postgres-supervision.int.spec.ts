import { createLogger, KafkaBus } from '@pds/service-runtime';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { launchKafka, type LaunchedKafka } from '../kafka';
import { startDebianPostgres, type RunningPostgres } from '../postgres';
import { freePort } from '../stack';
import { Supervisor } from './supervisor';

// Its own broker and database server (not the shared ones the other test files use), killed as `kill -9` would, under
// a supervisor with the limits `npm start` uses.
const work = mkdtempSync(join(process.env.TEST_WORK_DIR ?? tmpdir(), 'supervision-'));
chmodSync(work, 0o755); // the postgres user must reach its data directory inside
const reported: string[] = [];
const supervisor = new Supervisor({ report: (line) => reported.push(line) });
let postgres: RunningPostgres | undefined;
let kafka: LaunchedKafka | undefined;

afterAll(async () => {
  await supervisor.shutdown();
  await kafka?.stop();
  await postgres?.stop();
  rmSync(work, { recursive: true, force: true });
});

const waitFor = async (check: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not restarted within ${timeoutMs} ms: ${reported.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const query = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results = await client.query(sql);
    return (Array.isArray(results) ? results.at(-1)! : results).rows;
  } finally {
    await client.end();
  }
};

/** Creates the topic when missing and publishes to it: the broker answers and takes writes. */
const publish = async (brokers: string, value: string) => {
  const bus = new KafkaBus([brokers], 'supervision-test', createLogger('supervision-test', 'silent'));
  try {
    await bus.connect();
    await bus.ensureTopics(['supervision-check'], 1);
    await bus.publish('supervision-check', [{ key: 'k', value: { value } }]);
  } finally {
    await bus.disconnect();
  }
};

describe('a supervised PostgreSQL server', () => {
  it('is restarted on its data after its postmaster is killed with SIGKILL', async () => {
    const [dir, logFile, port] = [join(work, 'postgres'), join(work, 'logs', 'postgresql.log'), await freePort()];
    const start = async () => (postgres = await startDebianPostgres(dir, port, undefined, logFile));
    const first = await supervisor.start({ name: 'postgresql', logFile, start });
    // Committed with a WAL write (the throwaway cluster's default is not to wait for one), so it outlives the kill.
    await query(first.adminUrl, 'SET synchronous_commit = on; CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');

    process.kill(first.pid, 'SIGKILL');
    await waitFor(() => supervisor.status('postgresql')?.state === 'running' && postgres?.pid !== first.pid, 60_000);

    expect(await query(postgres!.adminUrl, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    // A restart may find the old server's processes still leaving and fail once; it is then tried again, 1 s later.
    expect(reported[0]).toMatch(new RegExp(`^postgresql \\(pid ${first.pid}\\) killed by SIGKILL after .+ up; restarting in 500 ms$`));
    expect(reported.at(-1)).toBe(`postgresql restarted (pid ${postgres!.pid})`);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain(`supervisor: postgresql (pid ${first.pid}) killed by SIGKILL`);
    expect(log).toMatch(/database system was interrupted|was not properly shut down/); // the server's own word, after
    reported.length = 0;
  }, 120_000);
});

describe('a supervised Kafka broker', () => {
  it('is restarted on its data after the broker process is killed with SIGKILL', async () => {
    const [dir, logFile, port] = [join(work, 'kafka'), join(work, 'logs', 'kafka.log'), await freePort()];
    const first = await supervisor.start({ name: 'kafka', logFile, start: async () => (kafka = await launchKafka(dir, port, logFile)) });
    await publish(first.brokers, 'before');
    // The pid held is the broker's own (kafka.sh run execs java), also the one in its pid file.
    expect(Number(readFileSync(join(dir, 'broker.pid'), 'utf8'))).toBe(first.pid);

    process.kill(first.pid, 'SIGKILL');
    await waitFor(() => supervisor.status('kafka')?.state === 'running' && supervisor.status('kafka')?.pid !== first.pid, 120_000);

    const restartedPid = supervisor.status('kafka')!.pid;
    expect(reported).toEqual([
      expect.stringMatching(new RegExp(`^kafka \\(pid ${first.pid}\\) killed by SIGKILL after .+ up; restarting in 500 ms$`)),
      `kafka restarted (pid ${restartedPid})`,
    ]);
    expect(Number(readFileSync(join(dir, 'broker.pid'), 'utf8'))).toBe(restartedPid);
    await publish(first.brokers, 'after');
    expect(readFileSync(logFile, 'utf8')).toMatch(
      new RegExp(`supervisor: kafka \\(pid ${first.pid}\\) killed by SIGKILL.*\\n(.*\\n)*.*supervisor: kafka restarted`),
    );
  }, 180_000);
});
