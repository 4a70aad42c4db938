import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { policeUk } from './police-uk';

// The police-uk importer over the two real months of West Yorkshire street-level crime (/work/shared/data, see its
// MANIFEST.md: both files whole). Every count is also made here separately, by splitting the files' lines on commas
// (no field of these files is quoted).

const data = '/work/shared/data/police_uk_street';
const july2016 = `${data}/2016-07-west-yorkshire-street.csv.gz`;
const july2017 = `${data}/2017-07-west-yorkshire-street.csv.gz`;

const lines = (path: string) => gunzipSync(readFileSync(path)).toString('utf8').split('\r\n').filter(Boolean);
/** Records by crime type, and how many have no position, counted from the file's lines. */
const fileCounts = (path: string) => {
  const [header, ...records] = lines(path);
  const byType = new Map<string, number>();
  for (const r of records) {
    const f = r.split(',');
    byType.set(f[9]!, (byType.get(f[9]!) ?? 0) + 1);
  }
  return { header, records: records.length, byType, unplaced: records.filter((r) => r.split(',')[4] === '').length };
};

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(120_000);

importDatabase('police', (opened) => ({ db, deps } = opened));

const byTypeOfMonth = async (month: string) =>
  new Map(
    (
      await db.query<{ crime_type: string; n: string }>(
        'SELECT crime_type, count(*) AS n FROM police_street_crimes WHERE month = $1 GROUP BY crime_type',
        [month],
      )
    ).rows.map((r) => [r.crime_type, Number(r.n)]),
  );
const serving = async () =>
  (await db.query("SELECT version, vintage, rows FROM dataset_versions WHERE dataset = 'police-uk' AND serving")).rows.map((r) => ({
    version: r.version,
    vintage: r.vintage,
    rows: Number(r.rows),
  }));

describe('importing police.uk street-level crime', () => {
  const first = fileCounts(july2016);
  const second = fileCounts(july2017);

  it('loads every record of a month, placed or not, each crime type as published with its category', async () => {
    expect(first.records).toBe(27_176); // the manifest's count, and the file's lines
    const summary = await importDataset(deps, policeUk, [july2016]);
    expect(summary).toMatchObject({ dataset: 'police-uk', vintage: '2016-07', rows: 27_176, rejected: 0, unchanged: false });
    expect(await byTypeOfMonth('2016-07')).toEqual(first.byType);
    const placed = await db.query(
      "SELECT count(*) FILTER (WHERE geog IS NULL) AS unplaced FROM police_street_crimes WHERE month = '2016-07'",
    );
    expect(Number(placed.rows[0].unplaced)).toBe(first.unplaced);
    const categories = await db.query(
      "SELECT DISTINCT crime_type, category FROM police_street_crimes WHERE crime_type IN ('Violence and sexual offences', 'Criminal damage and arson', 'Anti-social behaviour') ORDER BY 1",
    );
    expect(categories.rows).toEqual([
      { crime_type: 'Anti-social behaviour', category: 'anti-social-behaviour' },
      { crime_type: 'Criminal damage and arson', category: 'criminal-damage-arson' },
      { crime_type: 'Violence and sexual offences', category: 'violent-crime' },
    ]);
  });

  it('adds a second month without disturbing the first, and the same file again changes nothing', async () => {
    const summary = await importDataset(deps, policeUk, [july2017]);
    expect(summary).toMatchObject({ vintage: '2016-07 to 2017-07', rows: 28_537, rejected: 0, version: 2, unchanged: false });
    expect(await serving()).toEqual([{ version: 2, vintage: '2016-07 to 2017-07', rows: 27_176 + 28_537 }]);
    expect(await byTypeOfMonth('2016-07')).toEqual(first.byType);
    expect(await byTypeOfMonth('2017-07')).toEqual(second.byType);

    const again = await importDataset(deps, policeUk, [july2016]);
    expect(again).toMatchObject({ rows: 27_176, version: 2, unchanged: true });
    expect(await serving()).toEqual([{ version: 2, vintage: '2016-07 to 2017-07', rows: 55_713 }]);
  });

  it('adds a third month later, and a corrected month replaces only itself', async () => {
    // A third month for the test of adding up: the July 2017 records relabelled August 2017 (made here from the real
    // file; only two real months are in the shared data).
    const dir = mkdtempSync(join(tmpdir(), 'pds-police-'));
    const august = join(dir, '2017-08-west-yorkshire-street.csv.gz');
    const [header, ...records] = lines(july2017);
    writeFileSync(august, gzipSync([header, ...records.map((r) => r.replace(',2017-07,', ',2017-08,'))].join('\r\n') + '\r\n'));
    expect(await importDataset(deps, policeUk, [august])).toMatchObject({ vintage: '2016-07 to 2017-08', rows: 28_537, version: 3 });
    expect(await byTypeOfMonth('2016-07')).toEqual(first.byType);
    expect(await byTypeOfMonth('2017-07')).toEqual(second.byType);
    expect(await serving()).toEqual([{ version: 3, vintage: '2016-07 to 2017-08', rows: 27_176 + 2 * 28_537 }]);

    // July 2017 published again with its last 1,000 records withdrawn: that month shrinks, the others stay.
    const corrected = join(dir, '2017-07-west-yorkshire-street.csv');
    writeFileSync(corrected, [header, ...records.slice(0, -1_000)].join('\r\n') + '\r\n');
    expect(await importDataset(deps, policeUk, [corrected])).toMatchObject({ rows: 27_537, version: 4 });
    expect(await serving()).toEqual([{ version: 4, vintage: '2016-07 to 2017-08', rows: 27_176 + 27_537 + 28_537 }]);
    expect(await byTypeOfMonth('2016-07')).toEqual(first.byType);

    // The original July 2017 file no longer serves its month, so it loads again.
    expect(await importDataset(deps, policeUk, [july2017])).toMatchObject({ rows: 28_537, version: 5, unchanged: false });
    expect(await serving()).toEqual([{ version: 5, vintage: '2016-07 to 2017-08', rows: 27_176 + 2 * 28_537 }]);
  });

  it('refuses a file that is not street-level crime before loading anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-police-'));
    const outcomes = join(dir, '2017-07-west-yorkshire-outcomes.csv');
    writeFileSync(outcomes, 'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Outcome type\r\n');
    await expect(importDataset(deps, policeUk, [outcomes])).rejects.toThrow(FormatError);
    await expect(importDataset(deps, policeUk, [outcomes])).rejects.toThrow(/not police.uk street-level crime/);
    expect((await serving())[0]?.version).toBe(5);
  });
});
