import pg from 'pg';
import { registryTestAddresses } from '../../../../test/support/datasets';
import { importDatabase } from '../../../../test/support/import-database';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { addressBase } from './addressbase';

// The registry test environment's SYNTHETIC addresses (test-data, made by infra/demo-data's registry-addresses
// generator) through the addressbase importer: each title's UPRN gives the address its register names, written as the
// demo region's addresses are (Royal Mail's capitals in words' own case, the postcode last). Expected values read from
// the titles (infra/src/registry-simulator/titles/dataset.ts) by hand.

let db: pg.Pool;
let deps: ImportDeps;

importDatabase('addressbase_registry', (opened) => ({ db, deps } = opened));

const one = async (uprn: string) =>
  (
    await db.query(
      `SELECT uprn::text, parent_uprn::text, class, country, postcode, sub_building, building_name, building_number,
              thoroughfare, line1, line2, line3, town, single_line
         FROM addresses WHERE uprn = $1`,
      [uprn],
    )
  ).rows[0];

describe("the addressbase importer over the registry test environment's addresses", () => {
  beforeAll(async () => {
    const { files, synthetic } = registryTestAddresses;
    // Nine titles outside the demo region, two of them (a closed title and its continuation) at one UPRN.
    expect(await importDataset(deps, addressBase, files, { synthetic })).toMatchObject({
      dataset: 'addressbase',
      vintage: '2026-10-01',
      rows: 8,
      rejected: 0,
    });
  });

  it('records the attribution naming the generator and saying the addresses are fictional', async () => {
    const { rows } = await db.query("SELECT synthetic, attribution FROM dataset_versions_serving WHERE dataset = 'addressbase'");
    expect(rows).toEqual([{ synthetic: true, attribution: registryTestAddresses.synthetic }]);
    expect(rows[0].attribution).toMatch(/registry-addresses\/generate\.ts.*fictional addresses/);
  });

  it('finds BK509231 by its UPRN: 14 Larkspur Close, Wokingham RG40 9ZZ', async () => {
    expect(await one('100081240517')).toMatchObject({
      class: 'RD04',
      country: 'E',
      building_number: '14',
      thoroughfare: 'LARKSPUR CLOSE',
      line1: '14 Larkspur Close',
      line2: null,
      town: 'Wokingham',
      postcode: 'RG40 9ZZ',
      single_line: '14 Larkspur Close, Wokingham, RG40 9ZZ',
    });
  });

  it('finds the flat of NGL918273 with its lines, its block (NGL402216) as its parent', async () => {
    expect(await one('5022140771')).toEqual({
      uprn: '5022140771',
      parent_uprn: '5022140700',
      class: 'RD06',
      country: 'E',
      postcode: 'NW5 9ZZ',
      sub_building: 'FLAT 7',
      building_name: 'HAWTHORN COURT',
      building_number: '22',
      thoroughfare: 'ELLERY ROAD',
      line1: 'Flat 7, Hawthorn Court',
      line2: '22 Ellery Road',
      line3: null,
      town: 'London',
      single_line: 'Flat 7, Hawthorn Court, 22 Ellery Road, London, NW5 9ZZ',
    });
    expect(await one('5022140700')).toMatchObject({ class: 'PP', parent_uprn: null, line1: 'Hawthorn Court', line2: '22 Ellery Road' });
  });

  it('reads a locality, a Welsh title and land named without a number', async () => {
    expect(await one('100010476238')).toMatchObject({
      line1: '5 Quarry Bank',
      line2: 'Bollington',
      town: 'Macclesfield',
      single_line: '5 Quarry Bank, Bollington, Macclesfield, SK10 9ZZ',
    });
    expect(await one('10002515320')).toMatchObject({ country: 'W', single_line: '9 Heol Y Felin, Rhiwbina, Cardiff, CF14 9ZZ' });
    expect(await one('10010186524')).toMatchObject({
      class: 'LA01',
      building_name: 'LAND ON THE NORTH SIDE OF MOORCOCK LANE',
      single_line: 'Land On The North Side Of Moorcock Lane, Hebden Bridge, HX7 9ZZ',
    });
  });
});
