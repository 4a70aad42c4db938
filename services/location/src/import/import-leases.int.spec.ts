import { readModels } from '@pds/contracts';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freshDatabase } from '../../../../test/support/environment';
import { leaseImport, queueImports } from './import-leases';
import { silentProgress } from './progress';

// What /healthz and the answers built from reference data read while a dataset is on its way: imports queued by a
// plan and taken over by the import itself, how far each is, a lease that runs out when its holder dies, and whether
// the import is of a dataset's first version.

const demoLookup = join(__dirname, '..', '..', 'demo-data', 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU_RG_LS_WF.csv.gz');
const cliPath = join(__dirname, '..', '..', 'dist', 'import', 'cli.js');
jest.setTimeout(120_000);

let databaseUrl: string;
let db: pg.Pool;
beforeAll(async () => {
  databaseUrl = await freshDatabase('import_leases');
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(() => db.end());
afterEach(() => db.query('DELETE FROM dataset_imports'));

const underWay = async () =>
  (await readModels.datasetImportQueries.importsUnderWay(db)).map((i) => [
    i.dataset,
    i.state,
    i.requested_by,
    i.fraction_done,
    i.rows_read,
    i.first_version,
  ]);
const failed = (error: unknown) => {
  throw error;
};

describe('imports under way', () => {
  it('are queued by a plan, taken over by each import (keeping who asked), with how far it is, and gone when released', async () => {
    const plan = await queueImports(db, ['ppd', 'epc'], 'npm start (demo data)', failed);
    expect(await underWay()).toEqual([
      ['epc', 'queued', 'npm start (demo data)', null, 0, true],
      ['ppd', 'queued', 'npm start (demo data)', null, 0, true],
    ]);

    const lease = await leaseImport(db, 'ppd', 'operator:import:someone', failed);
    const progress = lease.recording(silentProgress);
    progress.start(1_000, 'ppd');
    progress.update(425, 12_345);
    await lease.renew();
    expect(await underWay()).toEqual([
      ['epc', 'queued', 'npm start (demo data)', null, 0, true],
      ['ppd', 'importing', 'npm start (demo data)', 0.425, 12_345, true],
    ]);
    // The plan renews only what it still holds: the import's progress stays as the import wrote it.
    await plan.renew();
    expect((await underWay())[1]).toEqual(['ppd', 'importing', 'npm start (demo data)', 0.425, 12_345, true]);

    await lease.release();
    expect(await underWay()).toEqual([['epc', 'queued', 'npm start (demo data)', null, 0, true]]);
    await plan.release();
    expect(await underWay()).toEqual([]);
  });

  it('are no longer under way once a lease runs out (its holder died), and another may then take the dataset', async () => {
    const dead = await queueImports(db, ['ppd'], 'a plan that died', failed);
    await db.query(`UPDATE dataset_imports SET lease_until = now() - interval '1 second'`);
    expect(await underWay()).toEqual([]);
    // A live lease is not taken from its holder; the run-out one is.
    const live = await queueImports(db, ['ppd', 'epc'], 'another plan', failed);
    expect(await underWay()).toEqual([
      ['epc', 'queued', 'another plan', null, 0, true],
      ['ppd', 'queued', 'another plan', null, 0, true],
    ]);
    const third = await queueImports(db, ['epc'], 'a third plan', failed);
    expect((await underWay())[0]).toEqual(['epc', 'queued', 'another plan', null, 0, true]);
    // The dead plan's release no longer holds the row it lost.
    await dead.release();
    await third.release();
    expect(await underWay()).toHaveLength(2);
    await live.release();
  });

  it('say whether the import is of the first version: not when a version of the dataset already serves', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [cliPath, 'ons-postcode-lookup', demoLookup], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      maxBuffer: 1 << 22,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1) as string)).toMatchObject({ dataset: 'ons-postcode-lookup', version: 1 });
    // The import command released its lease as it ended.
    expect(await underWay()).toEqual([]);
    const plan = await queueImports(db, ['ons-postcode-lookup', 'codepoint-open'], 'npm start (demo data)', failed);
    expect(await underWay()).toEqual([
      ['codepoint-open', 'queued', 'npm start (demo data)', null, 0, true],
      ['ons-postcode-lookup', 'queued', 'npm start (demo data)', null, 0, false],
    ]);
    await plan.release();
  });
});
