import { createLogger, PostgresEventStore } from '@pds/service-runtime';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import yauzl from 'yauzl';
import { freshDatabase } from '../../../../test/support/environment';
import { codePointOpen } from '../datasets/codepoint-open';
import { onsPostcodeLookup } from '../datasets/ons-postcode-lookup';
import { onspd } from '../datasets/onspd';
import { FormatError } from './files';
import { importDataset, type ImportDeps } from './import-dataset';
import { silentProgress } from './progress';

// The importers over the real published files (/work/shared/data, see its MANIFEST.md), into the real PostgreSQL.
// Every count is also made here separately, with no CSV library: lines of the files, and the fifth quoted field.

const data = '/work/shared/data';
const codePointZip = `${data}/os_codepoint_open/codepo_gb.zip`;
const onsLookup = `${data}/ons_postcode_oa_lsoa_msoa_lad/PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz`;
const onspdSample = `${data}/ons_onspd_sample/ONSPD_sample_AB1_postcodes.csv.gz`;
const demoLookup = join(__dirname, '..', '..', 'demo-data', 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU_RG_LS_WF.csv.gz');

let db: pg.Pool;
let deps: ImportDeps;
let databaseUrl: string;

// A national file takes tens of seconds to load from the command line on this machine's two cores (the ONS lookup: 46 s
// measured) but several minutes inside jest's process (its module sandbox slows the parsing loop), so the national
// files go through the import command, as an operator loads them; the small files load in-process.
jest.setTimeout(600_000);

const cliPath = join(__dirname, '..', '..', 'dist', 'import', 'cli.js');
const run = promisify(execFile);

/** The import command's outcome: its exit code, its summary line (stdout's last) and what it told the operator. */
const importCommand = async (dataset: string, file: string) => {
  const outcome = await run(process.execPath, [cliPath, dataset, file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    maxBuffer: 1 << 22,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
  const last = outcome.stdout.trim().split('\n').pop();
  return { code: outcome.code, stderr: outcome.stderr, summary: outcome.code === 0 && last ? JSON.parse(last) : undefined };
};

beforeAll(async () => {
  databaseUrl = await freshDatabase('imports');
  db = new pg.Pool({ connectionString: databaseUrl, max: 6 });
  deps = {
    db,
    store: new PostgresEventStore(db),
    logger: createLogger('import-test', 'error'),
    progress: silentProgress,
    now: () => new Date(),
    actor: 'test',
  };
});
afterAll(async () => db?.end());

const count = async (relation: string, where = 'true') =>
  Number((await db.query(`SELECT count(*) AS n FROM ${relation} WHERE ${where}`)).rows[0].n);
const serving = async (dataset: string) =>
  (await db.query('SELECT version, rows FROM dataset_versions WHERE dataset = $1 AND serving', [dataset])).rows.map((r) => [
    r.version,
    Number(r.rows),
  ]);

/** Lines of every Data/CSV/*.csv member of the zip (each row is one line in Code-Point Open). */
const codePointLines = (): Promise<number> =>
  new Promise((resolve, reject) => {
    let lines = 0;
    yauzl.open(codePointZip, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/^Data\/CSV\/.+\.csv$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          stream.on('data', (chunk: Buffer) => {
            for (const byte of chunk) if (byte === 10) lines++;
          });
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.on('end', () => resolve(lines));
      zip.readEntry();
    });
  });

/** The lookup's rows (lines less the header) and how many have a termination date (the fifth field, `doterm`). */
const lookupCounts = (path: string) => {
  const lines = gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\r\n')
    .filter((l) => l.length > 0)
    .slice(1);
  return { rows: lines.length, terminated: lines.filter((l) => l.split('","')[4] !== '').length };
};

describe('importing the real postcode files', () => {
  it('loads every Code-Point Open postcode, as many as the zip has lines, none rejected', async () => {
    const { code, summary } = await importCommand('codepoint-open', codePointZip);
    const lines = await codePointLines();
    expect(lines).toBe(1_743_449);
    expect(code).toBe(0);
    expect(summary).toMatchObject({
      dataset: 'codepoint-open',
      vintage: '2025.2.0',
      rows: lines,
      rejected: 0,
      version: 1,
      unchanged: false,
    });
    expect(await count('codepoint_postcodes')).toBe(lines);
    expect(await serving('codepoint-open')).toEqual([[1, lines]]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = (await db.query('SELECT count(*) AS n FROM events')).rows[0].n;
    const again = await importCommand('codepoint-open', codePointZip);
    expect(again.code).toBe(0);
    expect(again.summary).toMatchObject({ rows: 1_743_449, version: 1, unchanged: true });
    expect(again.stderr).toMatch(/already serving; nothing changed/);
    expect((await db.query('SELECT count(*) AS n FROM events')).rows[0].n).toBe(before);
    expect(await serving('codepoint-open')).toEqual([[1, 1_743_449]]);
  });

  it('loads every row of the ONS lookup, live and terminated, each with its status', async () => {
    const expected = lookupCounts(onsLookup);
    expect(expected).toEqual({ rows: 2_676_240, terminated: expect.any(Number) });
    const { code, summary } = await importCommand('ons-postcode-lookup', onsLookup);
    expect(code).toBe(0);
    expect(summary).toMatchObject({ dataset: 'ons-postcode-lookup', vintage: '2022-05', rows: expected.rows, rejected: 0 });
    expect(await count('ons_postcode_areas')).toBe(expected.rows);
    expect(await count('ons_postcode_areas', 'doterm IS NOT NULL')).toBe(expected.terminated);
    // The legacy three-letter outward codes (NPT: Newport) are published postcodes too.
    expect(await count('ons_postcode_areas', "postcode LIKE 'NPT %'")).toBeGreaterThan(0);
  });

  it('loads the ONSPD sample whole, with its published coordinates', async () => {
    const text = gunzipSync(readFileSync(onspdSample)).toString('utf8');
    const rows = text
      .split('\n')
      .filter((l) => l.length > 0)
      .slice(1);
    expect(await importDataset(deps, onspd, [onspdSample])).toMatchObject({ rows: rows.length, rejected: 0 });
    expect(rows.length).toBe(7_243);
    // AB1 0AA,…,57.101474,-2.242851,… as published.
    expect((await db.query("SELECT latitude, longitude, doterm FROM onspd_postcodes WHERE postcode = 'AB1 0AA'")).rows).toEqual([
      { latitude: 57.101474, longitude: -2.242851, doterm: '199606' },
    ]);
  });
});

describe('a bad file leaves the serving version as it was', () => {
  it('refuses a file of another format at once', async () => {
    await expect(importDataset(deps, codePointOpen, [onsLookup])).rejects.toThrow(/is not a zip/);
    await expect(importDataset(deps, onsPostcodeLookup, [onspdSample])).rejects.toThrow(FormatError);
    await expect(importDataset(deps, onspd, [codePointZip])).rejects.toThrow(FormatError);
  });

  it('fails on a truncated file, and the previous version keeps serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-truncated-'));
    const truncated = join(dir, 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz');
    const whole = readFileSync(onsLookup);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const failed = await importCommand('ons-postcode-lookup', truncated);
    expect(failed.code).toBe(1); // refused files, as the command documents
    expect(failed.stderr).toMatch(/truncated|corrupt|unexpected end/i);
    expect(await serving('ons-postcode-lookup')).toEqual([[1, 2_676_240]]);
    expect(await count('ons_postcode_areas')).toBe(2_676_240);
    // Nothing of the failed load is left behind.
    expect((await db.query("SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE 'ons_postcode_areas__v2'")).rows[0].n).toBe('0');
  });

  it('never shows a reader a half-loaded dataset while a new version loads', async () => {
    const next = lookupCounts(demoLookup).rows;
    const seen = new Set<number>();
    let loading = true;
    const reader = (async () => {
      while (loading) seen.add(await count('ons_postcode_areas'));
    })();
    const summary = await importDataset(deps, onsPostcodeLookup, [demoLookup]).finally(() => (loading = false));
    await reader;
    seen.add(await count('ons_postcode_areas'));
    expect(summary).toMatchObject({ version: 2, rows: next });
    expect([...seen].sort()).toEqual([next, 2_676_240].sort());
    expect(await serving('ons-postcode-lookup')).toEqual([[2, next]]);
  });
});
