// `npm test`: checks types, formatting and lint, starts what the tests need (Debian PostgreSQL, Apache Kafka, Chromium,
// a Docker daemon with the stack's images), runs every jest project, stops them. With arguments (jest's: a path pattern, a project), only those tests.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptGetInstall } from '../apt';
import { debianChromium } from '../chromium';
import { composeCommands, ensureDockerDaemon } from '../images/docker';
import { buildImages } from '../images/images';
import { startKafka } from '../kafka';
import { startDebianPostgres } from '../postgres';
import { portIsFree, repoRoot } from '../stack';
import { onSupportedNode } from '../runtime';
import { runJest } from './jest-process';

const say = (line: string) => process.stdout.write(`[test] ${line}\n`);

/** Runs a tool from node_modules over the repository; its own output says what is wrong. */
const check = (what: string, bin: string[], args: string[], fix: string) => {
  say(what);
  const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules', ...bin), ...args], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`${what} failed${fix ? `; ${fix}` : ''}`);
};

const main = async () => {
  onSupportedNode();
  const args = process.argv.slice(2);
  // Test code is type-checked too (the build skips it): a test that does not compile is a failure, not a skip.
  check('type-checking the tests (tsc -p test)', ['typescript', 'bin', 'tsc'], ['-p', join(repoRoot, 'test')], '');
  // One style for every change: the whole run checks formatting and lint first (a run of chosen tests does not).
  if (args.length === 0) {
    check(
      'checking formatting (prettier --check .)',
      ['prettier', 'bin', 'prettier.cjs'],
      ['--check', '--log-level=warn', '.'],
      'run `npm run format`',
    );
    check('linting (eslint .)', ['eslint', 'bin', 'eslint.js'], ['.'], 'see the findings above (`npm run lint`)');
  }
  // The browser tests need Chromium. When it cannot be installed the other tests still run, and the browser tests
  // fail with this reason instead of being skipped.
  let chromium: Record<string, string>;
  try {
    chromium = { TEST_CHROMIUM_PATH: debianChromium(say) };
  } catch (error) {
    say(`Chromium could not be installed; the browser tests will fail: ${(error as Error).message}`);
    chromium = { TEST_CHROMIUM_UNAVAILABLE: `Chromium could not be installed (apt-get install chromium): ${(error as Error).message}` };
  }
  const containers = args.length === 0 || args.some((a) => /containers|platform/.test(a)) ? await containerImages() : {};
  const work = mkdtempSync(join(tmpdir(), 'pds-test-'));
  chmodSync(work, 0o755); // the postgres user must reach its data directory inside
  // Below Linux's ephemeral range (32768–60999): a port in it can be taken by any outgoing connection's local end,
  // and the broker also binds the next port up for its controller, so a restart could find either one in use.
  const pgPort = Number(process.env.TEST_PG_PORT ?? 25432);
  const kafkaPort = Number(process.env.TEST_KAFKA_PORT ?? 29092);
  // A port already taken is most likely another test run's server: this run would talk to it and stop its own
  // server, which never started, instead of failing. Said at once, with the way round it.
  const taken = [];
  for (const port of [pgPort, kafkaPort, kafkaPort + 1]) if (!(await portIsFree(port))) taken.push(port);
  if (taken.length > 0) {
    say(`127.0.0.1 port ${taken.join(', ')} is in use (another test run?); set TEST_PG_PORT and TEST_KAFKA_PORT to free ports`);
    rmSync(work, { recursive: true, force: true });
    process.exit(2);
  }
  say(`starting PostgreSQL on 127.0.0.1:${pgPort} and Kafka on 127.0.0.1:${kafkaPort} (work dir ${work})`);
  const postgres = await startDebianPostgres(join(work, 'postgres'), pgPort, say);
  let kafka;
  try {
    kafka = startKafka(join(work, 'kafka'), kafkaPort);
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const resultsFile = join(work, 'jest-results.json');
  const jest = await runJest(
    args,
    resultsFile,
    {
      ...process.env,
      TEST_DATABASE_ADMIN_URL: postgres.adminUrl,
      TEST_KAFKA_BROKERS: kafka.brokers,
      // Fault-injection tests restart the broker in place.
      TEST_KAFKA_DATA_DIR: join(work, 'kafka'),
      TEST_KAFKA_PORT: String(kafkaPort),
      TEST_WORK_DIR: work,
      ...chromium,
      ...containers,
    },
    say,
  );
  if (existsSync(resultsFile)) {
    const r = JSON.parse(readFileSync(resultsFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
    process.stdout.write(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped\n`);
  }
  say('stopping Kafka and PostgreSQL');
  kafka.stop();
  await postgres.stop();
  if (jest.status === 0) rmSync(work, { recursive: true, force: true });
  else say(`kept ${work} for inspection (service logs are under it)`);
  process.exit(jest.status);
};

/**
 * The container suites (test/platform) need a Docker daemon, Compose and the images: started, installed and built here
 * (the images only when changed). Where no daemon can run, the suites are skipped and this says why; where one runs
 * but the images cannot be built, the suites fail with the reason.
 */
const containerImages = async (): Promise<Record<string, string>> => {
  const docker = await ensureDockerDaemon(join(repoRoot, '.run', 'dockerd.log'), say);
  if (!docker.available) {
    say(`SKIPPING the container suites (test/platform): ${docker.reason}`);
    return { TEST_CONTAINERS_UNAVAILABLE: docker.reason };
  }
  try {
    if (composeCommands().length === 0) aptGetInstall(['docker-compose'], say);
    say('building the container images (npm run images; only what changed)');
    const started = Date.now();
    await buildImages(say);
    say(`images ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // Ryuk, testcontainers' reaper, is an image from a registry; the suites stop what they start themselves.
    return { TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED ?? 'true' };
  } catch (error) {
    say(`the container images could not be built; the container suites will fail: ${(error as Error).message}`);
    return { TEST_CONTAINERS_BROKEN: `the container images could not be built: ${(error as Error).message}` };
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`test: ${(error as Error).message}\n`);
  process.exit(1);
});
