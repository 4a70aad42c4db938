import { createLogger, PostgresEventStore } from '@pds/service-runtime';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase } from '../../../../test/support/environment';
import { census2021 } from '../datasets/census-2021';
import { importDataset } from '../import/import-dataset';
import { silentProgress } from '../import/progress';
import { describeAreaStatistics } from './describe-area-statistics';

// What the e2e test cannot reach with the demo postcode files: a postcode whose 2021 areas come from ONSPD, and one
// the postcode datasets place in Scotland although its area (TD, across the border) is not refused by the gateway.
// The census tables are the real demo extracts; the postcode rows are written here, each said to be made up.

const demo = join(__dirname, '..', '..', 'demo-data');
const census = (table: string, level: string) => join(demo, `census2021-${table}-${level}_E06000038_E06000037_E08000035.csv`);
/** The published total of an area in a demo file (its fourth field). */
const totalOf = (path: string, code: string) =>
  Number(
    readFileSync(path, 'utf8')
      .split('\n')
      .find((l) => l.split(',')[2] === code)
      ?.split(',')[3],
  );

let db: pg.Pool;
jest.setTimeout(60_000);

beforeAll(async () => {
  db = new pg.Pool({ connectionString: await freshDatabase('areastats'), max: 4 });
  const files = ['ts007a', 'ts054'].flatMap((t) => ['lsoa', 'msoa', 'ltla'].map((l) => census(t, l)));
  await importDataset(
    {
      db,
      store: new PostgresEventStore(db),
      logger: createLogger('census-test', 'error'),
      progress: silentProgress,
      now: () => new Date(),
      actor: 'test',
    },
    census2021,
    files,
  );
  // Made-up postcode rows, in the tables the postcode datasets load (no version of them is imported here).
  await db.query(
    `INSERT INTO codepoint_postcodes__v0 (postcode, positional_quality, eastings, northings, country_code, admin_district_code, latitude, longitude)
     VALUES ('TD1 1AA', 10, 349000, 636000, 'S92000003', 'S12000026', 55.61, -2.81),
            ('TD15 1AA', 10, 399700, 652900, 'E92000001', 'E06000057', 55.77, -2.00)`,
  );
  await db.query(
    `INSERT INTO onspd_postcodes__v0 (postcode, country_code, lsoa21cd, msoa21cd, latitude, longitude, published)
     VALUES ('RG1 2AR', 'E92000001', 'E01033857', 'E02003405', 51.45, -0.96, '{}'),
            ('RG1 3LT', 'E92000001', 'E01016613', 'E02003444', 51.46, -0.94, '{}')`,
  );
});
afterAll(async () => db?.end());

describe("a postcode's areas in the census tables", () => {
  it("answers ONSPD's 2021 areas, `via: onspd`", async () => {
    const r = await describeAreaStatistics(db, 'RG1 2AR');
    if (!r.ok) throw new Error(r.error.message);
    const { data } = r.data;
    expect(data.lsoa).toMatchObject({
      code: 'E01033857',
      name: 'Reading 017G',
      via: 'onspd',
      households: totalOf(census('ts054', 'lsoa'), 'E01033857'),
      population: totalOf(census('ts007a', 'lsoa'), 'E01033857'),
    });
    expect(data.msoa).toMatchObject({ code: 'E02003405', name: 'Reading 017', via: 'onspd' });
    expect(data.localAuthority).toMatchObject({ code: 'E06000038', households: totalOf(census('ts054', 'ltla'), 'E06000038') });
    expect(data.unavailable).toEqual([]);
    expect(r.data.sources.map((s) => s.dataset)).toEqual(['census-2021']); // the made-up rows are no version of a dataset
  });

  it("refuses ONSPD's areas the tables do not cover with AREA_STATISTICS_NOT_FOUND", async () => {
    const r = await describeAreaStatistics(db, 'RG1 3LT');
    expect(r).toMatchObject({ ok: false, error: { code: 'AREA_STATISTICS_NOT_FOUND' } });
    expect(!r.ok && r.error.message).toMatch(/no figures for LSOA E01016613.*no figures for MSOA E02003444/);
  });

  it('refuses a postcode the datasets place in Scotland, whatever its area', async () => {
    expect(await describeAreaStatistics(db, 'TD1 1AA')).toMatchObject({ ok: false, error: { code: 'OUTSIDE_ENGLAND_AND_WALES' } });
    expect(await describeAreaStatistics(db, 'BT1 1AA')).toMatchObject({ ok: false, error: { code: 'OUTSIDE_ENGLAND_AND_WALES' } });
  });

  it('says an English postcode with no census areas in any postcode dataset is unknown, not absent', async () => {
    const r = await describeAreaStatistics(db, 'TD15 1AA');
    expect(r).toMatchObject({ ok: false, error: { code: 'AREA_2021_UNKNOWN' } });
    expect(await describeAreaStatistics(db, 'RG99 9ZZ')).toMatchObject({ ok: false, error: { code: 'POSTCODE_NOT_FOUND' } });
  });
});
