import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { importDatabase } from '../../../../test/support/import-database';
import { planningFileName } from '../../../../infra/demo-data/src/planning/generate';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { silentProgress } from '../import/progress';
import { planningData } from './planning-data';

// The planning-data importer over the demo region's SYNTHETIC files in planning.data.gov.uk's layout, and over the
// real 2022 listed-building-outline rows of planning.data.gov.uk's own pipeline tests (underscored header), written here.

const demo = join(__dirname, '..', '..', 'demo-data');
const file = (dataset: string) => join(demo, planningFileName(dataset));
const rowsOf = (dataset: string) =>
  gunzipSync(readFileSync(file(dataset)))
    .toString('utf8')
    .split('\r\n')
    .filter(Boolean).length - 1;

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(60_000);

importDatabase('planning', (opened) => ({ db, deps } = opened));

const byDataset = async () =>
  Object.fromEntries(
    (
      await db.query<{ planning_dataset: string; n: string }>('SELECT planning_dataset, count(*) AS n FROM planning_constraints GROUP BY 1')
    ).rows.map((r) => [r.planning_dataset, Number(r.n)]),
  );

describe('importing planning.data.gov.uk dataset downloads', () => {
  it('loads several datasets together, each row with its geometry and its own fields', async () => {
    const summary = await importDataset(deps, planningData, [file('conservation-area'), file('listed-building'), file('flood-risk-zone')]);
    expect(summary).toMatchObject({ rows: 2 + 2 + 2, rejected: 0, vintage: 'conservation-area, flood-risk-zone, listed-building' });
    expect(await byDataset()).toEqual({ 'conservation-area': rowsOf('conservation-area'), 'listed-building': 2, 'flood-risk-zone': 2 });
    const listed = (await db.query('SELECT name, properties, ST_AsText(geog) AS wkt FROM planning_constraints WHERE entity = 41099902'))
      .rows[0];
    expect(listed).toEqual({
      name: 'Synthetic listed chapel, Oxford Road',
      properties: { 'listed-building-grade': 'II*' },
      wkt: 'POINT(-0.989753 51.455974)',
    });
    const ended = (await db.query('SELECT end_date::text FROM planning_constraints WHERE entity = 44999902')).rows[0];
    expect(ended).toEqual({ end_date: '2020-01-01' });
  });

  it('adds a dataset later without disturbing the others, and the same file again changes nothing', async () => {
    expect(await importDataset(deps, planningData, [file('green-belt')])).toMatchObject({ rows: 1, version: 2 });
    expect(await byDataset()).toMatchObject({ 'conservation-area': 2, 'listed-building': 2, 'flood-risk-zone': 2, 'green-belt': 1 });
    expect(await importDataset(deps, planningData, [file('listed-building')])).toMatchObject({ rows: 2, unchanged: true });
  });

  it('reads the older underscored header, and rejects a row whose geometry is broken, with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-planning-'));
    // Real rows of planning.data.gov.uk's 2022 listed-building-outline download (digital-land-python's tests,
    // tests/data/listed-building/dataset/listed-building-outline-flattened.csv at 250f2a8e: lines 1 and 3), and the
    // second of them again with its ring cut short.
    const header =
      'dataset,end_date,entity,entry_date,geojson,geometry,name,organisation_entity,point,prefix,reference,start_date,typology,documentation_url,listed_building,listed_building_grade,listed_building_outline,organisation,wikidata,wikipedia';
    const row =
      'listed-building-outline,,42101001,2021-12-08,,"MULTIPOLYGON (((-0.104776 51.488985,-0.104728 51.489031,-0.104751 51.489052,-0.104599 51.489152,-0.104290 51.489014,-0.104457 51.488859,-0.104776 51.488985)))","Church of St Mary, Newington",329,POINT(-0.104538 51.489006),listed-building-outline,0,2018-12-12,geography,https://geo.southwark.gov.uk/connect/analyst/Includes/ListedBuildings/1453719.pdf,,II,,,,';
    const broken = row.replace('42101001', '42101002').replace(',-0.104776 51.488985)))', ')))');
    const path = join(dir, 'listed-building-outline.csv');
    writeFileSync(path, [header, row, broken].join('\n') + '\n');
    const said: string[] = [];
    const summary = await importDataset({ ...deps, progress: { ...silentProgress, say: (l) => said.push(l) } }, planningData, [path]);
    expect(summary).toMatchObject({ rows: 1, rejected: 1 });
    expect(said.some((l) => /listed-building-outline.csv:3: geometry: MULTIPOLYGON: a ring that does not close/.test(l))).toBe(true);
    const outline = (await db.query('SELECT reference, start_date, properties FROM planning_constraints WHERE entity = 42101001')).rows[0];
    expect(outline).toEqual({
      reference: '0',
      start_date: '2018-12-12',
      properties: {
        'documentation-url': 'https://geo.southwark.gov.uk/connect/analyst/Includes/ListedBuildings/1453719.pdf',
        'listed-building-grade': 'II',
      },
    });
  });

  it('says which parts are synthetic when a synthetic part joins published ones', async () => {
    await importDataset(deps, planningData, [file('tree-preservation-zone')], { synthetic: 'SYNTHETIC test zones.' });
    const { rows } = await db.query("SELECT synthetic, attribution FROM dataset_versions WHERE dataset = 'planning-data' AND serving");
    expect(rows[0].synthetic).toBe(true);
    expect(rows[0].attribution).toBe(
      `${planningData.attribution} Parts are SYNTHETIC (all but conservation-area, flood-risk-zone, green-belt, listed-building, listed-building-outline): SYNTHETIC test zones.`,
    );
  });

  it('refuses a file that is not a dataset download before loading anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-planning-'));
    const path = join(dir, 'organisation.csv');
    writeFileSync(path, 'organisation,name,website\nlocal-authority:RDG,Reading Borough Council,https://www.reading.gov.uk\n');
    await expect(importDataset(deps, planningData, [path])).rejects.toThrow(FormatError);
  });
});
