import { e2eFixture } from '../support/e2e';

// GET /property/analyse through the whole stack: each part must be exactly what its own operation answers for the
// same postcode (asked here directly, separately), or be named in `unavailable` with that operation's own code; the
// context is worked by hand from those answers. Real data: the demo region's Price Paid, postcode files, Indices of
// Deprivation and UK HPI sample; SYNTHETIC certificates. The business clock is on 15 January 2024.

const world = e2eFixture({ caller: { credits: 10_000 } });
beforeAll(() => world.clock.set('2024-01-15T12:00:00Z'));

const get = (path: string, query: Record<string, string>) => world.caller.get(path, query);
const analyse = (query: Record<string, string>, credits: number) => world.caller.paying(credits).get('/property/analyse', query);

describe('with no data imported', () => {
  it('answers 503 SERVICE_UNAVAILABLE when no part can be had, charging nothing', async () => {
    const r = await analyse({ postcode: 'RG30 2AN', price: '650000' }, 0);
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });
});

describe('an analysis', () => {
  beforeAll(
    () => world.importDatasets(['codepoint-open', 'ons-postcode-lookup', 'ppd', 'epc-domestic', 'iod', 'uk-hpi', 'council-tax']),
    300_000,
  );

  const asked = { postcode: 'RG30 2AN', price: '650000', address: '60 Western Elms Avenue', propertyType: 'detached', squareMeters: '211' };

  it("holds each part as its own operation answers it, or names it unavailable with that operation's code", async () => {
    const r = await analyse(asked, 1);
    expect(r.status).toBe(200);
    const a = r.body.data;
    const direct: Array<[string, string, Record<string, string>]> = [
      ['valuation', '/property/valuation', { postcode: 'RG30 2AN', address: '60 Western Elms Avenue' }],
      ['comparables', '/property/sold-comparables', { postcode: 'RG30 2AN', months: '36' }],
      ['crime', '/area/crime', { postcode: 'RG30 2AN' }],
      ['housePriceIndex', '/market/house-price-index', { postcode: 'RG30 2AN', propertyType: 'detached' }],
      ['deprivation', '/area/deprivation', { postcode: 'RG30 2AN' }],
      ['areaStatistics', '/area/statistics', { postcode: 'RG30 2AN' }],
      ['councilTax', '/property/council-tax', { postcode: 'RG30 2AN', address: '60 Western Elms Avenue' }],
    ];
    let answered = 0;
    for (const [part, path, query] of direct) {
      const own = await get(path, query);
      if (own.status === 200) {
        answered++;
        expect([part, a[part]]).toEqual([part, own.body.data]);
      } else {
        expect([part, a[part]]).toEqual([part, null]);
        expect(a.unavailable).toContainEqual({ part, code: own.body.error.code, message: expect.any(String) });
      }
    }
    expect(answered).toBeGreaterThanOrEqual(5); // valuation, comparables, the HPI, deprivation and council tax at least
    expect(a.councilTax.estimatedBand).not.toBeNull();
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toEqual(expect.arrayContaining(['ppd', 'iod', 'uk-hpi']));
  });

  it('reads the price against the valuation and the comparables (worked from their answers)', async () => {
    const a = (await analyse(asked, 1)).body.data;
    const v = a.valuation;
    const difference = 650_000 - v.estimatedValue;
    expect(a.valuationContext).toEqual({
      estimatedValue: v.estimatedValue,
      range: v.range,
      confidenceScore: v.confidence.score,
      priceDifference: difference,
      priceDifferencePercent: Math.round((1000 * difference) / v.estimatedValue) / 10,
      position: 650_000 < v.range.low ? 'below-range' : 650_000 > v.range.high ? 'above-range' : 'within-range',
    });
    const detached = a.comparables.comparables.filter((c: { propertyType: string }) => c.propertyType === 'detached');
    const prices = detached.map((c: { price: number }) => c.price).sort((x: number, y: number) => x - y);
    const mid = prices.length / 2;
    expect(a.comparablesContext).toMatchObject({
      count: a.comparables.totalResults,
      ofType: detached.length,
      medianPrice: prices.length % 2 ? prices[(prices.length - 1) / 2] : Math.round((prices[mid - 1] + prices[mid]) / 2),
    });
    // 650,000 / 211 m² = 3,080.57.
    expect(a.listing).toEqual({ propertyType: 'detached', bedrooms: null, floorArea: 211, pricePerSqM: 3_081, portal: null });
  });

  it('converts square feet, keeps the portal, and without an address says the valuation needs one', async () => {
    const a = (await analyse({ postcode: 'rg302an', price: '650000', squareFeet: '2271', portal: 'rightmove', bedrooms: '5' }, 1)).body
      .data;
    // 2,271 ft² × 0.09290304 = 210.98 m²; 650,000 / 210.98 = 3,080.86.
    expect(a.listing).toEqual({ propertyType: null, bedrooms: 5, floorArea: 210.98, pricePerSqM: 3_081, portal: 'rightmove' });
    expect([a.valuation, a.valuationContext]).toEqual([null, null]);
    expect(a.unavailable).toContainEqual({ part: 'valuation', code: 'ADDRESS_NOT_GIVEN', message: expect.any(String) });
  });

  it.each([
    [{ price: '650000' }, 'INVALID_POSTCODE'],
    [{ postcode: 'RG30', price: '650000' }, 'INVALID_POSTCODE'],
    [{ postcode: 'RG30 2AN' }, 'INVALID_PRICE'],
    [{ postcode: 'RG30 2AN', price: '0' }, 'INVALID_PRICE'],
    [{ postcode: 'RG30 2AN', price: '650000', bedrooms: '-1' }, 'INVALID_PARAMETERS'],
    [{ postcode: 'RG30 2AN', price: '650000', propertyType: 'castle' }, 'INVALID_PARAMETERS'],
  ])('%j: 400 %s, charging nothing', async (query, code) => {
    const r = await analyse(query as Record<string, string>, 0);
    expect([r.status, r.body.error.code]).toEqual([400, code]);
  });
});
