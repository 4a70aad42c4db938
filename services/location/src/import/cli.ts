// `npm run --silent import -- DATASET FILE...`: loads a published reference file into the running stack's database
// (its .run/stack.json) or DATABASE_URL. Progress goes to stderr; the last line on stdout is one JSON object
// {"dataset","vintage","version","unchanged","rows","rejected","seconds"}. Exit 0 when the version serves (or already did), 1 when the
// files were refused (wrong format, truncated), 2 when it could not run. Its progress is also metrics (progress-metrics.ts):
// served at /metrics while it runs when METRICS_PORT is set, pushed over OTLP by the OpenTelemetry settings, as a service's.
import {
  createLogger,
  createPool,
  initMetrics,
  metricsEndpointFrom,
  PostgresEventStore,
  shutdownMetrics,
  startMetricsServer,
} from '@pds/service-runtime';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { datasetCatalogue } from '../datasets/catalogue';
import { FormatError } from './files';
import { importDataset } from './import-dataset';
import { terminalProgress } from './progress';
import { withProgressMetrics } from './progress-metrics';

const repoRoot = join(__dirname, '..', '..', '..', '..');

const usage = () =>
  `usage: npm run --silent import -- DATASET FILE... [--synthetic "what it is and where it came from"]\ndatasets: ${[...datasetCatalogue.values()].map((d) => `${d.name} (${d.title})`).join(', ')}`;

const databaseUrl = () => {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const stackFile = process.env.PDS_STACK_FILE ?? join(repoRoot, '.run', 'stack.json');
  if (!existsSync(stackFile)) throw new Error('set DATABASE_URL, or start the stack with npm start');
  return (JSON.parse(readFileSync(stackFile, 'utf8')) as { databaseUrl: string }).databaseUrl;
};

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({ options: { synthetic: { type: 'string' } }, allowPositionals: true });
  const [name, ...files] = positionals;
  const dataset = name ? datasetCatalogue.get(name) : undefined;
  if (!dataset || files.length === 0) {
    process.stderr.write(`${name && !dataset ? `unknown dataset ${name}\n` : ''}${usage()}\n`);
    return 2;
  }
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    process.stderr.write(`no such file: ${missing.join(', ')}\n`);
    return 2;
  }
  const logger = createLogger('import', 'warn');
  initMetrics('import');
  const endpoint = metricsEndpointFrom();
  const served = endpoint ? await startMetricsServer(endpoint, logger) : undefined;
  if (served) process.stderr.write(`${dataset.name}: progress metrics at http://${endpoint?.host}:${served.port}/metrics\n`);
  const db = createPool({ connectionString: databaseUrl(), max: 4, name: 'import' }, logger);
  const store = new PostgresEventStore(db);
  try {
    const summary = await importDataset(
      {
        db,
        store,
        logger,
        progress: withProgressMetrics(terminalProgress()),
        now: () => new Date(),
        actor: `operator:import:${process.env.USER ?? 'unknown'}`,
      },
      dataset,
      files,
      { synthetic: values.synthetic },
    );
    if (summary.unchanged)
      process.stderr.write(`${dataset.name}: these files are version ${summary.version}, already serving; nothing changed\n`);
    const { dataset: d, vintage, version, unchanged, rows, rejected, seconds } = summary;
    process.stdout.write(`${JSON.stringify({ dataset: d, vintage, version, unchanged, rows, rejected, seconds })}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${dataset.name}: ${(error as Error).message}\n`);
    return error instanceof FormatError ? 1 : 2;
  } finally {
    await db.end();
    await served?.close();
    await shutdownMetrics();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`import: ${(error as Error).message}\n`);
    process.exit(2);
  },
);
