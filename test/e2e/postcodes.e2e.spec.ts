import { e2eFixture, onspdSample, type ImportSummary } from '../support/e2e';

// Postcodes and the datasets behind them, through the whole stack: the real published files (the demo region's
// Code-Point Open and ONS lookup cut, and the ONSPD sample) imported with the import command into the stack's
// database, then read back through the API. Expected values are the files' own (quoted beside each).

/** The attribution lines the data manifest gives for each (shared/data/MANIFEST.md). */
const attributions = {
  'codepoint-open':
    'Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. ' +
    'Contains National Statistics data © Crown copyright and database right 2025.',
  'ons-postcode-lookup':
    'Source: Office for National Statistics licensed under the Open Government Licence v.3.0. Contains OS data © Crown copyright and database ' +
    'right 2022. Contains Royal Mail data © Royal Mail copyright and database right 2022.',
};

const world = e2eFixture({ caller: { credits: 1_000 } });
let imported: Record<string, ImportSummary>;
beforeAll(async () => {
  const summaries = await world.importDatasets(['codepoint-open', 'ons-postcode-lookup', onspdSample]);
  imported = Object.fromEntries(summaries.map((summary) => [summary.dataset, summary]));
});

const get = (path: string) => world.caller.get(path);

describe('the import command into the stack', () => {
  it("prints one JSON summary per import with the files' row counts", () => {
    // rg.csv, ls.csv and wf.csv have 23,727, 22,059 and 14,728 rows (Doc/metadata.txt: RG 23727, LS 22059, WF 14728);
    // the cut lookup has every RG, LS and WF row of the May 2022 file (96,726: a separate count of its lines).
    expect(imported['codepoint-open']).toMatchObject({
      dataset: 'codepoint-open',
      vintage: '2025.2.0',
      rows: 23_727 + 22_059 + 14_728,
      rejected: 0,
    });
    expect(imported['ons-postcode-lookup']).toMatchObject({
      dataset: 'ons-postcode-lookup',
      vintage: '2022-05',
      rows: 96_726,
      rejected: 0,
    });
    expect(imported.onspd).toMatchObject({ dataset: 'onspd', rows: 7_243, rejected: 0 });
  });
});

describe('GET /datasets', () => {
  it('lists each dataset serving with its version, rows and attribution, free', async () => {
    const r = await get('/datasets');
    expect([r.status, r.headers.get('x-credits-charged'), r.body.billing]).toEqual([200, '0', undefined]);
    const byName = Object.fromEntries((r.body.data.datasets as any[]).map((d) => [d.dataset, d]));
    expect(byName['codepoint-open']).toMatchObject({
      title: 'OS Code-Point Open',
      publisher: 'Ordnance Survey',
      vintage: '2025.2.0',
      version: 1,
      rows: 23_727 + 22_059 + 14_728,
      rejected: 0,
      licence: 'Open Government Licence v3.0',
      attribution: attributions['codepoint-open'],
      synthetic: false,
    });
    expect(byName['ons-postcode-lookup']).toMatchObject({
      vintage: '2022-05',
      rows: 96_726,
      attribution: attributions['ons-postcode-lookup'],
    });
    expect(byName.onspd).toMatchObject({ rows: 7_243, publisher: 'Office for National Statistics' });
  });
});

describe('GET /postcodes/{postcode}', () => {
  it("answers a live postcode with Code-Point's position and the lookup's areas, naming both in sources, free", async () => {
    const before = await world.caller.balance();
    const r = await get('/postcodes/rg301aa');
    expect([r.status, r.headers.get('x-credits-charged')]).toEqual([200, '0']);
    // rg.csv: "RG30 1AA",10,470248,173483,"E92000001",…,"E06000038","E05013865"
    // lookup: "RG301AA","RG30 1AA","RG30 1AA","199507","","0","E00082636","E01016360","E02003395","E06000038","Reading 007D","Reading 007","Reading",""
    expect(r.body.data).toMatchObject({
      postcode: 'RG30 1AA',
      eastings: 470248,
      northings: 173483,
      positionalQuality: 10,
      country: { code: 'E92000001', name: 'England' },
      localAuthority: { code: 'E06000038', name: 'Reading' },
      lsoa: { code: 'E01016360', name: 'Reading 007D' },
      msoa: { code: 'E02003395', name: 'Reading 007' },
      census: 2011,
      terminated: false,
      introduced: '1995-07',
      terminatedAt: null,
    });
    // West Reading, converted from the National Grid by OSTN15.
    expect(r.body.data.latitude).toBeCloseTo(51.456, 2);
    expect(r.body.data.longitude).toBeCloseTo(-0.99, 2);
    expect(r.body.sources.map((s: any) => [s.dataset, s.vintage, s.attribution])).toEqual([
      ['codepoint-open', '2025.2.0', attributions['codepoint-open']],
      ['ons-postcode-lookup', '2022-05', attributions['ons-postcode-lookup']],
    ]);
    expect(await world.caller.balance()).toBe(before);
  });

  it('keeps a terminated postcode with its dates', async () => {
    // lookup: "RG1 1AA","RG1  1AA","RG1 1AA","199007","200910",… (terminated October 2009)
    const r = await get('/postcodes/RG1%201AA');
    expect(r.body.data).toMatchObject({ postcode: 'RG1 1AA', terminated: true, introduced: '1990-07', terminatedAt: '2009-10' });
  });

  it("answers ONSPD's published coordinates to 6 decimals where ONSPD holds the postcode", async () => {
    // ONSPD sample: SE1 2DL,…,533951,0179544,1,…,51.498972,-0.071609,…
    const r = await get('/postcodes/SE12DL');
    expect(r.body.data).toMatchObject({
      postcode: 'SE1 2DL',
      latitude: 51.498972,
      longitude: -0.071609,
      eastings: 533951,
      northings: 179544,
    });
    expect(r.body.sources.map((s: any) => s.dataset)).toEqual(['onspd']);
  });

  it('refuses a string that is not a postcode (400) and answers 404 for one no dataset holds, charging nothing', async () => {
    const bad = await get('/postcodes/not-a-postcode');
    expect([bad.status, bad.body.error.code, bad.headers.get('x-credits-charged')]).toEqual([400, 'INVALID_POSTCODE', '0']);
    const unknown = await get('/postcodes/ZZ99%209ZZ');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'POSTCODE_NOT_FOUND']);
  });
});
