import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { e2eFixture, sharedDataFile, testDataFile } from '../support/e2e';

// GET /property/valuation through the whole stack, over HM Land Registry's real Price Paid rows of RG30 and RG31 and
// the demo region's SYNTHETIC certificates, the business clock on 15 January 2024. The model's arithmetic is checked
// in services/analysis/src/valuation/*.unit.spec.ts and its accuracy by the back-test (bench:valuation); here: the
// home found, what `asOf` may know, the renovation rules applied by the calculator, the codes and the charging.

const changeFile = testDataFile('SYNTHETIC_pp-monthly-update-new-version_RG30_2AN.csv');

const world = e2eFixture({ caller: { credits: 1_000 }, imports: ['ppd', 'epc-domestic'] });
beforeAll(() => world.clock.set('2024-01-15T12:00:00Z'));

const value = (query: Record<string, string>, credits: number) => world.caller.paying(credits).get('/property/valuation', query);
const sixty = { postcode: 'rg30 2an', address: '60 Western Elms Avenue' };

describe('a valuation', () => {
  it('finds the home by its sales and certificate, values it from its own sale and comparables, and charges 1 credit', async () => {
    const r = await value(sixty, 1);
    expect(r.status).toBe(200);
    const v = r.body.data;
    // 60 WESTERN ELMS AVENUE, RG30 2AN: sold 14 January 2019 for £420,000 (D, freehold); its certificates (SYNTHETIC)
    // of 25 October 2019 and 6 September 2023 give 210.98 m².
    expect(v.property).toEqual({
      address: '60 WESTERN ELMS AVENUE, READING',
      postcode: 'RG30 2AN',
      propertyType: 'detached',
      floorArea: 210.98,
      identifiedBy: ['price-paid', 'energy-certificate'],
    });
    expect(v).toMatchObject({ valuationDate: '2024-01-15', lookBack: { months: 36, from: '2021-01-15', to: '2024-01-15' } });
    expect(v.ownSale).toMatchObject({ transactionDate: '2019-01-14', price: 420_000 });
    expect(v.range.low).toBeLessThanOrEqual(v.estimatedValue);
    expect(v.range.high).toBeGreaterThanOrEqual(v.estimatedValue);
    expect(v.comparables.length).toBeGreaterThan(0);
    for (const c of v.comparables) {
      expect(c.propertyType).toBe('detached');
      expect(c.transactionDate >= '2021-01-15' && c.transactionDate < '2024-01-15').toBe(true);
      expect(c.postcode.startsWith('RG30 ')).toBe(true);
    }
    const weights = v.ownSale.weightPercent + v.comparables.reduce((s: number, c: { weightPercent: number }) => s + c.weightPercent, 0);
    expect(Math.abs(weights - 100)).toBeLessThan(0.1 * (v.comparables.length + 1));
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toEqual(['ppd', 'epc-domestic']);
  });

  it('applies the renovation calculator to the estimate (an extension at its price per m², then the uplift)', async () => {
    const base = (await value(sixty, 1)).body.data.estimatedValue as number;
    const r = await value({ ...sixty, extensionArea: '20', renovationUplift: '10' }, 1);
    // The specification's order: £/m² = value / 210.98; + 20 m² at that; × 1.10.
    expect(r.body.data.adjustments).toEqual({
      baseValue: base,
      extensionArea: 20,
      renovationUplift: 10,
      adjustedValue: Math.round((base + (20 * base) / 210.98) * 1.1),
    });
  });
});

describe('asOf: a valuation as it would have been made on a past date', () => {
  it('uses no sale on or after the date: its own sale of that very day is not known yet', async () => {
    // FLAT 2, 16 WESTERN ELMS AVENUE: sold 28 August 2019 (£218,000) and 16 May 2023 (£240,000).
    const flat = { postcode: 'RG30 2AN', address: 'Flat 2, 16 Western Elms Avenue', asOf: '2023-05-16' };
    const v = (await value(flat, 1)).body.data;
    expect(v.valuationDate).toBe('2023-05-16');
    expect(v.ownSale).toMatchObject({ transactionDate: '2019-08-28', price: 218_000 });
    for (const c of v.comparables) expect(c.transactionDate < '2023-05-16').toBe(true);
    expect(v.lookBack).toEqual({ months: 36, from: '2020-05-16', to: '2023-05-16' });
  });

  it('does not know a home whose first sale and certificates are on or after the date: it is placed by its street alone', async () => {
    // 60 WESTERN ELMS AVENUE: first sold 14 January 2019, its certificates lodged after that. No address dataset is
    // imported here, so it is placed by its number on Western Elms Avenue, whose known numbers in RG30 2AN run from 6
    // to 60, and its kind is unknown: it is valued over the postcode's sales of every kind (flats of 16, 24 and 8,
    // 44's semi-detached house, between January 2016 and its date).
    const r = await value({ ...sixty, asOf: '2019-01-14' }, 1);
    const v = r.body.data;
    expect(v.property).toEqual({
      address: '60 Western Elms Avenue',
      postcode: 'RG30 2AN',
      propertyType: 'unknown',
      floorArea: null,
      identifiedBy: ['postcode-street'],
    });
    expect(v.ownSale).toBeNull();
    expect(v.missing).toEqual(['own-sale', 'floor-area', 'property-type']);
    expect(new Set(v.comparables.map((c: { propertyType: string }) => c.propertyType)).size).toBeGreaterThan(1);
    for (const c of v.comparables) expect(c.transactionDate < '2019-01-14').toBe(true);
    // Known by its own sale the day after: a narrower range and a higher score.
    const known = (await value({ ...sixty, asOf: '2019-01-15' }, 1)).body.data;
    expect(known.ownSale).toMatchObject({ transactionDate: '2019-01-14', price: 420_000 });
    expect(known.missing).toEqual(['floor-area', 'postcode-sales']);
    expect(known.confidence.score).toBeGreaterThan(v.confidence.score);
    expect(known.range.high / known.range.low).toBeLessThan(v.range.high / v.range.low);
  });

  it('is unchanged by sales added, changed or deleted on or after its date (a SYNTHETIC change file)', async () => {
    const asOf = { ...sixty, asOf: '2023-01-01' };
    const before = (await value(asOf, 1)).body.data;
    const lateBefore = (await value({ ...sixty, asOf: '2023-12-01' }, 1)).body.data;
    // Adds a sale of 60 WESTERN ELMS AVENUE on 17 November 2023, changes one of 16 May 2023, deletes one of 3 March 2023.
    await world.importDataset('ppd', [changeFile], { synthetic: 'SYNTHETIC Price Paid changes for tests' });
    expect((await value(asOf, 1)).body.data).toEqual(before);
    const lateAfter = (await value({ ...sixty, asOf: '2023-12-01' }, 1)).body.data;
    expect(lateBefore.ownSale.transactionDate).toBe('2019-01-14');
    expect(lateAfter.ownSale).toMatchObject({ transactionDate: '2023-11-17', price: 610_000 });
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    [{ address: '60 Western Elms Avenue' }, 400, 'INVALID_POSTCODE'],
    [{ postcode: 'RG30', address: '60 Western Elms Avenue' }, 400, 'INVALID_POSTCODE'],
    [{ postcode: 'RG30 2AN' }, 400, 'INVALID_ADDRESS'],
    [{ ...sixty, address: 'x' }, 400, 'INVALID_ADDRESS'],
    [{ ...sixty, months: '0' }, 400, 'INVALID_MONTHS'],
    [{ ...sixty, months: '121' }, 400, 'INVALID_MONTHS'],
    [{ ...sixty, extensionArea: '-1' }, 400, 'INVALID_EXTENSION_AREA'],
    [{ ...sixty, renovationUplift: '51' }, 400, 'INVALID_RENOVATION_UPLIFT'],
    [{ ...sixty, asOf: '2024-02-30' }, 400, 'INVALID_AS_OF'],
    [{ ...sixty, asOf: '2024-01-16' }, 400, 'INVALID_AS_OF'],
    [{ postcode: 'RG30 2AN', address: '999 Nowhere Street' }, 404, 'PROPERTY_NOT_FOUND'],
    // On a known street of the postcode, beyond its known numbers (6 to 60).
    [{ postcode: 'RG30 2AN', address: '62 Western Elms Avenue' }, 404, 'PROPERTY_NOT_FOUND'],
  ])('%j: %i %s', async (query, status, code) => {
    const r = await value(query as Record<string, string>, 0);
    expect([r.status, r.body.success, r.body.error.code]).toEqual([status, false, code]);
  });

  it('refuses an extension for a home with no certificate (404 FLOOR_AREA_NOT_FOUND), and values it without one', async () => {
    // 16 FLAT 2, WESTERN ELMS AVENUE: sold 16 May 2023, no certificate.
    const flat = { postcode: 'RG30 2AN', address: 'Flat 2, 16 Western Elms Avenue' };
    expect((await value(flat, 1)).body.data.property).toMatchObject({
      propertyType: 'flat',
      floorArea: null,
      identifiedBy: ['price-paid'],
    });
    const r = await value({ ...flat, extensionArea: '10' }, 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'FLOOR_AREA_NOT_FOUND']);
    expect((await value({ ...flat, renovationUplift: '5' }, 1)).body.data.adjustments.renovationUplift).toBe(5);
  });

  it('answers 401 without a key', async () => {
    const r = await world.call('/api/v1/property/valuation?postcode=RG30%202AN&address=60%20Western%20Elms%20Avenue');
    expect([r.status, r.body.error.code, r.headers.get('x-credits-charged')]).toEqual([401, 'UNAUTHORIZED', '0']);
  });
});

describe('with the UK House Price Index of the local authority', () => {
  // A SYNTHETIC full file in the published layout (the real sample's 54-column header): Reading (E06000038), every
  // month from January 2014 to December 2023, every index 100 × 1.004^k for the k-th month. With the postcode lookup,
  // RG30 2AN is in Reading.
  beforeAll(async () => {
    const header = gunzipSync(readFileSync(sharedDataFile('hmlr_uk_hpi/UK-HPI-full-file_random-sample.csv.gz')))
      .toString('utf8')
      .split('\n')[0]!;
    const columns = header.trim().split(',');
    const rows = Array.from({ length: 120 }, (_, k) => {
      const month = new Date(Date.UTC(2014, k, 1));
      const index = (100 * 1.004 ** k).toFixed(6);
      const cells: Record<string, string> = {
        Date: `01/${String(month.getUTCMonth() + 1).padStart(2, '0')}/${month.getUTCFullYear()}`,
        RegionName: 'Reading',
        AreaCode: 'E06000038',
        Index: index,
        DetachedIndex: index,
        SemiDetachedIndex: index,
        TerracedIndex: index,
        FlatIndex: index,
      };
      return columns.map((c) => cells[c] ?? '').join(',');
    });
    const file = join(mkdtempSync(join(tmpdir(), 'pds-valuation-')), 'UK-HPI-full-file-2024-01.csv');
    writeFileSync(file, `${header.trim()}\n${rows.join('\n')}\n`);
    await world.importDataset('uk-hpi', [file], { synthetic: 'SYNTHETIC UK HPI rows for Reading, for tests' });
    await world.importDataset('ons-postcode-lookup');
  });

  it("indexes with the authority's HPI to two months before the date, when it holds every month needed", async () => {
    const r = await value({ ...sixty, asOf: '2023-11-01' }, 1);
    const v = r.body.data;
    expect(v.index).toEqual({ method: 'uk-hpi', area: 'E06000038', pairs: null, lastMonth: '2023-09' });
    // Its own sale of January 2019 (month 60) to September 2023 (month 116): 420,000 × 1.004^56 ≈ 525,214 (before the
    // change file's sale of 17 November 2023).
    expect(v.ownSale).toMatchObject({ transactionDate: '2019-01-14', price: 420_000, indexedPrice: Math.round(420_000 * 1.004 ** 56) });
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toContain('uk-hpi');
  });

  it('falls back to the repeat-sales index when a month needed is not held (the look-back from 2013)', async () => {
    const v = (await value({ ...sixty, asOf: '2023-11-01', months: '120' }, 1)).body.data;
    expect(v.index).toMatchObject({ method: 'repeat-sales', area: 'RG30', lastMonth: null });
  });
});

describe('with the address dataset (SYNTHETIC AddressBase Plus of the demo region)', () => {
  beforeAll(() => world.importDataset('addressbase'));

  it('values a home not yet sold and without a certificate, its kind from its classification, saying what it lacked', async () => {
    // 60 WESTERN ELMS AVENUE as on 14 January 2019, the day of its first sale: the address dataset holds it (RD02,
    // detached), no sale or certificate of it is known yet, and no detached house of RG30 2AN sold from 14 January 2016.
    const r = await value({ ...sixty, asOf: '2019-01-14' }, 1);
    const v = r.body.data;
    expect(v.property).toEqual({
      address: '60 Western Elms Avenue, Reading', // as the address dataset writes it
      postcode: 'RG30 2AN',
      propertyType: 'detached',
      floorArea: null,
      identifiedBy: ['address-dataset'],
    });
    expect(v.ownSale).toBeNull();
    expect(v.missing).toEqual(['own-sale', 'floor-area', 'postcode-sales']);
    for (const c of v.comparables) {
      expect(c.propertyType).toBe('detached');
      expect(c.transactionDate >= '2016-01-14' && c.transactionDate < '2019-01-14').toBe(true);
    }
    const known = (await value({ ...sixty, asOf: '2019-01-15' }, 1)).body.data;
    expect(known.property.identifiedBy).toEqual(['price-paid', 'address-dataset']);
    expect(known.confidence.score).toBeGreaterThan(v.confidence.score);
    const sources = r.body.sources.map((s: { dataset: string; synthetic: boolean }) => `${s.dataset} ${s.synthetic}`);
    expect(sources).toContain('addressbase true');
  });

  it('values a home the dataset holds with no kind (U) over the kinds of its postcode, with a wider range', async () => {
    // 59 GLOUCESTER ROAD, RG30 2TH: classed U in the synthetic dataset (its one sale, of 31 January 2020, is of another
    // kind, O, and of category B, not a standard sale); its neighbours sold as terraced houses and a flat since 2020.
    const asOf = '2023-09-25';
    const v = (await value({ postcode: 'RG30 2TH', address: '59 Gloucester Road', asOf }, 1)).body.data;
    expect(v.property).toMatchObject({ propertyType: 'unknown', identifiedBy: ['address-dataset'] });
    expect(v.ownSale).toBeNull();
    expect(v.missing).toEqual(['own-sale', 'floor-area', 'property-type']);
    const kinds = new Set(v.comparables.map((c: { propertyType: string }) => c.propertyType));
    expect(kinds.has('terraced') && kinds.has('flat')).toBe(true);
    // 13, a terraced house (RD04) of the same postcode first sold on that date, valued as on it: its kind known.
    const terraced = (await value({ postcode: 'RG30 2TH', address: '13 Gloucester Road', asOf }, 1)).body.data;
    expect(terraced.property.propertyType).toBe('terraced');
    expect(terraced.missing).toEqual(['own-sale', 'floor-area']);
    expect(terraced.confidence.score).toBeGreaterThan(v.confidence.score);
    expect(terraced.range.high / terraced.range.low).toBeLessThan(v.range.high / v.range.low);
  });

  it('still refuses an address it cannot place: not in the dataset, which lists every address of the postcode', async () => {
    // 59 is within Western Elms Avenue's known numbers, and the dataset, listing RG30 2AN, does not hold it.
    const r = await value({ postcode: 'RG30 2AN', address: '59 Western Elms Avenue' }, 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'PROPERTY_NOT_FOUND']);
  });
});
