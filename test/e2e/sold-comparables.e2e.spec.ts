import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { demoFile, e2eFixture, testDataFile } from '../support/e2e';

// GET /property/sold-comparables through the whole stack, over HM Land Registry's real Price Paid rows of RG30 and RG31
// (the demo files, imported with the import command) and the demo region's SYNTHETIC energy certificates. The business
// clock is set to 15 January 2024 (the files hold sales to December 2023). Every expected sale is read from the file
// here, separately: each record is one line with every field quoted, so a line splits on `","`.

const ppdFiles = ['pp-complete_postcode-district-RG30.csv.gz', 'pp-complete_postcode-district-RG31.csv.gz'].map(demoFile);
const changeFile = testDataFile('SYNTHETIC_pp-monthly-update-new-version_RG30_2AN.csv');
const today = '2024-01-15';

const published = ppdFiles.flatMap((f) =>
  gunzipSync(readFileSync(f))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","')),
);

/** The standard (category A) sales of a postcode from `since` to today, most recent first, as the file has them. */
const expectedSales = (postcode: string, since: string) =>
  published
    .filter((r) => r[3] === postcode && r[14] === 'A' && r[2]!.slice(0, 10) >= since && r[2]!.slice(0, 10) <= today)
    .sort((a, b) => b[2]!.localeCompare(a[2]!) || a[0]!.localeCompare(b[0]!));

const types: Record<string, string> = { D: 'detached', S: 'semi-detached', T: 'terraced', F: 'flat', O: 'unknown' };
const estates: Record<string, string> = { F: 'freehold', L: 'leasehold', U: 'unknown' };

const world = e2eFixture({ caller: { credits: 1_000 }, imports: ['epc-domestic'] });
beforeAll(() => world.clock.set(`${today}T12:00:00Z`));

const ask = (query: string, credits: number) => world.caller.paying(credits).get(`/property/sold-comparables${query}`);

describe('before any Price Paid Data is imported', () => {
  it('answers 503 SERVICE_UNAVAILABLE, charging nothing', async () => {
    const r = await ask('?postcode=RG30%202AN', 0);
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });
});

describe("a postcode's sales", () => {
  beforeAll(() => world.importDataset('ppd', ppdFiles));

  it('lists every standard sale of the look-back, most recent first, as the file has it (RG30 2AN, 120 months)', async () => {
    const r = await ask('?postcode=rg302an&months=120', 1);
    expect(r.status).toBe(200);
    const expected = expectedSales('RG30 2AN', '2014-01-15');
    expect(expected.length).toBeGreaterThan(15);
    expect(r.body.data).toMatchObject({ postcode: 'RG30 2AN', period: '120 months', totalResults: expected.length });
    expect(
      r.body.data.comparables.map((c: Record<string, unknown>) => [c.price, c.transactionDate, c.propertyType, c.estateType, c.newBuild]),
    ).toEqual(expected.map((e) => [Number(e[1]), e[2]!.slice(0, 10), types[e[4]!], estates[e[6]!], e[5] === 'Y']));
    // Category B sales of the postcode (2015, 2017, 2020, 2022 in the file) are left out.
    expect(published.some((e) => e[3] === 'RG30 2AN' && e[14] === 'B' && e[2]! >= '2014-01-15')).toBe(true);
  });

  it("gives the floor area, rating and bedrooms of the home's certificate, and prices per area worked by hand", async () => {
    const r = await ask('?postcode=RG30 2AN&months=120', 1);
    const withCertificate = r.body.data.comparables.filter((c: { floorArea: number | null }) => c.floorArea !== null);
    // 60 Western Elms Avenue (sold 14 January 2019 for £420,000): its first certificate was lodged 25 October 2019,
    // 210.98 m², band D, 9 habitable rooms. 420,000 / 210.98 = 1,990.71 per m²; 420,000 × 0.09290304 / 210.98 = 184.94
    // per ft²; 9 habitable rooms less 3 reception rooms = 6 bedrooms. No other home sold has a certificate.
    expect(withCertificate).toEqual([
      {
        address: '60 WESTERN ELMS AVENUE, READING',
        postcode: 'RG30 2AN',
        price: 420_000,
        transactionDate: '2019-01-14',
        propertyType: 'detached',
        newBuild: false,
        estateType: 'freehold',
        floorArea: 210.98,
        energyRating: 'D',
        estimatedBedrooms: 6,
        pricePerSqM: 1_991,
        pricePerSqFt: 185,
      },
    ]);
    expect(r.body.data.comparables).toContainEqual(
      expect.objectContaining({ address: 'FLAT 4, 16 WESTERN ELMS AVENUE, READING', floorArea: null, pricePerSqM: null }),
    );
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toEqual(['ppd', 'epc-domestic']);
    expect(r.body.sources[0]).toMatchObject({ publisher: 'HM Land Registry', vintage: 'sales to 2023-12-15' });
    expect(r.body.sources[0].attribution).toMatch(/^Contains HM Land Registry data © Crown copyright/);
    expect(r.body.sources[1]).toMatchObject({ synthetic: true });
  });

  it('looks back 36 months by default, to the same day', async () => {
    const r = await ask('?postcode=RG30%202AN', 1);
    expect(r.body.data.period).toBe('36 months');
    expect(r.body.data.comparables.map((c: { transactionDate: string }) => c.transactionDate)).toEqual(
      expectedSales('RG30 2AN', '2021-01-15').map((e) => e[2]!.slice(0, 10)),
    );
  });

  it('answers as of a past date: sales before it, within months of it (RG30 2AN, asOf 2023-01-27, 24 months)', async () => {
    const r = await ask('?postcode=RG30%202AN&months=24&asOf=2023-01-27', 1);
    expect(r.status).toBe(200);
    // From the file, by hand: the category A sales of RG30 2AN from 27 January 2021 (the first day, included) to
    // 26 January 2023. Left out: the newer ones (24 FLAT 2, 3 March 2023; 16 FLAT 2, 16 May 2023) and 10 Western Elms
    // Avenue (21 November 2022, category B).
    expect(r.body.data.comparables.map((c: { transactionDate: string; price: number }) => [c.transactionDate, c.price])).toEqual([
      ['2022-08-04', 745_000],
      ['2022-06-27', 172_000],
      ['2021-09-02', 210_000],
      ['2021-08-23', 151_500],
      ['2021-03-29', 153_000],
      ['2021-01-27', 165_000],
    ]);
    expect(r.body.data).toMatchObject({ period: '24 months', totalResults: 6 });
    // A sale on the date itself is not yet counted, as the valuation counts sales known on a date.
    const onTheDay = await ask('?postcode=RG30%202AN&months=24&asOf=2022-08-04', 1);
    expect(onTheDay.body.data.comparables.map((c: { transactionDate: string }) => c.transactionDate)).toEqual([
      '2022-06-27',
      '2021-09-02',
      '2021-08-23',
      '2021-03-29',
      '2021-01-27',
    ]);
    // Today on the business clock is allowed, and counts what is before it.
    const asOfToday = await ask(`?postcode=RG30%202AN&asOf=${today}`, 1);
    expect(asOfToday.status).toBe(200);
    // The file holds sales to December 2023, none on today's date, so that is the default look-back's answer.
    expect(asOfToday.body.data.comparables.map((c: { transactionDate: string }) => c.transactionDate)).toEqual(
      expectedSales('RG30 2AN', '2021-01-15').map((e) => e[2]!.slice(0, 10)),
    );
  });

  it('charges 1 credit for an empty answer too', async () => {
    const r = await ask('?postcode=RG30%202AN&months=1', 1);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ postcode: 'RG30 2AN', period: '1 months', totalResults: 0, comparables: [] });
  });

  it('refuses bad input with the codes of the specification, charging nothing', async () => {
    const cases: Array<[string, number, string]> = [
      ['', 400, 'MISSING_POSTCODE'],
      ['?months=12', 400, 'MISSING_POSTCODE'],
      ['?postcode=RG30%202AN&months=0', 400, 'INVALID_MONTHS'],
      ['?postcode=RG30%202AN&months=121', 400, 'INVALID_MONTHS'],
      ['?postcode=RG30%202AN&months=twelve', 400, 'INVALID_MONTHS'],
      ['?postcode=RG30%202AN&months=1.5', 400, 'INVALID_MONTHS'],
      ['?postcode=RG30', 400, 'INVALID_POSTCODE'],
      ['?postcode=RG30%202AN&asOf=2024-01-16', 400, 'INVALID_AS_OF'],
      ['?postcode=RG30%202AN&asOf=1994-12-31', 400, 'INVALID_AS_OF'],
      ['?postcode=RG30%202AN&asOf=2023-02-29', 400, 'INVALID_AS_OF'],
      ['?postcode=RG30%202AN&asOf=15%2F01%2F2024', 400, 'INVALID_AS_OF'],
    ];
    for (const [query, status, code] of cases) {
      const r = await ask(query, 0);
      expect([query, r.status, r.body.success, r.body.error.code]).toEqual([query, status, false, code]);
    }
  });

  it('answers 401 AUTHENTICATION_REQUIRED without a valid key, and 402 INSUFFICIENT_CREDITS with no credits', async () => {
    for (const key of [undefined, 'not-a-key']) {
      const r = await world.call('/api/v1/property/sold-comparables?postcode=RG30%202AN', key);
      expect([r.status, r.body.error.code, r.headers.get('x-credits-charged')]).toEqual([401, 'AUTHENTICATION_REQUIRED', '0']);
    }
    const empty = await world.admin.createAccount('basic', 0);
    const r = await world.send('GET', '/property/sold-comparables?postcode=RG30%202AN', empty.apiKey);
    expect([r.status, r.body.error.code, r.headers.get('x-credits-charged')]).toEqual([402, 'INSUFFICIENT_CREDITS', '0']);
  });
});

describe('after a monthly change file (SYNTHETIC, in the published layout)', () => {
  beforeAll(() => world.importDataset('ppd', [changeFile], { synthetic: 'SYNTHETIC Price Paid changes for tests' }));

  it('shows the changed price, not the deleted sale, and the added one with its certificate', async () => {
    const r = await ask('?postcode=RG30%202AN&months=12', 1);
    // Since 15 January 2023: the file's 16 FLAT 2 (16 May 2023, £240,000, changed to £245,000) and 24 FLAT 2 (3 March
    // 2023, deleted), and the added 60 WESTERN ELMS AVENUE (17 November 2023, £610,000), whose certificate lodged last
    // before the sale is of 6 September 2023: 210.98 m²; 610,000 / 210.98 = 2,891.23; 610,000 × 0.09290304 / 210.98 = 268.61.
    expect(r.body.data.comparables.map((c: { address: string; price: number }) => [c.address, c.price])).toEqual([
      ['60 WESTERN ELMS AVENUE, READING', 610_000],
      ['FLAT 2, 16 WESTERN ELMS AVENUE, READING', 245_000],
    ]);
    expect(r.body.data.comparables[0]).toMatchObject({ floorArea: 210.98, pricePerSqM: 2_891, pricePerSqFt: 269, energyRating: 'D' });
    expect(r.body.sources[0]).toMatchObject({ dataset: 'ppd', synthetic: true });
  });
});
