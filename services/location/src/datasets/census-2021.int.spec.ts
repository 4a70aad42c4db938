import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { zipOf } from '../../../../infra/demo-data/src/epc/zip-writer';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { census2021 } from './census-2021';

// The census-2021 importer over the real Nomis extracts in demo-data (Reading, West Berkshire, Leeds; see its README).
// Every expected count is made here separately from the files' lines, split on commas (no field of these files is
// quoted): a line is one area, and each of its count columns one stored row.

const demo = join(__dirname, '..', '..', 'demo-data');
const cut = '_E06000038_E06000037_E08000035.csv';
const file = (table: string, level: string) => join(demo, `census2021-${table}-${level}${cut}`);
const levels = ['lsoa', 'msoa', 'ltla'] as const;
const ts007a = levels.map((l) => file('ts007a', l));
const ts054 = levels.map((l) => file('ts054', l));
const synthetic044 = join(__dirname, '..', '..', 'test-data', 'SYNTHETIC_census2021-ts044-lsoa_E06000038.csv');

const linesOf = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);
/** What a file holds, counted from its lines: areas, count columns, and each column's sum over the areas. */
const fileCounts = (path: string) => {
  const [header, ...records] = linesOf(path);
  const columns = (header as string).split(',').length - 3;
  const sums = Array<number>(columns).fill(0);
  for (const r of records)
    r.split(',')
      .slice(3)
      .forEach((v, i) => (sums[i] = (sums[i] ?? 0) + Number(v)));
  return { areas: records.length, columns, rows: records.length * columns, sums };
};

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(120_000);

importDatabase('census', (opened) => ({ db, deps } = opened));

/** Stored rows, areas and each category's sum of a (table, level), in the order the file has its columns. */
const stored = async (table: string, level: string) => {
  const { rows } = await db.query<{ rows: string; areas: string }>(
    'SELECT count(*) AS rows, count(DISTINCT area_code) AS areas FROM census_2021_counts WHERE census_table = $1 AND level = $2',
    [table, level],
  );
  const sums = await db.query<{ label: string; sum: string }>(
    'SELECT label, sum(count) AS sum FROM census_2021_counts WHERE census_table = $1 AND level = $2 GROUP BY label',
    [table, level],
  );
  return { rows: Number(rows[0]?.rows), areas: Number(rows[0]?.areas), sums: new Map(sums.rows.map((r) => [r.label, Number(r.sum)])) };
};
/** The file's column sums by label ("Tenure of household: Owned" → "Owned"), as `stored` gives them. */
const sumsByLabel = (path: string) => {
  const header = (linesOf(path)[0] as string).split(',').slice(3);
  const { sums } = fileCounts(path);
  return new Map(header.map((h, i) => [h.slice(h.indexOf(': ') + 2), sums[i] as number]));
};
const serving = async () =>
  (await db.query("SELECT version, vintage, rows, synthetic FROM dataset_versions WHERE dataset = 'census-2021' AND serving")).rows.map(
    (r) => ({ version: r.version, vintage: r.vintage, rows: Number(r.rows), synthetic: r.synthetic }),
  );
const expectTableHeld = async (table: string, paths: string[]) => {
  for (const [i, level] of levels.entries()) {
    const want = fileCounts(paths[i] as string);
    const got = await stored(table, level);
    expect({ level, rows: got.rows, areas: got.areas }).toEqual({ level, rows: want.rows, areas: want.areas });
    expect(got.sums).toEqual(sumsByLabel(paths[i] as string));
  }
};

describe('importing the Census 2021 bulk tables', () => {
  const rowsOf = (paths: string[]) => paths.reduce((sum, p) => sum + fileCounts(p).rows, 0);

  it('loads every area of TS007A at each level, one row per count column, each count as published', async () => {
    expect(ts007a.map((p) => fileCounts(p).areas)).toEqual([687, 148, 3]); // the README's count of each file
    expect(fileCounts(ts007a[0] as string).columns).toBe(19);
    const summary = await importDataset(deps, census2021, ts007a);
    expect(summary).toMatchObject({ dataset: 'census-2021', vintage: 'Census 2021: TS007A', rows: rowsOf(ts007a), rejected: 0 });
    await expectTableHeld('ts007a', ts007a);
    // One area's line, whole: Reading's local-authority row.
    const reading = linesOf(ts007a[2] as string).find((l) => l.includes(',E06000038,')) as string;
    const { rows } = await db.query<{ count: number }>(
      "SELECT count FROM census_2021_counts WHERE census_table = 'ts007a' AND area_code = 'E06000038' ORDER BY category = 'total' DESC, label",
    );
    expect(rows).toHaveLength(19);
    expect(rows[0]?.count).toBe(Number(reading.split(',')[3]));
  });

  it('adds TS054 without dropping TS007A, and the same files again change nothing', async () => {
    const summary = await importDataset(deps, census2021, ts054);
    expect(summary).toMatchObject({ vintage: 'Census 2021: TS007A, TS054', rows: rowsOf(ts054), version: 2, unchanged: false });
    expect(await serving()).toEqual([
      { version: 2, vintage: 'Census 2021: TS007A, TS054', rows: rowsOf(ts007a) + rowsOf(ts054), synthetic: false },
    ]);
    await expectTableHeld('ts007a', ts007a);
    await expectTableHeld('ts054', ts054);

    expect(await importDataset(deps, census2021, ts054)).toMatchObject({ version: 2, unchanged: true, rows: rowsOf(ts054) });
    expect(await importDataset(deps, census2021, ts007a)).toMatchObject({ version: 2, unchanged: true, rows: rowsOf(ts007a) });
    expect((await serving())[0]?.version).toBe(2);
  });

  it('reads the published zip (lsoa, msoa and ltla members; the others skipped) and gzip, replacing only their parts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-census-'));
    // A zip as Nomis builds it: one member per geography and the metadata; the oa member here is TS054's MSOA file's
    // lines (an output area file that, were it read, would add rows).
    const members = levels.map((l, i) => ({ name: `census2021-ts054-${l}.csv`, data: readFileSync(ts054[i] as string) }));
    const zip = join(dir, 'census2021-ts054.zip');
    writeFileSync(
      zip,
      zipOf([
        ...members,
        { name: 'census2021-ts054-oa.csv', data: readFileSync(ts054[1] as string) },
        { name: 'metadata/ts054-2021-2.txt', data: Buffer.from('Title: Tenure\nVersion: 2\n') },
      ]),
    );
    const fromZip = await importDataset(deps, census2021, [zip]);
    expect(fromZip).toMatchObject({ rows: rowsOf(ts054), version: 3, unchanged: false });
    await expectTableHeld('ts054', ts054);
    await expectTableHeld('ts007a', ts007a);

    const gzipped = join(dir, 'census2021-ts007a-msoa.csv.gz');
    writeFileSync(gzipped, gzipSync(readFileSync(ts007a[1] as string)));
    expect(await importDataset(deps, census2021, [gzipped])).toMatchObject({ rows: fileCounts(ts007a[1] as string).rows, version: 4 });
    await expectTableHeld('ts007a', ts007a);
    expect(await serving()).toEqual([
      { version: 4, vintage: 'Census 2021: TS007A, TS054', rows: rowsOf(ts007a) + rowsOf(ts054), synthetic: false },
    ]);
  });

  it('rejects an unreadable line with its reason and loads the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-census-'));
    const [header, ...records] = linesOf(ts054[2] as string);
    const broken = join(dir, 'census2021-ts054-ltla.csv');
    const bad = (records[1] as string).replace(/,\d+$/, ',n/a');
    writeFileSync(broken, [header, records[0], bad, records[2], ''].join('\r\n'));
    const summary = await importDataset(deps, census2021, [broken]);
    expect(summary).toMatchObject({ rows: 2 * 13, rejected: 1, version: 5 });
    expect((await stored('ts054', 'ltla')).areas).toBe(2);
    // The published file again: the local authorities whole.
    expect(await importDataset(deps, census2021, [ts054[2] as string])).toMatchObject({ rows: 3 * 13, rejected: 0, version: 6 });
  });

  it('refuses files that are not the tables it reads, before loading anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-census-'));
    const refused = async (paths: string[], reason: RegExp) => {
      const attempt = importDataset(deps, census2021, paths);
      await expect(attempt).rejects.toThrow(FormatError);
      await expect(importDataset(deps, census2021, paths)).rejects.toThrow(reason);
    };
    // TS007A's lines under TS054's name.
    const misnamed = join(dir, 'census2021-ts054-lsoa.csv');
    copyFileSync(ts007a[0] as string, misnamed);
    await refused([misnamed], /its name says TS054, its header is TS007A's/);
    // An output-area file given alone.
    const oa = join(dir, 'census2021-ts007a-oa.csv');
    copyFileSync(ts007a[0] as string, oa);
    await refused([oa], /is the oa file; census-2021 loads the lsoa, msoa and ltla files/);
    // Another publisher's CSV: the Indices of Deprivation's header has no geography code.
    const other = join(dir, 'other.csv');
    writeFileSync(
      other,
      'LSOA code (2021),LSOA name (2021),Index of Multiple Deprivation (IMD) Score\r\nE01000001,City of London 001A,8.742\r\n',
    );
    await refused([other], /its header has no date \(date\), geography \(geography\), code \(geography code\)/);
    // A zip with no member it reads (the -extra zip holds wards).
    const extra = join(dir, 'census2021-ts054-extra.zip');
    writeFileSync(extra, zipOf([{ name: 'census2021-ts054-wd.csv', data: readFileSync(ts054[2] as string) }]));
    await refused([extra], /holds no census2021-tsNNN-lsoa.csv, -msoa.csv or -ltla.csv/);
    expect((await serving())[0]?.version).toBe(6);
  });

  it('loads the SYNTHETIC TS044 fixture in its cited layout (quoted labels), flagged synthetic', async () => {
    const want = fileCounts(synthetic044);
    expect(want).toMatchObject({ areas: 4 });
    // The quoted labels hold commas: the lines of counts do not, so they split on commas; the header does not.
    expect(want.columns).not.toBe(9);
    const summary = await importDataset(deps, census2021, [synthetic044], { synthetic: 'SYNTHETIC TS044 test fixture' });
    expect(summary).toMatchObject({ vintage: 'Census 2021: TS007A, TS054, TS044', rows: 4 * 9, rejected: 0 });
    expect((await serving())[0]).toMatchObject({ synthetic: true });
    const got = await stored('ts044', 'lsoa');
    expect([got.rows, got.areas]).toEqual([36, 4]);
    expect(got.sums.get('Part of a converted or shared house, including bedsits')).toBe(
      linesOf(synthetic044)
        .slice(1)
        .reduce((sum, l) => sum + Number(l.split(',')[8]), 0),
    );
    await expectTableHeld('ts007a', ts007a);
  });
});
