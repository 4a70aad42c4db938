import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { readModels } from '@pds/contracts';
import { importDatabase } from '../../../../test/support/import-database';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { councilTax } from './council-tax';

// The council tax importer over the real file the demo ships (services/location/demo-data, the shared data's
// council_tax/la_council_tax_bandD_2026-27_ctsop_2025.csv unchanged). Expected values are read from the file's rows:
//   E06000038,Reading,ENGLAND,2612.77,7270.0,14990.0,31530.0,12220.0,5920.0,3390.0,1910.0,100.0,,77330.0,True,…
//   W06000015,Cardiff,WALES,2013.18,5320.0,20420.0,34920.0,37370.0,31540.0,22250.0,10590.0,2850.0,1480.0,166750.0,True,…
//   S12000036,City of Edinburgh,SCOTLAND,1563.51,,,,,,,,,,,True,

const file = join(__dirname, '..', '..', 'demo-data', 'la_council_tax_bandD_2026-27_ctsop_2025.csv');
const records = readFileSync(file, 'utf8').trimEnd().split('\n').slice(1);

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(120_000);

importDatabase('council_tax', (opened) => ({ db, deps } = opened));

describe('council tax by local authority', () => {
  it('loads every authority, Band D in pence and the VOA counts as published, the years from the name', async () => {
    expect(records).toHaveLength(360);
    const summary = await importDataset(deps, councilTax, [file]);
    expect(summary).toMatchObject({ dataset: 'council-tax', rows: 360, rejected: 0, unchanged: false });
    expect(summary.vintage).toBe('Band D 2026-27 (Scotland 2025-26); dwellings by band at 31 March 2025');

    const reading = await readModels.councilTaxQueries.authority(db, 'E06000038');
    expect(reading).toEqual({
      code: 'E06000038',
      name: 'Reading',
      country: 'ENGLAND',
      year: '2026-27',
      bandDPence: 261_277,
      dwellings: [7270, 14990, 31530, 12220, 5920, 3390, 1910, 100, null],
      countedOn: '2025-03-31',
    });
    const cardiff = await readModels.councilTaxQueries.authority(db, 'W06000015');
    expect(cardiff).toMatchObject({ bandDPence: 201_318, dwellings: [5320, 20420, 34920, 37370, 31540, 22250, 10590, 2850, 1480] });
    // Scotland's Band D is the Scottish Government's previous year, and the VOA counts nothing there.
    const edinburgh = await readModels.councilTaxQueries.authority(db, 'S12000036');
    expect(edinburgh).toMatchObject({ year: '2025-26', bandDPence: 156_351, countedOn: null });
    expect(edinburgh!.dwellings.every((n) => n === null)).toBe(true);
    // Northern Ireland's ten authorities are held with no Band D (it has domestic rates).
    const ni = await db.query(
      `SELECT count(*)::int AS n, count(band_d_pence)::int AS priced FROM council_tax_authorities WHERE country = 'NORTHERN_IRELAND'`,
    );
    expect(ni.rows[0]).toEqual({ n: 10, priced: 0 });
  });

  it('is unchanged when the same file is imported again', async () => {
    const again = await importDataset(deps, councilTax, [file]);
    expect(again).toMatchObject({ unchanged: true });
  });

  it('refuses the file under a name that does not say its years, loading nothing', async () => {
    const renamed = join(mkdtempSync(join(tmpdir(), 'council-tax-')), 'council_tax.csv');
    copyFileSync(file, renamed);
    await expect(importDataset(deps, councilTax, [renamed])).rejects.toThrow(/la_council_tax_bandD_<YYYY-YY>_ctsop_<YYYY>\.csv/);
    expect((await readModels.councilTaxQueries.authority(db, 'E06000038'))?.bandDPence).toBe(261_277);
  });
});
