import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { addressBase } from './addressbase';
import { inspire } from './inspire';

// The demo region's SYNTHETIC AddressBase Plus file (the published layout, made from real Price Paid addresses) and
// the SYNTHETIC INSPIRE polygons made from it, through the import command's platform into PostgreSQL.

const demo = join(__dirname, '..', '..', 'demo-data');
const addressesFile = join(demo, 'SYNTHETIC_AddressBasePlus_FULL_2026-10-01_RG30_RG31.csv.gz');
let db: pg.Pool;
let deps: ImportDeps;

importDatabase('addressbase', (opened) => ({ db, deps } = opened));

describe('the addressbase importer over the demo file', () => {
  it('loads every record (a separate count of its CRLF lines) with the address as people write it', async () => {
    const records = gunzipSync(readFileSync(addressesFile))
      .toString('utf8')
      .split('\r\n')
      .filter((l) => l !== '').length;
    const summary = await importDataset(deps, addressBase, [addressesFile], { synthetic: 'demo' });
    expect(summary).toMatchObject({ dataset: 'addressbase', vintage: '2026-10-01', rows: records, rejected: 0 });
    const one = async (uprn: string) => (await db.query(`SELECT * FROM addresses WHERE uprn = $1`, [uprn])).rows[0];
    // 194 OXFORD ROAD, READING, RG30 1AA (Price Paid), UPRN by the synthetic rule.
    expect(await one('993262081585')).toMatchObject({
      building_number: '194',
      thoroughfare: 'OXFORD ROAD',
      line1: '194 Oxford Road',
      line2: null,
      town: 'Reading',
      postcode: 'RG30 1AA',
      single_line: '194 Oxford Road, Reading, RG30 1AA',
      class: 'RD04',
      country: 'E',
    });
    // FLAT 1, 236 OXFORD ROAD (a flat: its building's UPRN as parent).
    expect(await one('992299003843')).toMatchObject({ line1: 'Flat 1, 236 Oxford Road', parent_uprn: '996140086976', class: 'RD06' });
    // 294A OXFORD ROAD: a number with a letter is a building name in Royal Mail's fields.
    const { rows } = await db.query(
      `SELECT building_name, building_number, line1 FROM addresses WHERE postcode = 'RG30 1AD' AND line1 LIKE '294A%'`,
    );
    expect(rows).toEqual([{ building_name: '294A', building_number: null, line1: '294A Oxford Road' }]);
    // The search words, abbreviations read as words: "194 oxford rd" matches.
    const found = await db.query(
      `SELECT uprn::text FROM addresses WHERE search @@ to_tsquery('simple', '194:* & oxford:* & road:* & rg301aa:*')`,
    );
    expect(found.rows).toEqual([{ uprn: '993262081585' }]);
  });

  it('makes one polygon per building, each holding its addresses', async () => {
    const polygons = join(demo, 'SYNTHETIC_INSPIRE_RG30_RG31.gml.gz');
    const summary = await importDataset(deps, inspire, [polygons], { synthetic: 'demo' });
    expect(summary).toMatchObject({ dataset: 'inspire', rejected: 0 });
    const { rows } = await db.query(`
      SELECT count(*)::int AS addresses,
             count(*) FILTER (WHERE (SELECT count(*) FROM inspire_parcels p
                                      WHERE ST_Covers(p.geom, ST_SetSRID(ST_Point(a.x_coordinate, a.y_coordinate), 27700))) = 1)::int AS in_one
        FROM addresses a`);
    expect(rows[0].in_one).toBe(rows[0].addresses);
  });

  it('refuses a file with a header row or another width before loading anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-abp-'));
    const withHeader = join(dir, 'AddressBasePlus_FULL_2026-10-01_001.csv');
    writeFileSync(withHeader, `${addressBase.columns.length ? 'UPRN,' + 'X,'.repeat(75) + 'Y' : ''}\r\n`);
    await expect(importDataset(deps, addressBase, [withHeader])).rejects.toThrow(/has a header row/);
    const narrow = join(dir, 'AddressBasePlus_FULL_2026-10-01_002.csv');
    writeFileSync(narrow, '1,2,3\r\n');
    await expect(importDataset(deps, addressBase, [narrow])).rejects.toThrow(FormatError);
  });
});

describe('the addressbase importer over AddressBase Premium GML', () => {
  // OS's AddressBase Premium 2.0 sample (21 BLPUs in Exeter; TEST FIXTURE ONLY, not open data: read in place from the
  // shared data, never copied into the repository). Expected values read from the file by hand.
  const sample = '/work/shared/data/test_fixture_only_addressbase_premium/exeter-extract.xml';

  it('loads each BLPU with a delivery point address and rejects the one without', async () => {
    const summary = await importDataset(deps, addressBase, [sample], { synthetic: 'OS sample, test only' });
    // 21 BasicLandPropertyUnit elements, 20 DeliveryPointAddress elements (grep -c); queryTime 2016-02-10T16:25:58.
    expect(summary).toMatchObject({ dataset: 'addressbase', vintage: '2016-02-10', rows: 20, rejected: 1 });
    const { rows } = await db.query(
      `SELECT uprn::text, udprn::text, class, x_coordinate, y_coordinate, latitude, longitude, country, postcode, single_line
         FROM addresses WHERE uprn IN (100040239485, 10023117168) OR organisation IS NOT NULL ORDER BY uprn`,
    );
    // uprn 100040239485: position 292591.00 093308.00, positionLatLong 50.7294185 -3.5232417 (latitude first),
    // classificationCode RD, udprn 8787731, 26 WELL STREET, EXETER, EX4 6QL.
    expect(rows).toContainEqual({
      uprn: '100040239485',
      udprn: '8787731',
      class: 'RD',
      x_coordinate: 292591,
      y_coordinate: 93308,
      latitude: 50.7294185,
      longitude: -3.5232417,
      country: 'E',
      postcode: 'EX4 6QL',
      single_line: '26 Well Street, Exeter, EX4 6QL',
    });
    // The one organisation: CREATIVE CUTS, 18 WEST STREET, EXETER, EX1 1BA.
    expect(rows.map((r) => r.single_line)).toContain('Creative Cuts, 18 West Street, Exeter, EX1 1BA');
  });

  it('refuses XML that is not an AddressBase supply set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-abp-gml-'));
    const other = join(dir, 'other.gml');
    writeFileSync(other, '<?xml version="1.0"?><wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0"/>');
    await expect(importDataset(deps, addressBase, [other])).rejects.toThrow(/is not AddressBase Premium GML/);
  });
});
