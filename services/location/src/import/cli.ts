// `npm run --silent import -- DATASET FILE...`: loads a published reference file into the running stack's database
// (its .run/stack.json) or DATABASE_URL. Progress goes to stderr; the last line on stdout is one JSON object
// {"dataset","vintage","version","unchanged","rows","rejected","seconds"}. Exit 0 when the version serves (or already did), 1 when the
// files were refused (wrong format, truncated), 2 when it could not run. Its progress is also metrics (progress-metrics.ts):
// served at /metrics while it runs when METRICS_PORT is set, pushed over OTLP by the OpenTelemetry settings, as a service's.
// `--plan PLAN.json` runs a plan's imports one after another (a JSON line each), all queued from the start so that
// /healthz shows what is still to come; `--missing-only` skips each dataset that already has a version serving.
import { readModels } from '@pds/contracts';
import {
  createLogger,
  createPool,
  initMetrics,
  metricsEndpointFrom,
  PostgresEventStore,
  shutdownMetrics,
  startMetricsServer,
  type Logger,
} from '@pds/service-runtime';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { datasetCatalogue } from '../datasets/catalogue';
import { FormatError } from './files';
import { importDataset } from './import-dataset';
import { leaseImport, queueImports } from './import-leases';
import { readPlan, type PlannedImport } from './plan';
import { terminalProgress } from './progress';
import { withProgressMetrics } from './progress-metrics';

const repoRoot = join(__dirname, '..', '..', '..', '..');

const usage = () =>
  'usage: npm run --silent import -- DATASET FILE... [--synthetic "what it is and where it came from"]\n' +
  '       npm run --silent import -- --plan PLAN.json [--missing-only] [--requested-by WHO]\n' +
  `datasets: ${[...datasetCatalogue.values()].map((d) => `${d.name} (${d.title})`).join(', ')}`;

const databaseUrl = () => {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const stackFile = process.env.PDS_STACK_FILE ?? join(repoRoot, '.run', 'stack.json');
  if (!existsSync(stackFile)) throw new Error('set DATABASE_URL, or start the stack with npm start');
  return (JSON.parse(readFileSync(stackFile, 'utf8')) as { databaseUrl: string }).databaseUrl;
};

interface Run {
  db: pg.Pool;
  store: PostgresEventStore;
  logger: Logger;
  actor: string;
}

/**
 * What is wrong with the imports asked for (an unknown dataset, a file not there), said before anything is opened, so
 * that a mistyped name is answered as one whether or not a database is reachable, and a plan fails before its first
 * import rather than half-way through.
 */
const refusalOf = (plan: PlannedImport[]): string | undefined => {
  const unknown = plan.find((p) => !datasetCatalogue.has(p.dataset));
  if (unknown) return `unknown dataset ${unknown.dataset}\n${usage()}`;
  const missing = plan.flatMap((p) => p.files.filter((f) => !existsSync(f)));
  return missing.length > 0 ? `no such file: ${missing.join(', ')}` : undefined;
};

/** One import (of a dataset the catalogue has: see refusalOf), its JSON line on stdout; the command's exit code for it. */
const importOne = async (run: Run, planned: PlannedImport): Promise<number> => {
  const dataset = datasetCatalogue.get(planned.dataset)!;
  // Best effort: saying that the import is under way must never stop it.
  const leaseFailed = (error: unknown) => run.logger.warn({ err: error }, 'the import could not be recorded as under way');
  const lease = await leaseImport(run.db, dataset.name, run.actor, leaseFailed).catch((error: unknown) => void leaseFailed(error));
  try {
    const progress = withProgressMetrics(terminalProgress());
    const summary = await importDataset(
      { ...run, progress: lease ? lease.recording(progress) : progress, now: () => new Date() },
      dataset,
      planned.files,
      { synthetic: planned.synthetic },
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
    await lease?.release().catch(leaseFailed);
  }
};

/** A plan's imports in order, all queued first; stops at the first that fails, with its exit code. */
const importPlan = async (run: Run, plan: PlannedImport[], missingOnly: boolean, requestedBy: string): Promise<number> => {
  const serving = missingOnly ? new Set((await readModels.datasetQueries.servingVersions(run.db)).map((v) => v.dataset)) : new Set();
  const planned = plan.filter((p) => !serving.has(p.dataset));
  if (planned.length === 0) return 0;
  const queueFailed = (error: unknown) => run.logger.warn({ err: error }, 'the plan could not be recorded as queued');
  const queued = await queueImports(run.db, [...new Set(planned.map((p) => p.dataset))], requestedBy, queueFailed).catch(
    (error: unknown) => void queueFailed(error),
  );
  try {
    for (const p of planned) {
      const code = await importOne(run, p);
      if (code !== 0) return code;
    }
    return 0;
  } finally {
    await queued?.release().catch(queueFailed);
  }
};

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    options: {
      synthetic: { type: 'string' },
      plan: { type: 'string' },
      'missing-only': { type: 'boolean' },
      'requested-by': { type: 'string' },
    },
    allowPositionals: true,
  });
  const [name, ...files] = positionals;
  if (values.plan ? positionals.length > 0 : !name || files.length === 0) {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  const plan = values.plan ? readPlan(values.plan) : [{ dataset: name!, files, synthetic: values.synthetic }];
  const refused = refusalOf(plan);
  if (refused) {
    process.stderr.write(`${refused}\n`);
    return 2;
  }
  const logger = createLogger('import', 'warn');
  initMetrics('import');
  const endpoint = metricsEndpointFrom();
  const served = endpoint ? await startMetricsServer(endpoint, logger) : undefined;
  if (served)
    process.stderr.write(`${values.plan ? 'import' : name}: progress metrics at http://${endpoint?.host}:${served.port}/metrics\n`);
  const db = createPool({ connectionString: databaseUrl(), max: 4, name: 'import' }, logger);
  const actor = `operator:import:${process.env.USER ?? 'unknown'}`;
  const run = { db, store: new PostgresEventStore(db), logger, actor };
  try {
    return values.plan
      ? await importPlan(run, plan, values['missing-only'] ?? false, values['requested-by'] ?? actor)
      : await importOne(run, plan[0]!);
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
