import { policeSimulatorDescription } from '@pds/infra';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { demoFile, e2eFixture } from '../support/e2e';
import { haversineMetres } from '../support/sphere-distance';

// GET /area/crime through the whole stack, over the two real months of West Yorkshire street-level crime (police.uk,
// whole files: /work/shared/data/MANIFEST.md). July 2016 is imported with the import command; July 2017 is at first
// only in the police.uk API's test environment (which serves the same demo files in the API's format), then imported.
// Every expected count is made here separately: the files' lines split on commas (no field of them is quoted), and
// the great-circle distance as test/support/sphere-distance.ts works it out. 2 credits an answer, 0 for a refusal.

const july2016 = demoFile('2016-07-west-yorkshire-street.csv.gz');
const july2017 = demoFile('2017-07-west-yorkshire-street.csv.gz');

const haversine = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineMetres({ latitude: a.lat, longitude: a.lon }, { latitude: b.lat, longitude: b.lon });
const slugs: Record<string, string> = {
  'Anti-social behaviour': 'anti-social-behaviour',
  'Bicycle theft': 'bicycle-theft',
  Burglary: 'burglary',
  'Criminal damage and arson': 'criminal-damage-arson',
  Drugs: 'drugs',
  'Other theft': 'other-theft',
  'Possession of weapons': 'possession-of-weapons',
  'Public order': 'public-order',
  Robbery: 'robbery',
  Shoplifting: 'shoplifting',
  'Theft from the person': 'theft-from-the-person',
  'Vehicle crime': 'vehicle-crime',
  'Violence and sexual offences': 'violent-crime',
  'Other crime': 'other-crime',
};
const records = (path: string) =>
  gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(','))
    .filter((f) => f[4] !== '')
    .map((f) => ({ lon: Number(f[4]), lat: Number(f[5]), type: f[9] as string }));
/** Counts by category slug (every category present, 0 when none) of the records within `radius` of the point. */
const expected = (path: string, at: { lat: number; lon: number }, radius: number) => {
  const counts = Object.fromEntries(Object.values(slugs).map((s) => [s, 0]));
  const distances: number[] = [];
  for (const r of records(path)) {
    const d = haversine(at, r);
    distances.push(d);
    if (d <= radius) counts[slugs[r.type] as string] = (counts[slugs[r.type] as string] ?? 0) + 1;
  }
  // The radius must not sit on a record (a millimetre either way would change the count): the tests choose ones that do not.
  expect(distances.some((d) => Math.abs(d - radius) < 0.01)).toBe(false);
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
};

const world = e2eFixture({ caller: { credits: 1_000 }, imports: ['codepoint-open', 'ons-postcode-lookup'] });
beforeAll(async () => expect(await world.importDataset('police-uk', [july2016])).toMatchObject({ rows: 27_176, vintage: '2016-07' }));

/** Calls, checking what it charged: the header, the billing object, and the balance before and after. */
const charged = (query: string, credits: number) => world.caller.paying(credits).get(`/area/crime?${query}`);

// Leeds city centre: LS1 4AP, Code-Point Open 429363 433330 (converted by OSTN15, as GET /postcodes answers it).
const postcode = 'LS1 4AP';
let leeds: { lat: number; lon: number };

describe('crime counted from the imported street-level files', () => {
  it('counts the records within the radius of a postcode by category, as a separate count over the file does', async () => {
    const position = (await world.caller.get(`/postcodes/${encodeURIComponent(postcode)}`)).body.data;
    leeds = { lat: position.latitude, lon: position.longitude };
    const r = await charged(`postcode=${encodeURIComponent(postcode)}&radiusMetres=500&from=2016-07&to=2016-07`, 2);
    expect(r.status).toBe(200);
    const want = expected(july2016, leeds, 500);
    expect(want.total).toBeGreaterThan(50); // a city centre: enough to mean something
    expect(r.body.data).toMatchObject({
      location: { postcode, latitude: leeds.lat, longitude: leeds.lon, radiusMetres: 500 },
      period: { from: '2016-07', to: '2016-07', monthsAnswered: ['2016-07'], monthsNotHeld: [] },
      origin: 'bulk',
      totalCrimes: want.total,
      byCategory: want.counts,
      byMonth: [{ month: '2016-07', totalCrimes: want.total, byCategory: want.counts }],
    });
    const nearest = r.body.data.nearest as Array<{ distanceMetres: number; month: string; lsoa: { code: string } }>;
    expect(nearest).toHaveLength(10);
    expect(nearest.map((n) => n.distanceMetres)).toEqual([...nearest.map((n) => n.distanceMetres)].sort((a, b) => a - b));
    expect(nearest.every((n) => n.distanceMetres <= 500 && n.month === '2016-07' && /^E01/.test(n.lsoa.code))).toBe(true);
    // The wider circle (4 × 500 m = 2 km) counted the same way.
    const wider = expected(july2016, leeds, 2_000).total;
    const density = (n: number, m: number) => n / ((Math.PI * m * m) / 1e6);
    expect(r.body.data.comparison).toEqual({
      widerRadiusMetres: 2_000,
      widerTotalCrimes: wider,
      crimesPerSqKm: Math.round(density(want.total, 500) * 10) / 10,
      widerCrimesPerSqKm: Math.round(density(wider, 2_000) * 10) / 10,
      ratio: Math.round((density(want.total, 500) / density(wider, 2_000)) * 100) / 100,
      relative: density(want.total, 500) / density(wider, 2_000) > 1.2 ? 'higher' : 'similar',
    });
    expect((r.body.sources as Array<{ dataset: string }>).map((s) => s.dataset)).toEqual([
      'police-uk',
      'codepoint-open',
      'ons-postcode-lookup',
    ]);
  });

  it('gives the same counts for the same point given as latitude and longitude, and the latest month held by default', async () => {
    const byPoint = await charged(`latitude=${leeds.lat}&longitude=${leeds.lon}&radiusMetres=1234`, 2);
    const want = expected(july2016, leeds, 1_234);
    expect(byPoint.body.data).toMatchObject({
      location: { postcode: null, latitude: leeds.lat, longitude: leeds.lon, radiusMetres: 1_234 },
      period: { from: '2016-07', to: '2016-07' },
      totalCrimes: want.total,
      byCategory: want.counts,
    });
  });

  it('counts no crime, and charges for the answer, where the month is held but nothing lies within the radius', async () => {
    // A field 3 km west of Wetherby (53.9250, -1.4320): West Yorkshire, with records within 10 km but not within 25 m.
    const want = expected(july2016, { lat: 53.925, lon: -1.432 }, 25);
    expect(want.total).toBe(0);
    const r = await charged('latitude=53.925&longitude=-1.432&radiusMetres=25&from=2016-07', 2);
    expect(r.body.data).toMatchObject({ totalCrimes: 0, nearest: [], origin: 'bulk' });
  });
});

describe('a month the import does not hold, from the live API', () => {
  it('asks the police.uk API for it, and counts its crimes within the radius the same way', async () => {
    await world.openData.resetRequests();
    const r = await charged(`postcode=${encodeURIComponent(postcode)}&radiusMetres=750&from=2017-07`, 2);
    const want = expected(july2017, leeds, 750);
    expect(r.body.data).toMatchObject({
      origin: 'live_api',
      period: { from: '2017-07', to: '2017-07', monthsAnswered: ['2017-07'], monthsNotHeld: [] },
      totalCrimes: want.total,
      byCategory: want.counts,
      comparison: null,
    });
    expect(r.body.data.nearest[0]).toMatchObject({ lsoa: null, month: '2017-07' });
    expect(r.body.sources[0]).toEqual({
      dataset: 'police-uk-api',
      title: 'police.uk API: street-level crime, live',
      publisher: 'Home Office (data.police.uk)',
      vintage: '2017-07',
      licence: 'Open Government Licence v3.0',
      attribution: policeSimulatorDescription,
      synthetic: true,
    });
    expect((await world.openData.requests())['police-street-crimes']).toBe(1);
  });

  it('answers 502 CRIME_SERVICE_ERROR, charging nothing, when the API fails or stays silent past its budget', async () => {
    await world.openData.setFaults([{ operation: 'police-street-crimes', mode: 'error' }]);
    const failed = await charged(`postcode=${encodeURIComponent(postcode)}&from=2017-07`, 0);
    expect([failed.status, failed.body.error.code]).toEqual([502, 'CRIME_SERVICE_ERROR']);
    await world.openData.setFaults([{ operation: 'police-street-crimes', mode: 'slow', delayMs: 20_000 }]);
    const started = Date.now();
    const slow = await charged(`postcode=${encodeURIComponent(postcode)}&from=2017-07`, 0);
    expect([slow.status, slow.body.error.code]).toEqual([502, 'CRIME_SERVICE_ERROR']);
    expect(Date.now() - started).toBeLessThan(5_000); // the live budget (3.5 s), not the API's 20 s
    await world.openData.setFaults([{ operation: 'police-street-crimes', mode: 'too_many' }]);
    expect((await charged(`postcode=${encodeURIComponent(postcode)}&from=2017-07`, 0)).status).toBe(502);
  });

  it('is answered from the import once the month is imported, the first month undisturbed', async () => {
    expect(await world.importDataset('police-uk', [july2017])).toMatchObject({ rows: 28_537, vintage: '2016-07 to 2017-07' });
    const first = expected(july2016, leeds, 750);
    const second = expected(july2017, leeds, 750);
    for (const [month, want] of [
      ['2016-07', first],
      ['2017-07', second],
    ] as const) {
      const r = await charged(`postcode=${encodeURIComponent(postcode)}&radiusMetres=750&from=${month}`, 2);
      expect(r.body.data).toMatchObject({
        origin: 'bulk',
        period: { monthsAnswered: [month], monthsNotHeld: [] },
        totalCrimes: want.total,
        byMonth: [{ month, totalCrimes: want.total, byCategory: want.counts }],
      });
    }
    // And with no months asked for, the latest held.
    expect((await charged(`postcode=${encodeURIComponent(postcode)}&radiusMetres=750`, 2)).body.data.period.from).toBe('2017-07');
    // Months asked for beyond those held are named, not counted.
    const partly = await charged(`postcode=${encodeURIComponent(postcode)}&radiusMetres=750&from=2017-06&to=2017-08`, 2);
    expect(partly.body.data).toMatchObject({
      period: { monthsAnswered: ['2017-07'], monthsNotHeld: ['2017-06', '2017-08'] },
      totalCrimes: second.total,
    });
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    ['both a postcode and a point', `postcode=LS1%204AP&latitude=53.8&longitude=-1.5`, 'INVALID_PARAMETERS'],
    ['neither', 'radiusMetres=500', 'INVALID_PARAMETERS'],
    ['a latitude alone', 'latitude=53.8', 'INVALID_PARAMETERS'],
    ['a radius under 25 m', 'postcode=LS1%204AP&radiusMetres=24', 'INVALID_PARAMETERS'],
    ['a radius over 2 km', 'postcode=LS1%204AP&radiusMetres=2001', 'INVALID_PARAMETERS'],
    ['months the wrong way round', 'postcode=LS1%204AP&from=2017-07&to=2016-07', 'INVALID_PARAMETERS'],
    ['more than 12 months', 'postcode=LS1%204AP&from=2016-07&to=2017-07', 'INVALID_PARAMETERS'],
    ['a month before police.uk began', 'postcode=LS1%204AP&from=2010-11', 'INVALID_PARAMETERS'],
    ['a month that is not one', 'postcode=LS1%204AP&from=2016-13', 'INVALID_PARAMETERS'],
    ['not a postcode', 'postcode=LS1', 'INVALID_PARAMETERS'],
    ['another parameter', 'postcode=LS1%204AP&force=wy', 'INVALID_PARAMETERS'],
  ])('%s: 400 %s', async (_what, query, code) => {
    const r = await charged(query, 0);
    expect([r.status, r.body.error.code]).toEqual([400, code]);
  });

  it('answers 404 POSTCODE_NOT_FOUND for a postcode no dataset places', async () => {
    const r = await charged('postcode=LS99%209ZZ', 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'POSTCODE_NOT_FOUND']);
  });

  it('answers 404 CRIME_DATA_NOT_HELD where no month is held and no live API is configured', async () => {
    await world.stack.kill('location');
    world.stack.spawnInstance('location', 'location', { POLICE_API_URL: '' });
    await world.stack.waitUntilHealthy(60_000);
    const r = await charged('postcode=RG30%201AA&from=2017-07', 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'CRIME_DATA_NOT_HELD']);
  });
});
