import { serviceNames } from '@pds/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const repoRoot = join(__dirname, '..', '..');

/**
 * Each service owns its tables and keeps their migrations in its own `migrations/` folder (the shared runtime owns
 * the event store's). File names are numbered across all of them, so one order is the order they were written in.
 */
export const migrationDirs = (): Array<{ owner: string; dir: string }> =>
  ['service-runtime', ...serviceNames]
    .map((owner) => ({ owner, dir: join(repoRoot, 'services', owner, 'migrations') }))
    .filter(({ dir }) => existsSync(dir));

export const migrationFiles = (): Array<{ owner: string; name: string; path: string }> => {
  const files = migrationDirs().flatMap(({ owner, dir }) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((name) => ({ owner, name, path: join(dir, name) })),
  );
  const seen = new Map<string, string>();
  for (const f of files) {
    const other = seen.get(f.name);
    if (other) throw new Error(`migration ${f.name} exists for both ${other} and ${f.owner}; names must be unique`);
    seen.set(f.name, f.owner);
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
};

/**
 * Applies every owner's migrations in name order, each once and in its own transaction, recording what ran.
 * An advisory lock lets several processes call this at once.
 */
export const migrate = async (databaseUrl: string): Promise<string[]> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(7420531)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    for (const file of migrationFiles()) {
      if (done.has(file.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(readFileSync(file.path, 'utf8'));
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
        await client.query('COMMIT');
        applied.push(file.name);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file.owner}/${file.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7420531)').catch(() => undefined);
    await client.end();
  }
  return applied;
};

/** Creates a database on the server of `adminUrl` (if missing) and returns its URL. */
export const createDatabase = async (adminUrl: string, name: string): Promise<string> => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
