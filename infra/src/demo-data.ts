import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { repoRoot } from './stack';

// The demo region's reference data, loaded by `npm start` into an empty stack so that every operation answers real
// postcodes with no download. A dataset that already serves a version (a national file imported since, say) is left
// alone. The loading is the import command itself, run as an operator would run it, with the plan in demo.json: every
// dataset it will load is queued from the start, so that /healthz and the answers that need one say it is on its way.

const demoPlan = join(repoRoot, 'services', 'location', 'demo-data', 'demo.json');
const importCli = join(repoRoot, 'services', 'location', 'dist', 'import', 'cli.js');

/** Who the demo data's imports are queued for, as /healthz shows it. */
export const demoDataRequester = 'npm start (demo data)';

/**
 * Loads each demo dataset the database has no version of, saying each import's summary line (JSON) as it lands;
 * `signal` stops the import under way (each import is atomic: its dataset stays as it was) and those after it.
 */
export const loadDemoData = (databaseUrl: string, say: (line: string) => void, signal?: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [importCli, '--plan', demoPlan, '--missing-only', '--requested-by', demoDataRequester], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
      ...(signal ? { signal } : {}),
    });
    createInterface({ input: child.stdout }).on('line', (line) => say(`  ${line}`));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the import of the demo data exited with ${code}`))));
  });
