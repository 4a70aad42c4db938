import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A dataset loaded into a test stack's database as an operator loads it: the import command, its last stdout line the
// summary. `synthetic` marks files made here (recorded as the version's attribution and flagged in every answer).

const run = promisify(execFile);
const cli = join(__dirname, '..', '..', 'services', 'location', 'dist', 'import', 'cli.js');

export const importWithCli = async (databaseUrl: string, dataset: string, files: string[], synthetic?: string) => {
  const args = [cli, dataset, ...files, ...(synthetic ? ['--synthetic', synthetic] : [])];
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as { rows: number; version: number; unchanged: boolean };
};

/** `importWithCli` for files named within `dir`, into the database `databaseUrl()` gives when called (a stack started later). */
export const importerFrom = (databaseUrl: () => string, dir: string) => (dataset: string, files: string[], synthetic?: string) =>
  importWithCli(
    databaseUrl(),
    dataset,
    files.map((f) => join(dir, f)),
    synthetic,
  );
