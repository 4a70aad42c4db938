import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { ccod, ocod } from './company-owners';

// The ccod and ocod importers over SYNTHETIC files in HM Land Registry's published layouts (test-data: every field
// quoted, the 35-, 37- and 39-column headers of the technical specifications, a `Row Count:` trailer): a full file, then
// a change-only file that changes one title (its D with the old values and A with the new), deletes one and adds one.
// Expectations are read from the files here by splitting on `","`.

const testData = join(__dirname, '..', '..', 'test-data');
const full = join(testData, 'SYNTHETIC_CCOD_FULL_2026_10.csv');
const cou = join(testData, 'SYNTHETIC_CCOD_COU_2026_11.csv');
const overseas = join(testData, 'SYNTHETIC_OCOD_FULL_2026_10.csv');
const synthetic = { synthetic: 'SYNTHETIC company ownership for tests' };

const recordsOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('"') && !l.startsWith('"Row Count'))
    .map((l) => l.slice(1, -1).split('","'));

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(120_000);

importDatabase('company_owners', (opened) => ({ db, deps } = opened));

const titles = async (relation: string) =>
  (
    await db.query(
      `SELECT title_number, tenure, postcode, proprietors, to_char(date_proprietor_added, 'YYYY-MM-DD') AS added,
              additional_proprietor, price_paid::int AS price FROM ${relation} ORDER BY title_number`,
    )
  ).rows;

describe('UK companies that own property (CCOD)', () => {
  it('loads every title of the full file by its header names, the trailer left out', async () => {
    const [header, ...rows] = recordsOf(full);
    expect(header).toHaveLength(35);
    const summary = await importDataset(deps, ccod, [full], synthetic);
    expect(summary).toMatchObject({ dataset: 'ccod', vintage: '2026-10', rows: rows.length, rejected: 0 });
    const loaded = await titles('ccod_titles');
    expect(loaded.map((t) => t.title_number)).toEqual(rows.map((r) => r[0]));
    // BK999902: "Flat 2, 16 Western Elms Avenue…", a housing association with another proprietor not named, added 02-11-2020.
    expect(loaded[1]).toEqual({
      title_number: 'BK999902',
      tenure: 'Leasehold',
      postcode: 'RG30 2AN',
      proprietors: [
        {
          name: 'SYNTHETIC HOUSING ASSOCIATION LIMITED',
          companyRegistrationNo: '99999902',
          category: 'Housing Association/Society (Company)',
          address: ['2 Example Street', 'Reading', 'RG1 1AB'],
        },
      ],
      added: '2020-11-02',
      additional_proprietor: true,
      price: null,
    });
    expect(loaded[2].proprietors.map((p: { name: string }) => p.name)).toEqual(['SYNTHETIC BOROUGH COUNCIL', 'SYNTHETIC HOMES LIMITED']);
  });

  it('applies the change-only file: a changed title replaced, a deleted one gone, an added one there', async () => {
    const [header] = recordsOf(cou);
    expect(header!.slice(-2)).toEqual(['Change Indicator', 'Change Date']);
    await importDataset(deps, ccod, [cou], synthetic);
    const loaded = await titles('ccod_titles');
    expect(loaded.map((t) => t.title_number)).toEqual(['BK999901', 'BK999902', 'BK999904']);
    expect(loaded[0]).toMatchObject({
      price: 610_000,
      added: '2026-10-17',
      proprietors: [expect.objectContaining({ name: 'SYNTHETIC LETTINGS LLP' })],
    });
    expect((await db.query("SELECT vintage FROM dataset_versions_serving WHERE dataset = 'ccod'")).rows[0].vintage).toBe('2026-11');
  });

  it('refuses the overseas file, and a file of another product', async () => {
    await expect(importDataset(deps, ccod, [overseas])).rejects.toThrow(/it is the overseas companies \(OCOD\) file/);
    await expect(importDataset(deps, ccod, ['/work/shared/data/hmlr_uk_hpi/UK-HPI-full-file_random-sample.csv.gz'])).rejects.toThrow(
      FormatError,
    );
  });
});

describe('Overseas companies that own property (OCOD)', () => {
  it('loads the country each proprietor was incorporated in', async () => {
    const [header] = recordsOf(overseas);
    expect(header).toHaveLength(39);
    await importDataset(deps, ocod, [overseas], synthetic);
    const [title] = await titles('ocod_titles');
    expect(title).toMatchObject({
      title_number: 'BK999905',
      proprietors: [expect.objectContaining({ name: 'SYNTHETIC HOLDINGS S.A.', countryIncorporated: 'BRITISH VIRGIN ISLANDS' })],
    });
    await expect(importDataset(deps, ocod, [full])).rejects.toThrow(/it is the UK companies \(CCOD\) file/);
  });
});
