import { demoFile, demoLookupWith, e2eFixture } from '../support/e2e';

// GET /property/council-tax through the whole stack, with the real council tax file the demo ships and the real
// postcode lookup (the demo region's, with the rows of the national file for Cardiff's CF10 1 sector, Edinburgh's EH1 1
// and Belfast's BT1 1). Charges are worked by hand from the file's Band D (Reading 2,612.77; Cardiff 2,013.18; City of
// Edinburgh 1,563.51) times each band's proportion in law, to the penny; counts are the file's. 2 credits an answer.

const lookup = demoLookupWith((l) => l.startsWith('"CF101') || l.startsWith('"EH1 1') || l.startsWith('"BT1 1'));
const councilTaxFile = demoFile('la_council_tax_bandD_2026-27_ctsop_2025.csv');

const world = e2eFixture({
  caller: { credits: 1_000 },
  imports: ['codepoint-open', { dataset: 'ons-postcode-lookup', files: [lookup.file] }, 'addressbase', 'ppd', 'uk-hpi'],
});

const councilTax = (query: Record<string, string>, credits: number) => world.caller.paying(credits).get('/property/council-tax', query);
const charges = (body: { data: { bands: Array<{ band: string; annualCharge: number }> } }) =>
  Object.fromEntries(body.data.bands.map((b) => [b.band, b.annualCharge]));

describe('before the council tax figures are imported', () => {
  it('answers 503 SERVICE_UNAVAILABLE, charging nothing', async () => {
    const r = await councilTax({ postcode: 'RG30 2AN' }, 0);
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });
});

describe('council tax', () => {
  beforeAll(async () => expect(await world.importDataset('council-tax', [councilTaxFile])).toMatchObject({ rows: 360 }), 120_000);

  it('an English home: Reading, every band by ninths of Band D, the VOA counts, an estimated band from its value', async () => {
    const asked = { address: '60 Western Elms Avenue', postcode: 'RG30 2AN' };
    const r = await councilTax(asked, 2);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.billingAuthority).toEqual({ code: 'E06000038', name: 'Reading', nation: 'England' });
    expect([d.year, d.bandD, d.valuationDate, d.dwellingsCountedOn]).toEqual(['2026-27', 2612.77, '1991-04-01', '2025-03-31']);
    // 2612.77 × 6/9 = 1741.8467, × 7/9 = 2032.1544, × 8/9 = 2322.4622, × 11/9 = 3193.3856, × 13/9 = 3774.0011,
    // × 15/9 = 4354.6167, × 18/9 = 5225.54.
    expect(charges(r.body)).toEqual({ A: 1741.85, B: 2032.15, C: 2322.46, D: 2612.77, E: 3193.39, F: 3774.0, G: 4354.62, H: 5225.54 });
    expect(d.bands.map((b: { dwellings: number }) => b.dwellings)).toEqual([7270, 14990, 31530, 12220, 5920, 3390, 1910, 100]);
    expect(d.bands[0]).toMatchObject({ ratio: '6/9', valuedAbove: null, valuedUpTo: 40_000 });
    expect(d.bands[7]).toMatchObject({ ratio: '18/9', valuedAbove: 320_000, valuedUpTo: null });
    expect(d.property).toMatchObject({ placed: true, uprn: expect.stringMatching(/^\d+$/) });
    expect(d.officialBand).toBeNull();
    expect(d.enquiry.url).toBe('https://www.gov.uk/council-tax-bands');

    const e = d.estimatedBand;
    expect(d.estimateUnavailable).toBeNull();
    expect(e.method).toBe('value-rank');
    expect(e.annualCharge).toBe(charges(r.body)[e.band]);
    // The value is the valuation operation's own for the same home, asked directly.
    const valuation = await world.caller.get('/property/valuation', asked);
    expect(e.basis.estimatedValue).toBe(valuation.body.data.estimatedValue);
    expect(e.basis.valuationConfidence).toBe(valuation.body.data.confidence.score);
    expect(e.basis.homesCompared).toBeGreaterThanOrEqual(100);
    // The most likely band first; the probabilities (each at least 1%) add up to about 100.
    expect(e.probabilities[0]).toEqual({ band: e.band, percent: e.confidence });
    const total = e.probabilities.reduce((s: number, p: { percent: number }) => s + p.percent, 0);
    expect(total).toBeGreaterThanOrEqual(96);
    expect(total).toBeLessThanOrEqual(104);
    // Boundaries today rise band by band, each band starting where the one below ends.
    const b = e.basis.bandBoundariesToday as Array<{ band: string; from: number | null; to: number | null }>;
    expect(b.map((x) => x.band)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    for (let i = 1; i < b.length; i++) {
      expect(b[i]!.from).toBe(b[i - 1]!.to);
      if (b[i]!.to !== null) expect(b[i]!.to!).toBeGreaterThan(b[i]!.from!);
    }
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toEqual(expect.arrayContaining(['council-tax', 'ppd']));
    expect(r.body.sources.find((s: { dataset: string }) => s.dataset === 'council-tax').attribution).toContain('compiled by PolicyEngine');
  });

  it('a Welsh address: Cardiff, nine bands with I at 21/9, valued at 2003; no sale evidence, so no estimate', async () => {
    const r = await councilTax({ address: '1 Castle Street', postcode: 'CF10 1AA' }, 2);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.billingAuthority).toEqual({ code: 'W06000015', name: 'Cardiff', nation: 'Wales' });
    expect([d.year, d.bandD, d.valuationDate]).toEqual(['2026-27', 2013.18, '2003-04-01']);
    // 2013.18 × 6/9 = 1342.12, × 7/9 = 1565.8067, × 8/9 = 1789.4933, × 11/9 = 2460.5533, × 13/9 = 2907.9267,
    // × 15/9 = 3355.30, × 18/9 = 4026.36, × 21/9 = 4697.42.
    expect(charges(r.body)).toEqual({
      A: 1342.12,
      B: 1565.81,
      C: 1789.49,
      D: 2013.18,
      E: 2460.55,
      F: 2907.93,
      G: 3355.3,
      H: 4026.36,
      I: 4697.42,
    });
    expect(d.bands.at(-1)).toMatchObject({ band: 'I', ratio: '21/9', valuedAbove: 424_000, valuedUpTo: null, dwellings: 1480 });
    expect(d.property).toEqual({ uprn: null, address: '1 Castle Street', placed: false });
    expect(d.estimatedBand).toBeNull();
    expect(d.estimateUnavailable.code).toBe('PROPERTY_NOT_FOUND');
  });

  it("a Scottish address: City of Edinburgh, Scotland's 2017 proportions, no VOA counts, so no estimate", async () => {
    const r = await councilTax({ address: '1 Princes Street', postcode: 'EH1 1BB' }, 2);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.billingAuthority).toEqual({ code: 'S12000036', name: 'City of Edinburgh', nation: 'Scotland' });
    expect([d.year, d.bandD, d.valuationDate, d.dwellingsCountedOn]).toEqual(['2025-26', 1563.51, '1991-04-01', null]);
    // 1563.51 × 240/360 = 1042.34, × 280/360 = 1216.0633, × 320/360 = 1389.7867, × 473/360 = 2054.2784,
    // × 585/360 = 2540.7038, × 705/360 = 3061.8738, × 882/360 = 3830.5995.
    expect(charges(r.body)).toEqual({
      A: 1042.34,
      B: 1216.06,
      C: 1389.79,
      D: 1563.51,
      E: 2054.28,
      F: 2540.7,
      G: 3061.87,
      H: 3830.6,
    });
    expect(d.bands.every((b: { dwellings: number | null }) => b.dwellings === null)).toBe(true);
    expect(d.enquiry.url).toBe('https://www.saa.gov.uk/');
    expect(d.estimateUnavailable.code).toBe('NO_BAND_COUNTS');
  });

  it('a postcode alone: the authority and its charges, no estimate', async () => {
    const r = await councilTax({ postcode: 'rg302an' }, 2);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ property: null, postcode: 'RG30 2AN', estimatedBand: null });
    expect(r.body.data.estimateUnavailable.code).toBe('NO_PROPERTY');
  });

  it.each([
    [{ postcode: 'BT1 1AA' }, 400, 'OUTSIDE_GREAT_BRITAIN'],
    [{ postcode: 'RG31 9QQ' }, 404, 'POSTCODE_NOT_FOUND'],
    // Terminated in 2005 and placed in no local authority by the lookup.
    [{ postcode: 'RG30 9ZZ' }, 404, 'POSTCODE_NOT_FOUND'],
    [{ uprn: '999999999999' }, 404, 'PROPERTY_NOT_FOUND'],
    [{ uprn: '1', postcode: 'RG30 2AN' }, 400, 'INVALID_PARAMETERS'],
    [{ address: '60 Western Elms Avenue' }, 400, 'INVALID_PARAMETERS'],
    [{ postcode: 'RG30' }, 400, 'INVALID_PARAMETERS'],
  ])('%j: %i %s, charging nothing', async (query, status, code) => {
    const r = await councilTax(query as Record<string, string>, 0);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
  });
});
