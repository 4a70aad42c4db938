import { demoLookupWith, e2eFixture, onspdSample } from '../support/e2e';

// GET /finance/purchase-tax through the whole stack: the analysis service's calculation over Kafka, a postcode's nation
// from the postcode datasets as imported, 1 credit an answer and nothing for a refusal. The figures are published ones
// (their sources are in services/analysis/src/purchase-tax/official-examples.unit.spec.ts); the nations are the files'.

// The demo region's postcode lookup, and real rows of the national file for Cardiff, Belfast, Guernsey and Douglas
// (the first column is pcd7: seven characters, so CF10 1AA is written CF101AA).
const lookup = demoLookupWith((l) => /^"(CF101AA|BT1 1AA|GY1 1AA|IM1 1AA)"/.test(l));

const world = e2eFixture({
  caller: { credits: 1_000 },
  imports: ['codepoint-open', { dataset: 'ons-postcode-lookup', files: [lookup.file] }, onspdSample],
});
beforeAll(() => expect(lookup.national).toHaveLength(4));

const ask = (query: string, credits: number) => world.caller.paying(credits).get(`/finance/purchase-tax?${query}`);

describe('purchase tax by nation', () => {
  it('works SDLT for a country, with the bands, 1 credit, and no sources', async () => {
    const r = await ask('price=295000&country=england&transactionDate=2025-04-15', 1);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      tax: 4_750,
      taxName: 'SDLT',
      effectiveRate: 1.6,
      ratesEffectiveFrom: '2025-04-01',
      bands: [
        { from: 0, to: 125_000, ratePercent: 0, taxableAmount: 125_000, tax: 0 },
        { from: 125_000, to: 250_000, ratePercent: 2, taxableAmount: 125_000, tax: 2_500 },
        { from: 250_000, to: 925_000, ratePercent: 5, taxableAmount: 45_000, tax: 2_250 },
      ],
      input: { price: 295_000, country: 'england', postcode: null, buyerType: 'home-mover', nonUkResident: false },
    });
    expect(r.body.sources).toEqual([]);
  });

  it.each([
    // SDLTM09870 example 1 (Fifi): non-resident first-time buyer above the cap, 26 October 2022
    ['price=700000&country=england&transactionDate=2022-10-26&buyerType=first-time-buyer&nonUkResident=true', 'SDLT', 36_500],
    // Revenue Scotland ADS example 1: £350,000 in May 2016, an additional dwelling
    ['price=350000&country=scotland&transactionDate=2016-05-10&buyerType=additional-property', 'LBTT', 18_850],
    // gov.wales (2018): a second home for £260,000
    ['price=260000&country=wales&transactionDate=2018-06-01&buyerType=additional-property', 'LTT', 10_750],
    // SDLTM09870 example 2 (Gia): Northern Ireland, 7 August 2023, first-time buyer, non-resident
    ['price=200000&country=northern-ireland&transactionDate=2023-08-07&buyerType=first-time-buyer&nonUkResident=true', 'SDLT', 4_000],
  ])('%s', async (query, taxName, expected) => {
    const r = await ask(query, 1);
    expect(r.body.data).toMatchObject({ taxName, tax: expected });
  });
});

describe("a postcode's nation decides the tax", () => {
  it.each([
    // £280,000 on 1 June 2023: SDLT 2,500 + 5% of 30,000 = 4,000 (the 2022 thresholds: 5% of 30,000 = 1,500);
    // LTT 6% of 55,000 = 3,300; LBTT 3,600 (Revenue Scotland's own example)
    ['RG30 1AA', 'england', 'SDLT', 1_500, ['codepoint-open', 'ons-postcode-lookup']],
    ['CF10 1AA', 'wales', 'LTT', 3_300, ['ons-postcode-lookup']],
    ['AB10 1AB', 'scotland', 'LBTT', 3_600, ['onspd']],
    ['BT1 1AA', 'northern-ireland', 'SDLT', 1_500, ['ons-postcode-lookup']],
  ])('%s is in %s: %s', async (postcode, country, taxName, expected, datasets) => {
    const r = await ask(`price=280000&postcode=${encodeURIComponent(postcode)}&transactionDate=2023-06-01`, 1);
    expect(r.body.data).toMatchObject({ taxName, tax: expected, input: { country, postcode } });
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset).sort()).toEqual(datasets);
  });

  it('takes today in the UK when no date is given: 00:30 on 1 April 2025 in London is still 31 March in UTC', async () => {
    world.clock.freeze('2025-03-31T23:30:00Z');
    try {
      const r = await ask('price=295000&postcode=rg301aa', 1);
      // from 1 April 2025: 4,750 (on 31 March it would have been 2,250)
      expect(r.body.data).toMatchObject({ tax: 4_750, input: { transactionDate: '2025-04-01', postcode: 'RG30 1AA' } });
    } finally {
      world.clock.reset();
    }
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    ['country=england', 400, 'INVALID_PRICE'],
    ['price=0&country=england', 400, 'INVALID_PRICE'],
    ['price=250000.50&country=england', 400, 'INVALID_PRICE'],
    ['price=250000', 400, 'INVALID_PARAMETERS'],
    ['price=250000&country=england&postcode=RG30%201AA', 400, 'INVALID_PARAMETERS'],
    ['price=250000&country=france', 400, 'INVALID_PARAMETERS'],
    ['price=250000&country=england&buyerType=investor', 400, 'INVALID_PARAMETERS'],
    ['price=250000&country=england&nonUkResident=yes', 400, 'INVALID_PARAMETERS'],
    ['price=250000&country=england&transactionDate=2025-02-30', 400, 'INVALID_TRANSACTION_DATE'],
    ['price=250000&country=england&transactionDate=1%20April%202025', 400, 'INVALID_TRANSACTION_DATE'],
    ['price=250000&country=england&transactionDate=2014-12-03', 400, 'TRANSACTION_DATE_OUT_OF_RANGE'],
    ['price=250000&postcode=RG30', 400, 'INVALID_POSTCODE'],
    ['price=250000&postcode=GY1%201AA', 400, 'OUTSIDE_UNITED_KINGDOM'],
    ['price=250000&postcode=IM1%201AA', 400, 'OUTSIDE_UNITED_KINGDOM'],
    ['price=250000&postcode=ZZ9%209ZZ', 404, 'POSTCODE_NOT_FOUND'],
  ])('%s: %s %s', async (query, status, code) => {
    const r = await ask(query, 0);
    expect([r.status, r.body.success, r.body.error?.code]).toEqual([status, false, code]);
  });
});
