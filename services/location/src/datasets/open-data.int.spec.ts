import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { osOpenNames } from './os-open-names';
import { osOpenUprn } from './os-open-uprn';

// The real published files (see /work/shared/data/MANIFEST.md).
const sharedDataDir = '/work/shared/data';
let db: pg.Pool;
let deps: ImportDeps;
const dir = mkdtempSync(join(tmpdir(), 'pds-open-data-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

importDatabase('open_data', (opened) => ({ db, deps } = opened));

describe('the os-open-names importer over the real HY20 file', () => {
  const file = join(sharedDataDir, 'os_open_names', 'HY20.csv');

  it('loads every record of the file (a separate count of its lines), with the fields as published', async () => {
    // No field of this file holds a line break, so its records are its lines.
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '').length;
    expect(lines).toBe(2_290); // as the manifest gives it
    const summary = await importDataset(deps, osOpenNames, [file]);
    expect(summary).toMatchObject({ dataset: 'os-open-names', vintage: 'HY20.csv', rows: lines, rejected: 0 });
    const { rows } = await db.query(`SELECT * FROM open_names WHERE id = 'osgb4000000074558362'`);
    // The file's first record: Clestrain, Orkney (the BOM before its ID is not part of it).
    expect(rows[0]).toMatchObject({
      name1: 'Clestrain',
      type: 'populatedPlace',
      local_type: 'Other Settlement',
      geometry_x: 330491,
      geometry_y: 1006798,
      postcode_district: 'KW16',
      county_unitary: 'Orkney Islands',
      country: 'Scotland',
      mbr_xmin: 329011.17,
      mbr_ymax: 1009740.184,
      most_detail_view_res: 15000,
    });
    // Clestrain, Orphir (Orkney), is at about 58.9° N 3.2° W (grid square HY 30 06).
    expect(rows[0].latitude).toBeCloseTo(58.9, 1);
    expect(rows[0].longitude).toBeCloseTo(-3.2, 1);
    const byType = await db.query(`SELECT type, count(*)::int AS n FROM open_names GROUP BY type ORDER BY type`);
    // Counted from the file's TYPE column (awk -F, '{print $7}' | sort | uniq -c).
    expect(byType.rows).toEqual([
      { type: 'other', n: 1_419 },
      { type: 'populatedPlace', n: 97 },
      { type: 'transportNetwork', n: 774 },
    ]);
  });

  it('refuses a file that is not Open Names before loading anything', async () => {
    const other = write('not-names.csv', 'a,b,c\n1,2,3\n');
    await expect(importDataset(deps, osOpenNames, [other])).rejects.toThrow(/first record has 3 fields, not 34/);
    await expect(importDataset(deps, osOpenNames, [other])).rejects.toThrow(FormatError);
    expect((await db.query('SELECT count(*)::int AS n FROM open_names')).rows[0].n).toBe(2_290);
  });
});

describe('the os-open-uprn importer', () => {
  // SYNTHETIC records in OS Open UPRN's published layout (a BOM, the header, CRLF). The first is the live file's first
  // record as third parties quote it; the others are made up, one of them unreadable.
  const records = [
    '1,358260.99,172796.83,51.4526038,-2.6020703',
    '990000000001,470248.00,173483.00,51.4558000,-0.9905000',
    'X12,470248.00,173483.00,51.4558000,-0.9905000',
    '990000000002,470300.50,173500.25,51.4559500,-0.9897400',
  ];
  const csv = `\uFEFFUPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE\r\n${records.join('\r\n')}\r\n`;

  it('loads the positions as published and rejects the unreadable record with its line', async () => {
    const summary = await importDataset(deps, osOpenUprn, [write('osopenuprn_202510.csv', csv)], { synthetic: 'made for the test' });
    expect(summary).toMatchObject({ dataset: 'os-open-uprn', vintage: '2025-10', rows: 3, rejected: 1 });
    const { rows } = await db.query(
      'SELECT uprn::text, x_coordinate, y_coordinate, latitude, longitude FROM open_uprn_positions ORDER BY uprn',
    );
    expect(rows).toEqual([
      { uprn: '1', x_coordinate: 358260.99, y_coordinate: 172796.83, latitude: 51.4526038, longitude: -2.6020703 },
      { uprn: '990000000001', x_coordinate: 470248, y_coordinate: 173483, latitude: 51.4558, longitude: -0.9905 },
      { uprn: '990000000002', x_coordinate: 470300.5, y_coordinate: 173500.25, latitude: 51.45595, longitude: -0.98974 },
    ]);
  });

  it('refuses a CSV with another header at once, and the serving version stays', async () => {
    const other = write('osopenuprn_202511.csv', 'UPRN,EASTING,NORTHING\r\n1,2,3\r\n');
    await expect(importDataset(deps, osOpenUprn, [other])).rejects.toThrow(/is not OS Open UPRN: its header is "UPRN,EASTING,NORTHING"/);
    expect((await db.query('SELECT count(*)::int AS n FROM open_uprn_positions')).rows[0].n).toBe(3);
  });
});
