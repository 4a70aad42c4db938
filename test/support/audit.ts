import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs the finance audit command against a stack's database, as finance would; returns its exit code, summary and CSV. */
export const runAudit = (databaseUrl: string, ...args: string[]) => {
  const out = mkdtempSync(join(tmpdir(), 'pds-audit-'));
  const run = spawnSync(
    process.execPath,
    [join(__dirname, '..', '..', 'services', 'billing-ledger', 'dist', 'audit', 'cli.js'), '--out', out, ...args],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  const table = (file: string) => {
    const csv = run.status === 2 ? '' : readFileSync(join(out, file), 'utf8');
    const [header, ...lines] = csv.trim().split('\n');
    return lines.map((l) => Object.fromEntries((header ?? '').split(',').map((h, i) => [h, l.split(',')[i] ?? ''])));
  };
  return {
    code: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    rows: table('reconciliation.csv'),
    statements: table('statements.csv'),
  };
};
