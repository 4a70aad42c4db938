import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { inspire } from './inspire';

// INSPIRE Index Polygons in HM Land Registry's published layout (a WFS 2.0 FeatureCollection of LR:PREDEFINED
// features; the element names and order as in the real files). The polygons here are SYNTHETIC: squares made for the
// test, not HM Land Registry's.

const feature = (id: number, rings: number[][][]) =>
  `<wfs:member><LR:PREDEFINED gml:id="PREDEFINED.fid-test-${id}"><LR:GEOMETRY><gml:Polygon srsName="urn:ogc:def:crs:EPSG::27700" srsDimension="2" gml:id="PREDEFINED.fid-test-${id}.GEOMETRY">${rings
    .map(
      (ring, i) =>
        `<gml:${i === 0 ? 'exterior' : 'interior'}><gml:LinearRing><gml:posList>${ring.flat().join(' ')}</gml:posList></gml:LinearRing></gml:${i === 0 ? 'exterior' : 'interior'}>`,
    )
    .join(
      '',
    )}</gml:Polygon></LR:GEOMETRY><LR:INSPIREID>${id}</LR:INSPIREID><LR:LABEL>${id}</LR:LABEL><LR:NATIONALCADASTRALREFERENCE>${id}</LR:NATIONALCADASTRALREFERENCE><LR:VALIDFROM>2009-12-24T11:26:52.744Z</LR:VALIDFROM><LR:BEGINLIFESPANVERSION>2009-12-24T11:26:52.744Z</LR:BEGINLIFESPANVERSION></LR:PREDEFINED></wfs:member>`;

const collection = (declared: number, features: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:LR="www.landregistry.gov.uk" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="${declared}" numberReturned="${declared}" timeStamp="2026-08-02T03:47:41.090Z">${features.join('\n')}</wfs:FeatureCollection>\n`;

/** A square of side `size` metres with its south-west corner at (x, y), closed. */
const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

let db: pg.Pool;
let deps: ImportDeps;
const dir = mkdtempSync(join(tmpdir(), 'pds-inspire-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

importDatabase('inspire', (opened) => ({ db, deps } = opened));

describe('the inspire importer', () => {
  it('loads each polygon in British National Grid and WGS84, with its interior rings, and rejects a broken one and one off the grid', async () => {
    // West Reading: 470200 173450 is near RG30 1AA (Code-Point 470248 173483).
    const file = write(
      'Land_Registry_Cadastral_Parcels.gml',
      collection(4, [
        feature(16721537, [square(470200, 173450, 100), square(470240, 173480, 10)]),
        feature(16721538, [square(470300, 173450, 50)]),
        feature(16721539, [
          [
            [470400, 173450],
            [470450, 173450],
            [470450, 173500],
          ],
        ]),
        // 800 km east is beyond the National Grid's 700 km: no WGS84 position exists for it.
        feature(16721540, [square(799_990, 173450, 20)]),
      ]),
    );
    const summary = await importDataset(deps, inspire, [file], { synthetic: 'Synthetic squares for the importer test' });
    expect(summary).toMatchObject({ dataset: 'inspire', vintage: '2026-08-02', rows: 2, rejected: 2 });
    const rows = (
      await db.query(
        `SELECT inspire_id::text, ST_Area(geom) AS area, ST_NumInteriorRings(ST_GeometryN(geom, 1)) AS holes,
                ST_Contains(geom, ST_SetSRID(ST_Point(470248, 173483), 27700)) AS holds_point,
                ST_Y(ST_Centroid(geom_wgs84)) AS lat, ST_X(ST_Centroid(geom_wgs84)) AS lon
           FROM inspire_parcels ORDER BY inspire_id`,
      )
    ).rows;
    // 100 m × 100 m less a 10 m × 10 m hole: 9,900 m²; the hole holds (470248, 173483), so the first does not.
    expect(rows.map((r) => [r.inspire_id, Number(r.area), r.holes, r.holds_point])).toEqual([
      ['16721537', 9_900, 1, false],
      ['16721538', 2_500, 0, false],
    ]);
    expect(rows[0].lat).toBeCloseTo(51.4557, 3);
    expect(rows[0].lon).toBeCloseTo(-0.9903, 3);
  });

  it('refuses a collection whose features do not add up to its own numberMatched, and a file that is not one', async () => {
    const short = write('short.gml', collection(5, [feature(1, [square(470200, 173450, 10)])]));
    await expect(importDataset(deps, inspire, [short])).rejects.toThrow(/1 features read, the collection says 5/);
    const other = write('other.gml', '<?xml version="1.0"?><gml:Polygon xmlns:gml="http://www.opengis.net/gml/3.2"/>');
    await expect(importDataset(deps, inspire, [other])).rejects.toThrow(FormatError);
    expect((await db.query('SELECT count(*)::int AS n FROM inspire_parcels')).rows[0].n).toBe(2);
  });
});
