import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { ppd } from './ppd';

// The ppd importer over HM Land Registry's real Price Paid files of /work/shared/data (see its MANIFEST.md): every RG30
// and RG31 sale of pp-complete.csv (less the tenth held back), and the first 90 and last 59 records of a monthly change
// file (90 additions, 59 deletions, none of them RG30/RG31 sales); and a SYNTHETIC change file in the same layout
// (services/location/test-data) that changes, deletes and adds RG30 2AN records. Every file quotes every field and
// ends lines with LF, so the expectations here split lines on `","` with no CSV library.

const data = '/work/shared/data/hmlr_price_paid';
const rg30 = `${data}/pp-complete_postcode-district-RG30.csv.gz`;
const rg31 = `${data}/pp-complete_postcode-district-RG31.csv.gz`;
const monthly = `${data}/pp-monthly-update-new-version_first90_last59_rows.csv`;
const syntheticChanges = join(__dirname, '..', '..', 'test-data', 'SYNTHETIC_pp-monthly-update-new-version_RG30_2AN.csv');
const hpiFile = '/work/shared/data/hmlr_uk_hpi/UK-HPI-full-file_random-sample.csv.gz';

const records = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));
const fullRecords = [rg30, rg31].flatMap((f) => records(gunzipSync(readFileSync(f)).toString('utf8')));
const monthlyRecords = records(readFileSync(monthly, 'utf8'));

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(180_000);

importDatabase('ppd', (opened) => ({ db, deps } = opened));

const count = async (where = 'true', values: unknown[] = []) =>
  Number((await db.query(`SELECT count(*) AS n FROM ppd_sales WHERE ${where}`, values)).rows[0].n);
const sale = async (id: string) =>
  (
    await db.query(
      `SELECT price, to_char(transfer_date, 'YYYY-MM-DD') AS date, postcode, property_type, new_build, duration, paon, saon, street,
              locality, town, district, county, category, record_status
         FROM ppd_sales WHERE transaction_id = $1`,
      [id],
    )
  ).rows;
const serving = async () =>
  (await db.query("SELECT version, rows::int, vintage, synthetic, attribution FROM dataset_versions_serving WHERE dataset = 'ppd'"))
    .rows[0];

describe('Price Paid Data, full files', () => {
  it('loads every sale of the files together, as published', async () => {
    expect(fullRecords).toHaveLength(21_664 + 13_883);
    const summary = await importDataset(deps, ppd, [rg30, rg31]);
    expect(summary).toMatchObject({ dataset: 'ppd', rows: fullRecords.length, rejected: 0, version: 1, unchanged: false });
    expect(await count()).toBe(fullRecords.length);
    const categoryB = fullRecords.filter((r) => r[14] === 'B').length;
    expect(categoryB).toBeGreaterThan(0);
    expect(await count("category = 'B'")).toBe(categoryB);
    expect(await count('new_build')).toBe(fullRecords.filter((r) => r[5] === 'Y').length);
    const latest = fullRecords
      .map((r) => r[2]!.slice(0, 10))
      .sort()
      .at(-1);
    expect(await serving()).toMatchObject({ version: 1, rows: fullRecords.length, vintage: `sales to ${latest}`, synthetic: false });
    // As published: "{80E1AA97-B69E-7BF8-E053-6C04A8C00BF2}","420000","2019-01-14 00:00","RG30 2AN","D","N","F","60","",
    // "WESTERN ELMS AVENUE","","READING","READING","READING","A","A"
    expect(await sale('{80E1AA97-B69E-7BF8-E053-6C04A8C00BF2}')).toEqual([
      {
        price: 420_000,
        date: '2019-01-14',
        postcode: 'RG30 2AN',
        property_type: 'D',
        new_build: false,
        duration: 'F',
        paon: '60',
        saon: null,
        street: 'WESTERN ELMS AVENUE',
        locality: null,
        town: 'READING',
        district: 'READING',
        county: 'READING',
        category: 'A',
        record_status: 'A',
      },
    ]);
  });

  it('changes nothing when the same files are imported again', async () => {
    expect(await importDataset(deps, ppd, [rg30, rg31])).toMatchObject({ version: 1, unchanged: true });
  });

  it('refuses a file that is not Price Paid Data, and a change file among full files', async () => {
    await expect(importDataset(deps, ppd, [hpiFile])).rejects.toThrow(FormatError);
    await expect(importDataset(deps, ppd, [rg30, monthly])).rejects.toThrow(/in an import of its own/);
    // A change record in a file not named as the monthly change file: the load stops, the version keeps serving.
    const dir = mkdtempSync(join(tmpdir(), 'pds-ppd-'));
    const misnamed = join(dir, 'pp-2023.csv');
    copyFileSync(syntheticChanges, misnamed);
    await expect(importDataset(deps, ppd, [misnamed])).rejects.toThrow(/is a change record \(C\)/);
    expect(await serving()).toMatchObject({ version: 1, rows: fullRecords.length });
  });
});

describe('Price Paid Data, the monthly change file', () => {
  it("adds the real file's additions; its deletions of sales not held delete nothing", async () => {
    const added = monthlyRecords.filter((r) => r[15] === 'A');
    const deleted = monthlyRecords.filter((r) => r[15] === 'D');
    expect([added.length, deleted.length]).toEqual([90, 59]);
    expect(deleted.filter((d) => fullRecords.some((r) => r[0] === d[0]))).toEqual([]);
    const summary = await importDataset(deps, ppd, [monthly]);
    expect(summary).toMatchObject({ version: 2, rows: 149, rejected: 0, unchanged: false });
    expect(await count()).toBe(fullRecords.length + 90);
    expect(await count("record_status = 'D'")).toBe(0);
    const [first] = added;
    expect(await sale(first![0]!)).toEqual([expect.objectContaining({ price: Number(first![1]), postcode: first![3] })]);
    expect(await serving()).toMatchObject({ version: 2, rows: fullRecords.length + 90, synthetic: false });
  });

  it('changes and deletes held sales (SYNTHETIC change file); the version says it is synthetic', async () => {
    const before = await count();
    await importDataset(deps, ppd, [syntheticChanges], { synthetic: 'SYNTHETIC Price Paid changes for tests' });
    expect(await sale('{FD226035-86D7-4CB7-E053-4804A8C00430}')).toEqual([
      expect.objectContaining({ price: 245_000, date: '2023-05-16', saon: 'FLAT 2', paon: '16', record_status: 'C' }),
    ]); // was 240000
    expect(await sale('{F87E72F8-99E4-176C-E053-6B04A8C0D2BE}')).toEqual([]);
    expect(await sale('{5E7E71C0-0000-4000-8000-000000000001}')).toEqual([expect.objectContaining({ price: 610_000, paon: '60' })]);
    expect(await count()).toBe(before); // one changed, one deleted, one added
    expect(await serving()).toMatchObject({
      version: 3,
      synthetic: true,
      attribution: expect.stringMatching(/^Contains HM Land Registry data .* Amended by SYNTHETIC changes: SYNTHETIC Price Paid changes/),
    });
  });

  it('changes nothing when the same change file is given again', async () => {
    expect(await importDataset(deps, ppd, [syntheticChanges], { synthetic: 'again' })).toMatchObject({ version: 3, unchanged: true });
  });

  it('is replaced whole by the full files', async () => {
    expect(await importDataset(deps, ppd, [rg30, rg31])).toMatchObject({ version: 4, unchanged: false });
    expect(await count()).toBe(fullRecords.length);
    expect(await sale('{F87E72F8-99E4-176C-E053-6B04A8C0D2BE}')).toEqual([expect.objectContaining({ price: 202_000 })]);
    expect(await serving()).toMatchObject({ version: 4, synthetic: false });
  });
});
