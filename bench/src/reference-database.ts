import { createDatabase, migrate, startDebianPostgres } from '@pds/infra';
import { datasetCatalogue, importDataset, silentProgress } from '@pds/location';
import { createLogger, PostgresEventStore } from '@pds/service-runtime';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// The in-process benches' own database of reference data: a PostgreSQL server of their own, migrated, and the demo
// region's files imported by the import code itself (no stack, no Kafka), so that a bench times the code it measures.

/** A file of the demo region's data (services/location/demo-data). */
export const demoFile = (name: string) => join(__dirname, '..', '..', 'services', 'location', 'demo-data', name);

/** The demo region's real Price Paid files (RG30, RG31). */
export const demoPpdFiles = ['pp-complete_postcode-district-RG30.csv.gz', 'pp-complete_postcode-district-RG31.csv.gz'].map(demoFile);

/** Imports `files` as `dataset` into the bench's database; `synthetic` marks files made here. */
export const loadDataset = async (db: pg.Pool, dataset: string, files: string[], synthetic?: string) => {
  const found = datasetCatalogue.get(dataset);
  if (!found) throw new Error(`no dataset ${dataset}`);
  const deps = {
    db,
    store: new PostgresEventStore(db),
    logger: createLogger('bench', 'error'),
    progress: silentProgress,
    now: () => new Date(),
    actor: 'bench',
  };
  await importDataset(deps, found, files, synthetic ? { synthetic } : {});
};

/**
 * Runs `work` over a fresh, migrated database `name` on a server of its own at `port`, stopped and removed afterwards
 * (bench:ledger-account's server holds 2.3 GB by its end).
 */
export const withReferenceDatabase = async (name: string, port: number, work: (db: pg.Pool) => Promise<void>) => {
  const dir = mkdtempSync(join(tmpdir(), `pds-${name}-`));
  chmodSync(dir, 0o755); // the postgres user must reach its data directory inside
  const postgres = await startDebianPostgres(join(dir, 'postgres'), port, () => undefined);
  try {
    const databaseUrl = await createDatabase(postgres.adminUrl, name.replaceAll('-', '_'));
    await migrate(databaseUrl);
    const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // The server stops at the end, under whatever connection the pool still keeps.
    db.on('error', () => undefined);
    try {
      await work(db);
    } finally {
      await db.end();
    }
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};
