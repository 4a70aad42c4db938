import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from './stack';

// The demo region's reference data, loaded by `npm start` into an empty stack so that every operation answers real
// postcodes with no download. A dataset that already serves a version (a national file imported since, say) is left
// alone. The loading is the import command itself, run as an operator would run it. A dataset listed more than once
// is imported in that order, each import superseding the parts it holds (downloads of overlapping years).

const demoDir = join(repoRoot, 'services', 'location', 'demo-data');
const importCli = join(repoRoot, 'services', 'location', 'dist', 'import', 'cli.js');

interface DemoImport {
  dataset: string;
  files: string[];
  /** For demonstration data made here: what it is, recorded with the version and shown in `sources`. */
  synthetic?: string;
}

const servingDatasets = async (databaseUrl: string): Promise<Set<string>> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return new Set((await client.query<{ dataset: string }>('SELECT dataset FROM dataset_versions_serving')).rows.map((r) => r.dataset));
  } finally {
    await client.end();
  }
};

const runImport = (databaseUrl: string, demo: DemoImport) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [importCli, demo.dataset, ...demo.files.map((f) => join(demoDir, f)), ...(demo.synthetic ? ['--synthetic', demo.synthetic] : [])],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n').at(-1) ?? '') : reject(new Error(`import of ${demo.dataset} exited with ${code}`)),
    );
  });

/** Loads each demo dataset the database has no version of; returns the import command's summary line of each. */
export const loadDemoData = async (databaseUrl: string, say: (line: string) => void): Promise<void> => {
  const { imports } = JSON.parse(readFileSync(join(demoDir, 'demo.json'), 'utf8')) as { imports: DemoImport[] };
  const serving = await servingDatasets(databaseUrl);
  for (const demo of imports) {
    if (serving.has(demo.dataset)) continue;
    say(`loading demo data: ${demo.dataset} (${demo.files.join(', ')})`);
    say(`  ${await runImport(databaseUrl, demo)}`);
  }
};
