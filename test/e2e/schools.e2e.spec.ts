import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { demoFile, e2eFixture } from '../support/e2e';
import { haversineMetres } from '../support/sphere-distance';
import { decodeWindows1252 } from '../support/windows-1252';

// GET /area/schools through the whole stack, over the demo region's SYNTHETIC GIAS establishments and links and the
// real links file (services/location/demo-data, imported with the import command as npm start imports them). Every
// expected answer is made here separately: the files' lines read with the tests' own Windows-1252 table; each school's
// position from GET /postcodes for its postcode (the synthetic schools stand at their postcodes' Code-Point Open
// positions, so the answer must give the same latitude and longitude); distances as test/support/sphere-distance.ts
// works them out. 2 credits an answer, empty or not; 0 for a refusal.

const establishmentsFile = demoFile('SYNTHETIC_edubasealldata20250422_RG30_RG31_LS.csv');
const syntheticLinksFile = demoFile('SYNTHETIC_links_edubasealldata20250422_RG30_RG31_LS.csv');
const realLinksFile = demoFile('links_edubasealldata20250422.csv.gz');
const fixture2024 = join(__dirname, '../../services/location/src/datasets/test-data/gias/SYNTHETIC_edubasealldata20240717_RG30_RG31.csv');

type Point = { lat: number; lon: number };
const haversine = (a: Point, b: Point) => haversineMetres({ latitude: a.lat, longitude: a.lon }, { latitude: b.lat, longitude: b.lon });

const fieldsOf = (line: string) => [...line.matchAll(/(?:^|,)("[^"]*"|[^,"]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, ''));
const tableOf = (bytes: Buffer) => {
  const [header, ...rows] = decodeWindows1252(bytes).split('\r\n').filter(Boolean).map(fieldsOf);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])) as Record<string, string>);
};
const iso = (d: string) => (d === '' ? null : d.split('-').reverse().join('-'));
const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);
/** The phases' slugs by their published names (the operation's description lists them). */
const phaseSlugs: Record<string, string> = {
  'Not applicable': 'not-applicable',
  Nursery: 'nursery',
  Primary: 'primary',
  Secondary: 'secondary',
  '16 plus': 'sixteen-plus',
  'All-through': 'all-through',
};
const statusSlugs: Record<string, string> = {
  Open: 'open',
  Closed: 'closed',
  'Open, but proposed to close': 'open-proposed-to-close',
  'Proposed to open': 'proposed-to-open',
};

const establishments = tableOf(readFileSync(establishmentsFile));
const syntheticLinks = tableOf(readFileSync(syntheticLinksFile));

const world = e2eFixture({ caller: { credits: 1_000 }, imports: ['codepoint-open', 'ons-postcode-lookup'] });
/** Each school's postcode position, as GET /postcodes gives it. */
const positions = new Map<string, Point>();

const postcodePosition = async (postcode: string): Promise<Point> => {
  const r = await world.caller.get(`/postcodes/${encodeURIComponent(postcode)}`);
  expect([postcode, r.status]).toEqual([postcode, 200]);
  return { lat: r.body.data.latitude, lon: r.body.data.longitude };
};

beforeAll(async () => {
  for (const e of establishments)
    if (e.Easting !== '' && !positions.has(e.Postcode!)) positions.set(e.Postcode!, await postcodePosition(e.Postcode!));
});

/** Calls, checking what it charged: the header, the billing object, and the balance before and after. */
const charged = (query: string, credits: number) => world.caller.paying(credits).get(`/area/schools?${query}`);

/** The establishments the answer must list, nearest first (ties by URN), with their distances, worked out here. */
const expected = (at: Point, radiusMetres: number, options: { phases?: string[]; includeClosed?: boolean } = {}) => {
  const open = ['Open', 'Open, but proposed to close'];
  const within = establishments
    .filter((e) => e.Easting !== '')
    .filter((e) => options.includeClosed || open.includes(e['EstablishmentStatus (name)']!))
    .filter((e) => !options.phases || options.phases.includes(phaseSlugs[e['PhaseOfEducation (name)']!]!))
    .map((e) => ({ e, distance: haversine(at, positions.get(e.Postcode!)!) }));
  // The radius must not sit on a school (a millimetre either way would change the list): the tests choose ones that do not.
  expect(within.some((w) => Math.abs(w.distance - radiusMetres) < 0.01)).toBe(false);
  return within.filter((w) => w.distance <= radiusMetres).sort((a, b) => a.distance - b.distance || Number(a.e.URN) - Number(b.e.URN));
};

/** A school of the answer as the file and the links say it should be. */
const schoolFromFiles = (e: Record<string, string>, distance: number) => {
  const linksOf = (prefix: RegExp) =>
    syntheticLinks
      .filter((l) => l.URN === e.URN && prefix.test(l.LinkType!))
      .map((l) => ({ urn: l.LinkURN, name: l.LinkName, linkType: l.LinkType, establishedOn: iso(l.LinkEstablishedDate!) }));
  const religion = e['ReligiousCharacter (name)']!;
  const position = positions.get(e.Postcode!)!;
  return {
    urn: e.URN,
    name: e.EstablishmentName,
    type: e['TypeOfEstablishment (name)'],
    typeGroup: e['EstablishmentTypeGroup (name)'],
    phase: phaseSlugs[e['PhaseOfEducation (name)']!],
    phaseName: e['PhaseOfEducation (name)'],
    statutoryAgeRange: { low: Number(e.StatutoryLowAge), high: Number(e.StatutoryHighAge) },
    gender: e['Gender (name)'],
    religiousCharacter: ['Does not apply', 'None'].includes(religion) ? null : religion,
    status: statusSlugs[e['EstablishmentStatus (name)']!],
    statusName: e['EstablishmentStatus (name)'],
    openedOn: iso(e.OpenDate!),
    closedOn: iso(e.CloseDate!),
    localAuthority: { code: e['LA (code)'], name: e['LA (name)'] },
    address: {
      street: orNull(e.Street),
      locality: orNull(e.Locality),
      address3: orNull(e.Address3),
      town: orNull(e.Town),
      county: orNull(e['County (name)']),
      postcode: e.Postcode,
    },
    latitude: position.lat,
    longitude: position.lon,
    distanceMetres: Math.round(distance),
    ofsted: null,
    predecessors: linksOf(/^Predecessor/),
    successors: linksOf(/^Successor/),
    otherLinks: linksOf(/^(?!Predecessor|Successor)/),
  };
};

const leedsCentre = 'LS1 4AP';
let leeds: Point;

describe('before any GIAS establishments file is loaded', () => {
  it('refuses with 503 SERVICE_UNAVAILABLE, charging nothing', async () => {
    const r = await charged(`postcode=${encodeURIComponent(leedsCentre)}`, 0);
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(r.body.error.message).toMatch(/No GIAS establishments file is loaded yet/);
  });

  it('imports the demo files as npm start does: every establishment, every link of both links files', async () => {
    expect(await world.importDataset('gias')).toEqual(
      expect.objectContaining({ rows: establishments.length, rejected: 0, vintage: '2025-04-22' }),
    );
    const realLinks =
      decodeWindows1252(gunzipSync(readFileSync(realLinksFile)))
        .split('\r\n')
        .filter(Boolean).length - 1;
    expect(realLinks).toBe(30_421);
    expect(await world.importDataset('gias-links')).toEqual(
      expect.objectContaining({ rows: realLinks + syntheticLinks.length, rejected: 0, vintage: '2025-04-22' }),
    );
  });
});

describe('schools around a place', () => {
  it('lists the open schools within the radius of a postcode, nearest first, as the files and a separate haversine say', async () => {
    leeds = await postcodePosition(leedsCentre);
    const r = await charged(`postcode=${encodeURIComponent(leedsCentre)}&radiusMetres=2000`, 2);
    expect(r.status).toBe(200);
    const want = expected(leeds, 2_000);
    expect(want.length).toBeGreaterThan(5); // a city centre: enough to mean something
    expect(want.length).toBeLessThanOrEqual(20);
    expect(r.body.data).toEqual({
      location: { postcode: leedsCentre, latitude: leeds.lat, longitude: leeds.lon, radiusMetres: 2_000 },
      filters: { phases: null, includeClosed: false, limit: 20 },
      totalWithinRadius: want.length,
      schools: want.map((w) => schoolFromFiles(w.e, w.distance)),
    });
    expect(
      r.body.sources.map((s: { dataset: string; vintage: string; synthetic?: boolean }) => [s.dataset, s.vintage, s.synthetic]),
    ).toEqual([
      ['gias', '2025-04-22', true],
      ['gias-links', '2025-04-22', true],
      ['codepoint-open', '2025.2.0', undefined],
      ['ons-postcode-lookup', expect.any(String), undefined],
    ]);
  });

  it('gives the same answer for the same point given as latitude and longitude', async () => {
    const r = await charged(`latitude=${leeds.lat}&longitude=${leeds.lon}&radiusMetres=2000`, 2);
    expect(r.body.data.location).toEqual({ postcode: null, latitude: leeds.lat, longitude: leeds.lon, radiusMetres: 2_000 });
    expect(r.body.data.schools.map((s: { urn: string }) => s.urn)).toEqual(expected(leeds, 2_000).map((w) => w.e.URN));
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toEqual(['gias', 'gias-links']);
  });

  it('keeps to the phases asked for', async () => {
    const r = await charged(`postcode=${encodeURIComponent(leedsCentre)}&radiusMetres=5000&phase=secondary,all-through,sixteen-plus`, 2);
    const want = expected(leeds, 5_000, { phases: ['secondary', 'all-through', 'sixteen-plus'] });
    expect(new Set(want.map((w) => w.e['PhaseOfEducation (name)']))).toEqual(new Set(['Secondary', 'All-through', '16 plus']));
    expect(r.body.data.filters.phases).toEqual(['secondary', 'all-through', 'sixteen-plus']);
    expect(r.body.data.schools.map((s: { urn: string; phase: string }) => [s.urn, s.phase])).toEqual(
      want.map((w) => [w.e.URN, phaseSlugs[w.e['PhaseOfEducation (name)']!]]),
    );
  });

  it('lists at most `limit`, and counts every one within the radius', async () => {
    const r = await charged(`postcode=${encodeURIComponent(leedsCentre)}&radiusMetres=5000&limit=3`, 2);
    const want = expected(leeds, 5_000);
    expect(want.length).toBeGreaterThan(20);
    expect(r.body.data.totalWithinRadius).toBe(want.length);
    expect(r.body.data.schools.map((s: { distanceMetres: number }) => s.distanceMetres)).toEqual(
      want.slice(0, 3).map((w) => Math.round(w.distance)),
    );
  });

  it('adds closed schools when asked, with their successors; an academy names the school it converted from', async () => {
    // A Reading academy conversion: the closed community school and its academy share the site (and postcode).
    const academy = establishments.find((e) => e['TypeOfEstablishment (name)'] === 'Academy converter' && e['LA (code)'] !== '383')!;
    const before = syntheticLinks.find((l) => l.URN === academy.URN && l.LinkType === 'Predecessor')!;
    const site = positions.get(academy.Postcode!)!;
    const query = `latitude=${site.lat}&longitude=${site.lon}&radiusMetres=100`;
    const openOnly = await charged(query, 2);
    expect(openOnly.body.data.schools.map((s: { urn: string }) => s.urn)).toEqual(expected(site, 100).map((w) => w.e.URN));
    expect(openOnly.body.data.schools[0]).toMatchObject({ urn: academy.URN, distanceMetres: 0, successors: [] });
    expect(openOnly.body.data.schools[0].predecessors).toEqual([
      { urn: before.LinkURN, name: before.LinkName, linkType: 'Predecessor', establishedOn: iso(academy.OpenDate!) },
    ]);
    const all = await charged(`${query}&includeClosed=true`, 2);
    const want = expected(site, 100, { includeClosed: true });
    expect(want.map((w) => w.e.URN).slice(0, 2)).toEqual([before.LinkURN, academy.URN]); // same distance: by URN
    expect(all.body.data.schools).toEqual(want.map((w) => schoolFromFiles(w.e, w.distance)));
    expect(all.body.data.schools[0]).toMatchObject({ status: 'closed', closedOn: iso(want[0]!.e.CloseDate!) });
    expect(all.body.data.schools[0].successors.map((s: { urn: string }) => s.urn)).toEqual([academy.URN]);
  });

  it('never lists a school the file gives no position, whatever the radius', async () => {
    const unplaced = establishments.filter((e) => e.Easting === '').map((e) => e.URN);
    expect(unplaced.length).toBeGreaterThan(0);
    const r = await charged(`postcode=${encodeURIComponent(leedsCentre)}&radiusMetres=5000&includeClosed=true&limit=100`, 2);
    expect(r.body.data.schools.map((s: { urn: string }) => s.urn)).toEqual(
      expected(leeds, 5_000, { includeClosed: true }).map((w) => w.e.URN),
    );
    expect(r.body.data.schools.some((s: { urn: string }) => unplaced.includes(s.urn))).toBe(false);
  });

  it('charges for an answer with no school in it', async () => {
    // Wakefield, 10 km south of Leeds centre: no synthetic school within 100 m.
    const r = await charged('latitude=53.683&longitude=-1.497&radiusMetres=100', 2);
    expect(r.body.data).toMatchObject({ totalWithinRadius: 0, schools: [] });
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    ['both a postcode and a point', 'postcode=LS1%204AP&latitude=53.8&longitude=-1.5'],
    ['neither', 'radiusMetres=500'],
    ['a longitude alone', 'longitude=-1.5'],
    ['a radius under 100 m', 'postcode=LS1%204AP&radiusMetres=99'],
    ['a radius over 5 km', 'postcode=LS1%204AP&radiusMetres=5001'],
    ['a limit of 0', 'postcode=LS1%204AP&limit=0'],
    ['a limit over 100', 'postcode=LS1%204AP&limit=101'],
    ['a phase that is not one', 'postcode=LS1%204AP&phase=infant'],
    ['includeClosed not true or false', 'postcode=LS1%204AP&includeClosed=yes'],
    ['not a postcode', 'postcode=LS1'],
    ['another parameter', 'postcode=LS1%204AP&type=academy'],
  ])('%s: 400 INVALID_PARAMETERS', async (_what, query) => {
    const r = await charged(query, 0);
    expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_PARAMETERS']);
  });

  it('answers 404 POSTCODE_NOT_FOUND for a postcode no dataset places', async () => {
    const r = await charged('postcode=LS99%209ZZ', 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'POSTCODE_NOT_FOUND']);
  });
});

describe('a file with the Ofsted columns (up to January 2025)', () => {
  it('gives each school its last Ofsted rating and inspection date', async () => {
    expect(
      await world.importDataset('gias', [fixture2024], {
        synthetic: 'SYNTHETIC test fixture (infra/demo-data/src/schools/generate.ts)',
      }),
    ).toMatchObject({
      rows: 24,
      vintage: '2024-07-17',
    });
    const fixture = tableOf(readFileSync(fixture2024));
    const rated = fixture.find((e) => e['OfstedRating (name)'] !== '' && e['EstablishmentStatus (name)'] === 'Open')!;
    const site = positions.get(rated.Postcode!)!;
    const r = await charged(`latitude=${site.lat}&longitude=${site.lon}&radiusMetres=100`, 2);
    expect(r.body.data.schools.find((s: { urn: string }) => s.urn === rated.URN).ofsted).toEqual({
      rating: rated['OfstedRating (name)'],
      lastInspectionDate: iso(rated.OfstedLastInsp!),
    });
    expect(r.body.sources[0]).toMatchObject({ dataset: 'gias', vintage: '2024-07-17', synthetic: true });
  });
});

describe('when the location service does not answer', () => {
  it('answers 504 UPSTREAM_TIMEOUT, charging nothing', async () => {
    await world.stack.kill('location');
    try {
      const r = await charged(`postcode=${encodeURIComponent(leedsCentre)}`, 0);
      expect([r.status, r.body.error.code]).toEqual([504, 'UPSTREAM_TIMEOUT']);
    } finally {
      world.stack.spawnInstance('location', 'location', {});
      await world.stack.waitUntilHealthy(60_000);
    }
  });
});
