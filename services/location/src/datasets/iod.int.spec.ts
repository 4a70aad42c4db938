import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { silentProgress } from '../import/progress';
import { iod } from './iod';

// The iod importer over the demo region's rows of File 7 of the English Indices of Deprivation 2025 (Reading, West
// Berkshire and Leeds, as published: demo-data/README.md). Expected values are the file's own, read here by splitting
// its lines on commas (no data row of these districts has a quoted field).

const file = join(
  __dirname,
  '..',
  '..',
  'demo-data',
  'File_7_IoD2025_All_Ranks_Scores_Deciles_Population_Denominators_E06000037_E06000038_E08000035.csv',
);
const lines = readFileSync(file, 'utf8').split('\r\n').filter(Boolean);

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(60_000);

importDatabase('iod', (opened) => ({ db, deps } = opened));

describe('importing File 7 of the English Indices of Deprivation 2025', () => {
  it('loads every row, each index and domain as published', async () => {
    expect(lines).toHaveLength(1 + 687);
    expect(await importDataset(deps, iod, [file])).toMatchObject({ dataset: 'iod', vintage: 'IoD2025', rows: 687, rejected: 0 });
    // Reading 007D, as the file has it.
    const f = lines.find((l) => l.startsWith('E01016360,'))!.split(',');
    const row = (await db.query("SELECT * FROM iod_lsoa_scores WHERE lsoa_code = 'E01016360'")).rows[0];
    expect(row).toMatchObject({
      lsoa_name: 'Reading 007D',
      lad_code: 'E06000038',
      lad_name: 'Reading',
      imd_score: Number(f[4]),
      imd_rank: Number(f[5]),
      imd_decile: Number(f[6]),
      education_score: Number(f[13]),
      idaopi_rank: Number(f[32]),
      children_young_people_decile: Number(f[36]),
      outdoors_score: Number(f[49]),
      population_total: Number(f[52]),
      population_working_age: Number(f[55]),
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    expect(await importDataset(deps, iod, [file])).toMatchObject({ version: 1, unchanged: true });
  });

  it('refuses a file that is not File 7 of IoD2025 before loading anything, naming what it found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-iod-'));
    const iod2019 = join(dir, 'File_7_ALL_IoD2019_Scores__Ranks__Deciles_and_Population_Denominators_3.csv');
    writeFileSync(iod2019, lines[0]!.replace('LSOA code (2021)', 'LSOA code (2011)') + '\r\n');
    await expect(importDataset(deps, iod, [iod2019])).rejects.toThrow(/an earlier release, on 2011 LSOAs/);
    const other = join(dir, 'File_1_IoD2025_Index_of_Multiple_Deprivation.csv');
    writeFileSync(other, lines[0]!.split(',').slice(0, 6).join(',') + '\r\n');
    await expect(importDataset(deps, iod, [other])).rejects.toThrow(FormatError);
    const { rows } = await db.query("SELECT version FROM dataset_versions WHERE dataset = 'iod' AND serving");
    expect(rows).toEqual([{ version: 1 }]);
  });

  it('rejects a row whose rank or decile is out of range, with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-iod-'));
    const bad = join(dir, 'File_7_IoD2025_All_Ranks_Scores_Deciles_Population_Denominators.csv');
    const f = lines[1]!.split(',');
    f[5] = '33756';
    writeFileSync(bad, [lines[0], f.join(','), lines[2]].join('\r\n') + '\r\n');
    const seen: string[] = [];
    const summary = await importDataset({ ...deps, progress: { ...silentProgress, say: (l) => seen.push(l) } }, iod, [bad]);
    expect(summary).toMatchObject({ rows: 1, rejected: 1 });
    expect(seen.some((l) => /:2: imd rank "33756" is not 1 to 33755/.test(l))).toBe(true);
  });
});
