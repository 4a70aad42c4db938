import { chargedCredits as charged, e2eFixture, type Caller } from '../support/e2e';

// GET /property/boundary over the whole stack: the demo region's Code-Point Open and SYNTHETIC addresses and INSPIRE
// polygons imported with the import command, and the registry test environment's demo-region titles (194 Oxford Road
// with one freehold title; 250 Oxford Road with two). Costs from the specification: 35 credits per completed lookup.

const world = e2eFixture({ imports: ['codepoint-open', 'addressbase'] });

const customer = () => world.fundedCaller({ credits: 1_000 });
const boundary = (c: Caller, query: Record<string, string>) => c.get('/property/boundary', query);

/** Whether (x, y) is inside the closed ring or on its edge (crossing number, edges counted). */
const inRing = (ring: number[][], x: number, y: number) => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
};

describe('GET /property/boundary before any INSPIRE polygon is imported', () => {
  it('finds the property but no polygon: 404 BOUNDARY_NOT_FOUND, nothing charged', async () => {
    const c = await customer();
    const r = await boundary(c, { uprn: '993262081585' });
    expect([r.status, r.body.error?.code, charged(r)]).toEqual([404, 'BOUNDARY_NOT_FOUND', 0]);
    expect(await c.balance()).toBe(1_000);
  });
});

describe('GET /property/boundary', () => {
  beforeAll(() => world.importDataset('inspire'));

  it('answers 194 Oxford Road by UPRN: its polygon holds its point, its one freehold title, 35 credits', async () => {
    const c = await customer();
    const r = await boundary(c, { uprn: '993262081585' });
    expect([r.status, charged(r)]).toEqual([200, 35]);
    expect(r.body.billing).toMatchObject({ creditsCharged: 35 });
    expect(await c.balance()).toBe(965);
    const d = r.body.data;
    expect(d.property).toMatchObject({ uprn: '993262081585', postcode: 'RG30 1AA' });
    expect(d.property.address).toMatch(/^194 Oxford Road/i);
    expect(d.matchedBy).toBe('uprn');
    expect(d.title).toEqual({ titleNumber: 'BK301194', tenure: 'freehold', matchedAddress: '194 Oxford Road, Reading RG30 1AA' });
    // The polygon (British National Grid, as published) holds the property's point; so does its WGS84 form.
    expect(inRing(d.boundary.britishNationalGrid.coordinates[0], d.property.eastings, d.property.northings)).toBe(true);
    expect(inRing(d.boundary.geojson.geometry.coordinates[0], d.property.longitude, d.property.latitude)).toBe(true);
    expect(d.boundary.geojson).toMatchObject({ type: 'Feature', geometry: { type: 'Polygon' }, properties: { titleNumber: 'BK301194' } });
    // GPS points: the exterior ring, closed, as latitude/longitude (a square: five points).
    const ring = d.boundary.geojson.geometry.coordinates[0];
    expect(d.boundary.gpsPoints).toEqual(ring.map(([longitude, latitude]: number[]) => ({ latitude, longitude })));
    expect(d.boundary.gpsPoints).toHaveLength(5);
    expect(d.boundary.areaSquareMetres).toBeGreaterThan(0);
    expect(d.generalBoundaries).toMatch(/general boundaries/i);
    expect(r.body.sources.map((s: any) => [s.dataset, s.synthetic ?? false])).toEqual([
      ['addressbase', true],
      ['inspire', true],
    ]);
  });

  it('asks which title of 250 Oxford Road (409 with both, free), then answers the one named by titleNumber', async () => {
    const c = await customer();
    const ambiguous = await boundary(c, { address: '250 Oxford Road', postcode: 'rg301ab' });
    expect([ambiguous.status, ambiguous.body.error?.code, charged(ambiguous)]).toEqual([409, 'TITLE_AMBIGUOUS', 0]);
    expect(ambiguous.body.error.candidates).toEqual([
      { titleNumber: 'BK302250', tenure: 'freehold', matchedAddress: '250 Oxford Road, Reading RG30 1AB' },
      { titleNumber: 'BK302251', tenure: 'freehold', matchedAddress: 'Land at the rear of 250 Oxford Road, Reading RG30 1AB' },
    ]);
    const chosen = await boundary(c, { address: '250 Oxford Road', postcode: 'RG30 1AB', titleNumber: 'bk 302251' });
    expect([chosen.status, charged(chosen), chosen.body.data.title.titleNumber, chosen.body.data.matchedBy]).toEqual([
      200,
      35,
      'BK302251',
      'address',
    ]);
    expect(chosen.body.data.property.uprn).toBe('995106020908');
    const wrong = await boundary(c, { uprn: '995106020908', titleNumber: 'BK301194' });
    expect([wrong.status, wrong.body.error?.code, charged(wrong)]).toEqual([422, 'TITLE_NOT_MATCHED', 0]);
    expect(await c.balance()).toBe(965);
  });

  it('answers a property the registry has no title for with its polygon and no title', async () => {
    const c = await customer();
    // 200 Oxford Road, RG30 1AB: a Price Paid address of the demo region the registry test environment does not hold.
    const r = await boundary(c, { address: '200 Oxford Road', postcode: 'RG30 1AB' });
    expect([r.status, charged(r), r.body.data.title]).toEqual([200, 35, null]);
    expect(
      inRing(r.body.data.boundary.britishNationalGrid.coordinates[0], r.body.data.property.eastings, r.body.data.property.northings),
    ).toBe(true);
  });

  it('asks which flat when an address names a block of flats but not the flat (409 with the flats, free)', async () => {
    const c = await customer();
    // Wheeler Court, RG31 6JB: Price Paid has sales of flats 1 to 39 (not all) and none of the block itself.
    const block = await boundary(c, { address: 'Wheeler Court', postcode: 'RG31 6JB' });
    expect([block.status, block.body.error?.code, charged(block)]).toEqual([409, 'ADDRESS_AMBIGUOUS', 0]);
    const candidates = block.body.error.candidates as { uprn: string; address: string; postcode: string }[];
    expect(candidates.length).toBeGreaterThan(30);
    expect(candidates.every((a) => /^Flat \d+, Wheeler Court, /.test(a.address) && a.postcode === 'RG31 6JB')).toBe(true);
    expect(candidates).toContainEqual({
      uprn: '993732906077',
      address: 'Flat 10, Wheeler Court, Armour Hill, Tilehurst, Reading, RG31 6JB',
      postcode: 'RG31 6JB',
    });
    // Naming the flat (the word "Flat" may be left out) settles it; flat 1 is not flat 10.
    for (const address of ['Flat 10, Wheeler Court', '10 wheeler ct']) {
      const r = await boundary(c, { address, postcode: 'RG31 6JB' });
      expect([address, r.status, r.body.data?.property.uprn]).toEqual([address, 200, '993732906077']);
    }
    const one = await boundary(c, { address: 'Flat 1 Wheeler Court', postcode: 'RG31 6JB' });
    expect(one.body.data.property.uprn).toBe('998797326412');
    expect(await c.balance()).toBe(1_000 - 3 * 35);
  });

  it('refuses, charging nothing: bad or missing parameters, Scotland, an unknown property', async () => {
    const c = await customer();
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'INVALID_PARAMETERS'],
      [{ uprn: '993262081585', address: '194 Oxford Road', postcode: 'RG30 1AA' }, 400, 'INVALID_PARAMETERS'],
      [{ address: '194 Oxford Road' }, 400, 'INVALID_PARAMETERS'],
      [{ uprn: '12ab' }, 400, 'INVALID_PARAMETERS'],
      [{ address: '194 Oxford Road', postcode: 'not a postcode' }, 400, 'INVALID_POSTCODE'],
      [{ address: '1 Princes Street', postcode: 'EH2 2EQ' }, 400, 'OUTSIDE_ENGLAND_AND_WALES'],
      [{ uprn: '1' }, 404, 'PROPERTY_NOT_FOUND'],
      [{ address: '9999 Oxford Road', postcode: 'RG30 1AA' }, 404, 'PROPERTY_NOT_FOUND'],
    ];
    for (const [query, status, code] of cases) {
      const r = await boundary(c, query);
      expect([JSON.stringify(query), r.status, r.body.error?.code, charged(r)]).toEqual([JSON.stringify(query), status, code, 0]);
    }
    expect(await c.balance()).toBe(1_000);
  });

  it('answers 503 with a retry time when the registry delays the title search, charging nothing', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'search', mode: 'delay', retryAfterSeconds: 120 }]);
    const r = await boundary(c, { uprn: '993262081585' });
    expect([r.status, r.body.error?.code, charged(r)]).toEqual([503, 'LAND_REGISTRY_DELAYED', 0]);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(await c.balance()).toBe(1_000);
  });
});
