import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import yauzl from 'yauzl';
import { zipOf } from '../../infra/demo-data/src/epc/zip-writer';
import { demoFile, e2eFixture, sharedDataFile } from '../support/e2e';
import { haversineMetres as haversine } from '../support/sphere-distance';

// GET /area/planning-constraints through the whole stack: the demo region's SYNTHETIC planning constraints (each
// placed by a postcode's position: infra/demo-data/src/planning/constraints.ts), imported with the import
// command, and Code-Point Open's RG and CF (Cardiff) areas, as published. Distances to points are computed here from
// the files' own WKT (test/support/sphere-distance.ts). 2 credits an answer, 0 for a refusal.

const work = mkdtempSync(join(tmpdir(), 'pds-planning-e2e-'));

/** A listed building's published point, from the demo file. */
const listedPoint = (entity: string) => {
  const line = gunzipSync(readFileSync(demoFile('SYNTHETIC_planning-data_listed-building_RG30_RG31.csv.gz')))
    .toString('utf8')
    .split('\r\n')
    .find((l) => l.includes(`,${entity},`))!;
  const [lon, lat] = /POINT\((\S+) (\S+)\)/.exec(line)!.slice(1).map(Number) as [number, number];
  return { latitude: lat, longitude: lon };
};

/** Code-Point Open with the RG and CF areas only, as OS publishes them (the national zip's own members). */
const codePointRgCf = async (): Promise<string> => {
  const wanted = ['Data/CSV/rg.csv', 'Data/CSV/cf.csv', 'Doc/metadata.txt'];
  const files = await new Promise<Array<{ name: string; data: Buffer }>>((resolve, reject) => {
    const found: Array<{ name: string; data: Buffer }> = [];
    yauzl.open(sharedDataFile('os_codepoint_open/codepo_gb.zip'), { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!wanted.includes(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => {
              found.push({ name: entry.fileName, data: Buffer.concat(chunks) });
              zip.readEntry();
            });
        });
      });
      zip.on('end', () => resolve(found));
      zip.readEntry();
    });
  });
  const path = join(work, 'codepo_gb_RG_CF.zip');
  writeFileSync(path, zipOf(files));
  return path;
};

const world = e2eFixture({ caller: { credits: 1_000 } });
const positionOf = async (postcode: string) => (await world.caller.get(`/postcodes/${encodeURIComponent(postcode)}`)).body.data;

beforeAll(async () => {
  await world.importDatasets([{ dataset: 'codepoint-open', files: [await codePointRgCf()] }, 'ons-postcode-lookup']);
  expect(await world.importDataset('planning-data')).toMatchObject({ rows: 11 });
  // A test-made entry over Cardiff (CF10 1AA), in the published layout: planning.data.gov.uk covers England, so a Welsh
  // place must get none of its constraints even where a polygon lies over it.
  const cardiff = await positionOf('CF10 1AA');
  const [w, s, e, n] = [cardiff.longitude - 0.01, cardiff.latitude - 0.01, cardiff.longitude + 0.01, cardiff.latitude + 0.01].map((v) =>
    v.toFixed(6),
  );
  const whs = join(work, 'world-heritage-site.csv');
  writeFileSync(
    whs,
    'dataset,end-date,entity,entry-date,geojson,geometry,name,organisation-entity,point,prefix,quality,reference,start-date,typology,documentation-url,notes,organisation,wikidata,wikipedia,world-heritage-convention-site\r\n' +
      `world-heritage-site,,16109999,2026-10-01,,"MULTIPOLYGON (((${w} ${s},${e} ${s},${e} ${n},${w} ${n},${w} ${s})))",Test-made site over Cardiff,16,,world-heritage-site,some,TEST-1,2000-01-01,geography,,,,,,\r\n`,
  );
  expect(await world.importDataset('planning-data', [whs])).toMatchObject({ rows: 1 });
}, 300_000);

const ask = (query: string, credits = 2) => world.caller.paying(credits).get(`/area/planning-constraints?${query}`);
const kinds = (r: { body: { data: { constraints: Array<{ type: string; distanceMetres: number }> } } }) =>
  r.body.data.constraints.map((c) => [c.type, c.distanceMetres]);

describe('constraints at a place in England', () => {
  it('RG30 1AA: the areas it lies in and the listed building 10 m away, nearest first, with every type counted', async () => {
    const at = await positionOf('RG30 1AA');
    const listed = Math.round(haversine(at, listedPoint('41099901')));
    expect(listed).toBe(10);
    const r = await ask('postcode=RG30%201AA');
    expect(r.status).toBe(200);
    expect(kinds(r)).toEqual([
      ['article-4-direction-area', 0],
      ['conservation-area', 0],
      ['listed-building', listed],
    ]);
    expect(r.body.data).toMatchObject({
      country: 'england',
      applicable: true,
      count: 3,
      location: { postcode: 'RG30 1AA', radiusMetres: 25 },
    });
    expect(r.body.data.byType).toEqual({
      'conservation-area': 1,
      'listed-building': 1,
      'listed-building-outline': 0,
      'article-4-direction-area': 1,
      'tree-preservation-zone': 0,
      'flood-risk-zone': 0,
      'green-belt': 0,
      'area-of-outstanding-natural-beauty': 0,
      'scheduled-monument': 0,
      'world-heritage-site': 0,
      'world-heritage-site-buffer-zone': 0,
    });
    expect(r.body.data.constraints[2]).toEqual({
      type: 'listed-building',
      typeName: 'Listed building',
      name: 'Synthetic listed house, Oxford Road',
      reference: '9990001',
      entity: 41_099_901,
      distanceMetres: listed,
      startDate: '1972-03-01',
      details: { 'listed-building-grade': 'II' },
    });
    const sources = r.body.sources as Array<{ dataset: string; synthetic?: boolean }>;
    expect(sources.map((s) => [s.dataset, s.synthetic ?? false])).toEqual([
      ['planning-data', true],
      ['codepoint-open', false],
      ['ons-postcode-lookup', false],
    ]);
  });

  it('RG30 1AA: 0 m finds only the areas; 50 m also the listed chapel 40 m away', async () => {
    expect(kinds(await ask('postcode=RG30%201AA&radiusMetres=0'))).toEqual([
      ['article-4-direction-area', 0],
      ['conservation-area', 0],
    ]);
    const chapel = Math.round(haversine(await positionOf('RG30 1AA'), listedPoint('41099902')));
    expect(kinds(await ask('postcode=RG30%201AA&radiusMetres=50'))).toEqual([
      ['article-4-direction-area', 0],
      ['conservation-area', 0],
      ['listed-building', 10],
      ['listed-building', chapel],
    ]);
  });

  it('RG30 4UN: flood zones 3 and 2, with their level and type as published', async () => {
    const r = await ask('postcode=RG30%204UN');
    expect(r.body.data.constraints.map((c: { reference: string; details: object }) => [c.reference, c.details])).toEqual([
      ['999001/3', { 'flood-risk-level': '3', 'flood-risk-type': 'Fluvial Models' }],
      ['999002/2', { 'flood-risk-level': '2', 'flood-risk-type': 'Fluvial Models' }],
    ]);
  });

  it('RG30 3EJ: an ended conservation area is not in force; a scheduled monument 80 m north is found within 100 m', async () => {
    expect((await ask('postcode=RG30%203EJ')).body.data).toMatchObject({ applicable: true, count: 0, constraints: [] });
    const wider = await ask('postcode=RG30%203EJ&radiusMetres=100');
    expect(kinds(wider).map(([k]) => k)).toEqual(['scheduled-monument']);
    // 100 m north to the square's centre, less half its 40 m side, on the National Grid (a little more on the sphere).
    expect(wider.body.data.constraints[0].distanceMetres).toBeGreaterThanOrEqual(79);
    expect(wider.body.data.constraints[0].distanceMetres).toBeLessThanOrEqual(81);
  });

  it('RG31 7ZL: green belt and a national landscape; RG31 5PD: a tree preservation zone', async () => {
    const west = await ask('postcode=RG31%207ZL');
    expect(west.body.data.constraints.map((c: { type: string; details: object }) => [c.type, c.details])).toEqual([
      ['area-of-outstanding-natural-beauty', {}],
      ['green-belt', { 'green-belt-core': 'London' }],
    ]);
    expect(kinds(await ask('postcode=RG31%205PD'))).toEqual([['tree-preservation-zone', 0]]);
  });
});

describe('Wales, and refusals', () => {
  it('CF10 1AA (Cardiff): none, even under a polygon, applicable false; the same by latitude and longitude', async () => {
    const byPostcode = await ask('postcode=CF10%201AA');
    expect(byPostcode.body.data).toMatchObject({ country: 'wales', applicable: false, count: 0, constraints: [] });
    expect((byPostcode.body.sources as Array<{ dataset: string }>).map((s) => s.dataset)).not.toContain('planning-data');
    const at = await positionOf('CF10 1AA');
    const byPoint = await ask(`latitude=${at.latitude}&longitude=${at.longitude}`);
    expect(byPoint.body.data).toMatchObject({ country: 'wales', applicable: false, count: 0 });
  });

  it('refuses bad parameters and unknown postcodes, charging nothing', async () => {
    for (const query of ['postcode=RG30%201AA&radiusMetres=501', 'radiusMetres=10', 'postcode=RG30%201AA&latitude=51']) {
      const r = await ask(query, 0);
      expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_PARAMETERS']);
    }
    const unknown = await ask('postcode=RG30%200ZZ', 0);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'POSTCODE_NOT_FOUND']);
  });
});
