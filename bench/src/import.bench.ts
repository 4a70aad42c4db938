// `npm run bench:import`: the import command over the real published files, small and national, into a throwaway
// PostgreSQL: rows, seconds, rows/s and the import process's peak memory. Constant memory means the peak barely moves
// between a file of 24 thousand rows and one of 2.7 million.
import { createDatabase, migrate, startDebianPostgres } from '@pds/infra';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');
const data = process.env.PDS_SHARED_DATA_DIR ?? '/work/shared/data';
const demo = join(repo, 'services', 'location', 'demo-data');
const cli = join(repo, 'services', 'location', 'dist', 'import', 'cli.js');

const runs: Array<{ dataset: string; file: string; label: string; heapMb?: number }> = [
  { dataset: 'codepoint-open', file: join(demo, 'codepo_gb_RG_LS_WF.zip'), label: 'Code-Point Open, RG, LS and WF areas (demo)' },
  { dataset: 'codepoint-open', file: join(data, 'os_codepoint_open', 'codepo_gb.zip'), label: 'Code-Point Open, all of GB' },
  {
    dataset: 'ons-postcode-lookup',
    file: join(demo, 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU_RG_LS_WF.csv.gz'),
    label: 'ONS postcode lookup, RG, LS and WF (demo)',
  },
  {
    dataset: 'ons-postcode-lookup',
    file: join(data, 'ons_postcode_oa_lsoa_msoa_lad', 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz'),
    label: 'ONS postcode lookup, all of the UK',
  },
  // The proof of constant memory: the largest file again, its JavaScript heap capped at 64 MB (an import that held
  // rows would run out); slower, as the collector runs more often.
  {
    dataset: 'ons-postcode-lookup',
    file: join(data, 'ons_postcode_oa_lsoa_msoa_lad', 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz'),
    label: 'ONS postcode lookup, UK, heap cap 64 MB',
    heapMb: 64,
  },
];

/** Kilobytes from a /proc status line (`VmHWM:   123456 kB`). */
const statusKb = (pid: number, field: string): number | undefined => {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
};

const importOnce = (databaseUrl: string, dataset: string, file: string, heapMb?: number) =>
  new Promise<{ summary: Record<string, unknown>; peakMb: number }>((resolve, reject) => {
    const heap = heapMb ? [`--max-old-space-size=${heapMb}`] : [];
    const child = spawn(process.execPath, [...heap, cli, dataset, file], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    let peakKb = 0;
    // The high-water mark of the process's resident memory, read while it runs (its last reading is its peak).
    const sample = setInterval(() => (peakKb = Math.max(peakKb, statusKb(child.pid ?? 0, 'VmHWM') ?? 0)), 50);
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code !== 0) return reject(new Error(`import ${dataset} exited ${code}`));
      resolve({
        summary: JSON.parse(out.trim().split('\n').at(-1) as string) as Record<string, unknown>,
        peakMb: Math.round(peakKb / 1024),
      });
    });
  });

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'pds-bench-import-'));
  chmodSync(work, 0o755);
  const postgres = await startDebianPostgres(join(work, 'postgres'), Number(process.env.BENCH_PG_PORT ?? 25533), () => undefined);
  try {
    process.stdout.write("import benchmark (each run into a fresh database; peak = the import process's resident memory)\n");
    for (const [i, run] of runs.entries()) {
      const databaseUrl = await createDatabase(postgres.adminUrl, `bench_import_${i}`);
      await migrate(databaseUrl);
      const { summary, peakMb } = await importOnce(databaseUrl, run.dataset, run.file, run.heapMb);
      const rows = summary.rows as number;
      const seconds = summary.seconds as number;
      process.stdout.write(
        `  ${run.label.padEnd(38)} ${String(rows).padStart(9)} rows  ${seconds.toFixed(1).padStart(6)} s  ` +
          `${Math.round(rows / seconds)
            .toString()
            .padStart(7)} rows/s  peak ${String(peakMb).padStart(4)} MB\n`,
      );
    }
  } finally {
    await postgres.stop();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench:import: ${(error as Error).message}\n`);
  process.exit(1);
});
