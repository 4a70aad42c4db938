import { silentProgress, type ImportDeps } from '@pds/location';
import { createLogger, PostgresEventStore } from '@pds/service-runtime';
import pg from 'pg';
import { freshDatabase } from './environment';

// An importer's int test's database: a fresh one of every migration, on the real PostgreSQL, opened before the file's
// tests and closed after them, with what the import command is given (the event store, a quiet logger and progress).

export interface ImportDatabase {
  db: pg.Pool;
  deps: ImportDeps;
}

/** Registers the file's beforeAll and afterAll; `use` is given the database once it is open. */
export const importDatabase = (name: string, use: (opened: ImportDatabase) => unknown) => {
  let db: pg.Pool | undefined;
  beforeAll(async () => {
    db = new pg.Pool({ connectionString: await freshDatabase(name), max: 4 });
    const deps: ImportDeps = {
      db,
      store: new PostgresEventStore(db),
      logger: createLogger(`${name}-test`, 'error'),
      progress: silentProgress,
      now: () => new Date(),
      actor: 'test',
    };
    await use({ db, deps });
  });
  afterAll(async () => db?.end());
};
