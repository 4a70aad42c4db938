import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { demoFile, e2eFixture, sharedDataFile } from '../support/e2e';
import { boeCodesSeries, onsMonthly } from '../support/market-files';

// Market Data through the whole stack: the UK HPI full-file sample (/work/shared/data, see its MANIFEST.md), and Bank
// Rate, the Bank of England's quoted mortgage rates and the ONS CPI as the demo ships them (services/location/demo-data:
// the published files, imported in demo.json's steps as \`npm start\` imports them). Every expected value is read from
// the files here, or by eye with its line cited; 1 credit an answer, nothing for a refusal.

const hpiFile = sharedDataFile('hmlr_uk_hpi/UK-HPI-full-file_random-sample.csv.gz');
const codes2025 = demoFile('boe_iadb_monthly_IUMBV34_IUMBV37_IUMBV42_IUMTLMV_2025-2026.csv');
const boeAttribution =
  'Contains data from the Bank of England Database, licensed under the Open Government Licence v3.0, © the Governor and Company of ' +
  'the Bank of England.';

const [hpiHeaderLine = '', ...hpiRecords] = gunzipSync(readFileSync(hpiFile)).toString('utf8').split(/\r?\n/).filter(Boolean);
const hpiHeader = hpiHeaderLine.split(',');
const col = (f: string[], name: string) => f[hpiHeader.indexOf(name)] ?? '';
const num = (s: string) => (s === '' ? null : Number(s));
const monthOf = (f: string[]) => {
  const [, m, y] = col(f, 'Date').split('/');
  return `${y}-${m}`;
};
/** The file's rows of an area, in month order, as the answer should give them. */
const hpiSeries = (code: string, prefix: '' | 'Flat') =>
  hpiRecords
    .map((r) => r.split(','))
    .filter((f) => col(f, 'AreaCode') === code)
    .sort((a, b) => monthOf(a).localeCompare(monthOf(b)))
    .map((f) => ({
      month: monthOf(f),
      averagePrice:
        num(col(f, prefix ? `${prefix}Price` : 'AveragePrice')) === null
          ? null
          : Math.round(Number(col(f, prefix ? `${prefix}Price` : 'AveragePrice'))),
      index: num(col(f, `${prefix}Index`)),
      change1mPercent: num(col(f, `${prefix}1m%Change`)),
      change12mPercent: num(col(f, `${prefix}12m%Change`)),
      salesVolume: prefix ? null : num(col(f, 'SalesVolume')),
    }));

const world = e2eFixture({
  caller: { credits: 1_000 },
  imports: ['codepoint-open', 'ons-postcode-lookup', { dataset: 'uk-hpi', files: [hpiFile] }],
});

const ask = (path: string, credits: number) => world.caller.paying(credits).get(path);
const datasetsOf = (body: { sources: Array<{ dataset: string }> }) => body.sources.map((s) => s.dataset).sort();

describe('the UK House Price Index', () => {
  const reading = hpiSeries('E06000038', '');

  it("gives an area's months as the file has them, by name in any case or by GSS code", async () => {
    expect(reading.length).toBeGreaterThan(5);
    for (const area of ['Reading', 'READING', 'e06000038']) {
      const r = await ask(`/market/house-price-index?area=${area}&from=1995-01&to=2025-02`, 1);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        area: { code: 'E06000038', name: 'Reading' },
        propertyType: 'all',
        from: '1995-01',
        to: '2025-02',
        series: reading,
      });
      expect(datasetsOf(r.body)).toEqual(['uk-hpi']);
    }
  });

  it('gives one property type, without sales volumes (published for all types only)', async () => {
    const r = await ask('/market/house-price-index?area=Reading&from=1995-01&to=2025-02&propertyType=flat', 1);
    expect(r.body.data.series).toEqual(hpiSeries('E06000038', 'Flat'));
  });

  it("takes a postcode's local authority, and by default the 12 months to the latest month held", async () => {
    const latest = reading.at(-1)!.month;
    const [y, m] = latest.split('-').map(Number) as [number, number];
    const from = m === 12 ? `${y}-01` : `${y - 1}-${String(m + 1).padStart(2, '0')}`;
    const r = await ask('/market/house-price-index?postcode=rg301aa', 1);
    expect(r.body.data).toEqual({
      area: { code: 'E06000038', name: 'Reading' },
      propertyType: 'all',
      from,
      to: latest,
      series: reading.filter((s) => s.month >= from),
    });
    expect(datasetsOf(r.body)).toEqual(['codepoint-open', 'ons-postcode-lookup', 'uk-hpi']);
  });

  it.each([
    ['area=Atlantis', 400, 'UNKNOWN_AREA'],
    ['area=Reading&from=2025-02&to=2024-02', 400, 'INVALID_DATE_RANGE'],
    ['area=Reading&to=2024-13', 400, 'INVALID_PARAMETERS'],
    ['area=Reading&propertyType=bungalow', 400, 'INVALID_PARAMETERS'],
    ['area=Reading&postcode=RG30%201AA', 400, 'INVALID_PARAMETERS'],
    ['', 400, 'INVALID_PARAMETERS'],
    ['postcode=RG30', 400, 'INVALID_POSTCODE'],
    ['postcode=ZZ9%209ZZ', 404, 'POSTCODE_NOT_FOUND'],
  ])('%s: %s %s, nothing charged', async (query, status, code) => {
    const r = await ask(`/market/house-price-index?${query}`, 0);
    expect([r.status, r.body.error?.code]).toEqual([status, code]);
  });
});

describe('Bank Rate and mortgage rates', () => {
  it('answer 503 before their series are imported, charging nothing', async () => {
    for (const path of ['/market/bank-rate?date=2025-01-01', '/market/mortgage-rates']) {
      const r = await ask(path, 0);
      expect([r.status, r.body.error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    }
    // demo.json's steps: Bank Rate with the 1995–2020 rates, then the 2014–2024 and 2025–2026 downloads.
    const summary = await world.importDataset('boe-series');
    expect(summary).toMatchObject({ rows: 635 + 101, rejected: 0 });
  });

  it.each([
    // The file: 18 Dec 2025 → 3.75; 07 Aug 2025 → 4; 01 Aug 2024 → 5 … 02 Jan 1975 → 11.5
    ['2025-12-18', 3.75, '2025-12-18'],
    ['2025-12-17', 4, '2025-08-07'],
    ['2026-11-26', 3.75, '2025-12-18'],
    ['1975-01-02', 11.5, '1975-01-02'],
  ])('Bank Rate on %s: %s%%, in force since %s', async (date, rate, since) => {
    const r = await ask(`/market/bank-rate?date=${date}`, 1);
    expect(r.body.data).toEqual({
      seriesCode: 'IUDBEDR',
      date,
      ratePercent: rate,
      inForceSince: since,
      from: null,
      to: null,
      changes: [],
      latestObservation: '2025-12-18',
    });
  });

  it('every change in 2025, with its size, and the rate on 1 January (4.75% since 7 November 2024)', async () => {
    const r = await ask('/market/bank-rate?from=2025-01-01&to=2025-12-31', 1);
    expect(r.body.data).toMatchObject({
      date: null,
      ratePercent: 4.75,
      inForceSince: '2024-11-07',
      changes: [
        { date: '2025-02-06', ratePercent: 4.5, changePercentagePoints: -0.25 },
        { date: '2025-05-08', ratePercent: 4.25, changePercentagePoints: -0.25 },
        { date: '2025-08-07', ratePercent: 4, changePercentagePoints: -0.25 },
        { date: '2025-12-18', ratePercent: 3.75, changePercentagePoints: -0.25 },
      ],
    });
    expect(r.body.sources).toEqual([
      expect.objectContaining({ dataset: 'boe-series', publisher: 'Bank of England', attribution: boeAttribution }),
    ]);
    expect(r.body.sources[0].synthetic).toBeUndefined();
  });

  it('takes today in the UK when no date is given: 00:30 on 7 August 2025 in London is still the 6th in UTC', async () => {
    world.clock.freeze('2025-08-06T23:30:00Z');
    try {
      const r = await ask('/market/bank-rate', 1);
      expect(r.body.data).toMatchObject({ date: '2025-08-07', ratePercent: 4, inForceSince: '2025-08-07' });
    } finally {
      world.clock.reset();
    }
  });

  it('mortgage rates: by default six products over the 12 months to the latest held, a series not held empty', async () => {
    const r = await ask('/market/mortgage-rates', 1);
    // The 2025–2026 download's last rate is August 2026's (its September row holds only the gilt yield).
    expect([r.body.data.from, r.body.data.to]).toEqual(['2025-09', '2026-08']);
    const inWindow = (code: string) => boeCodesSeries(codes2025, code).filter((m) => m.month >= '2025-09');
    expect(r.body.data.products.map((p: { seriesCode: string; months: unknown[] }) => [p.seriesCode, p.months])).toEqual([
      ['IUMBV34', inWindow('IUMBV34')],
      ['IUMB482', []],
      ['IUMBV42', inWindow('IUMBV42')],
      ['IUM5WTL', []],
      ['IUMBV24', []],
      ['IUMTLMV', inWindow('IUMTLMV')],
    ]);
    expect(inWindow('IUMBV34')).toHaveLength(12);
    expect(r.body.sources).toEqual([expect.objectContaining({ dataset: 'boe-series', attribution: boeAttribution })]);
  });

  it('mortgage rates reach back to 1995; a month marked 0 is left out', async () => {
    const r = await ask(
      '/market/mortgage-rates?products=two-year-fixed-75-ltv,two-year-fixed-95-ltv-building-societies&from=1995-01&to=1995-12',
      1,
    );
    const [twoYear75, buildingSocieties] = r.body.data.products;
    // The 1995–2020 file, lines 307 (January) up to 296 (December): IUMBV34 8.13, 8.38, 8.08, 8.29, 8.22, 7.94, 7.89,
    // then 7.99 to December; IUM2WBS 7.15, 7.33, 7.33, 7.5, then "0" from May.
    const rates = [8.13, 8.38, 8.08, 8.29, 8.22, 7.94, 7.89, 7.99, 7.99, 7.99, 7.99, 7.99];
    expect(twoYear75.months).toEqual(rates.map((ratePercent, i) => ({ month: `1995-${String(i + 1).padStart(2, '0')}`, ratePercent })));
    expect(buildingSocieties).toMatchObject({
      seriesCode: 'IUM2WBS',
      description: '2 year (95% LTV) fixed rate mortgage, building societies (end-month average)',
      months: [
        { month: '1995-01', ratePercent: 7.15 },
        { month: '1995-02', ratePercent: 7.33 },
        { month: '1995-03', ratePercent: 7.33 },
        { month: '1995-04', ratePercent: 7.5 },
      ],
    });
  });

  it('mortgage rates: each LTV tier, the later download served where the Bank revised a month', async () => {
    const ltv = ['60', '75', '85', '90', '95'].map((l) => `two-year-fixed-${l}-ltv`).join(',');
    const r = await ask(`/market/mortgage-rates?products=${ltv},two-year-variable-90-ltv&from=2020-06&to=2020-06`, 1);
    // 2014–2024 file line 51: "30 Jun 20","2.72","2.19","1.41","1.3","1.84" (95, 90, 75, 60, 85% LTV); the 1995–2020
    // file's line 2 ("30 Jun 20","n/a","n/a","2.74","2.68","2.27","1.41") has the earlier 2.74 and 2.27, and IUMB479 2.68.
    const june = (p: { seriesCode: string; months: Array<{ ratePercent: number }> }) => [p.seriesCode, p.months.map((m) => m.ratePercent)];
    expect(r.body.data.products.map(june)).toEqual([
      ['IUMZICQ', [1.3]],
      ['IUMBV34', [1.41]],
      ['IUMZICR', [1.84]],
      ['IUMB482', [2.19]],
      ['IUM2WTL', [2.72]],
      ['IUMB479', [2.68]],
    ]);
  });

  it.each([
    ['/market/bank-rate?date=1975-01-01', 400, 'DATE_OUT_OF_RANGE'],
    ['/market/bank-rate?date=2025-02-30', 400, 'INVALID_PARAMETERS'],
    ['/market/bank-rate?from=2025-02-01', 400, 'INVALID_PARAMETERS'],
    ['/market/bank-rate?date=2025-02-01&from=2025-01-01&to=2025-03-01', 400, 'INVALID_PARAMETERS'],
    ['/market/bank-rate?from=2025-03-01&to=2025-01-01', 400, 'INVALID_DATE_RANGE'],
    ['/market/mortgage-rates?products=interest-only', 400, 'INVALID_PARAMETERS'],
    ['/market/mortgage-rates?from=2025-06&to=2025-01', 400, 'INVALID_DATE_RANGE'],
  ])('%s: %s %s, nothing charged', async (path, status, code) => {
    const r = await ask(path, 0);
    expect([r.status, r.body.error?.code]).toEqual([status, code]);
  });
});

describe('Inflation', () => {
  const cpiRate = onsMonthly(demoFile('ons_D7G7_cpi_annual_rate_mm23_release-2026-08-19.csv'));
  const cpiIndex = onsMonthly(demoFile('ons_D7BT_cpi_index_mm23_release-2026-09-16.csv'));
  const none = { annualRatePercent: null, index: null };

  it('answers 503 before a series is imported, charging nothing', async () => {
    const r = await ask('/market/inflation', 0);
    expect([r.status, r.body.error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(await world.importDataset('ons-timeseries')).toMatchObject({ rows: 638 + 656, rejected: 0 });
  });

  it('gives the CPI, rate and index, for the 12 months to the latest held; CPIH and RPI, not imported, null', async () => {
    const r = await ask('/market/inflation', 1);
    // D7BT runs to August 2026 (released 16 September), D7G7 to July (released 19 August).
    expect([r.body.data.from, r.body.data.to]).toEqual(['2025-09', '2026-08']);
    expect(r.body.data.series).toEqual({
      cpi: { annualRate: 'D7G7', index: 'D7BT' },
      cpih: { annualRate: 'L55O', index: 'L522' },
      rpi: { annualRate: 'CZBH', index: 'CHAW' },
    });
    expect(r.body.data.months).toHaveLength(12);
    for (const m of r.body.data.months) {
      expect(m).toEqual({
        month: m.month,
        cpi: { annualRatePercent: cpiRate.get(m.month) ?? null, index: cpiIndex.get(m.month) },
        cpih: none,
        rpi: none,
      });
    }
    // D7G7 line 646: "2026 JUL","2.9"; D7BT line 664: "2026 AUG","143.6".
    expect(r.body.data.months.at(-2).cpi.annualRatePercent).toBe(2.9);
    expect(r.body.data.months.at(-1).cpi).toEqual({ annualRatePercent: null, index: 143.6 });
    expect(r.body.sources).toEqual([
      expect.objectContaining({
        dataset: 'ons-timeseries',
        attribution: 'Source: Office for National Statistics licensed under the Open Government Licence v.3.0.',
      }),
    ]);
    expect(r.body.sources[0].synthetic).toBeUndefined();
  });

  it('keeps to the months asked for, back to the series’ start, and refuses a reversed range or a bad month', async () => {
    const r = await ask('/market/inflation?from=1988-11&to=1989-02', 1);
    // D7BT's monthly rows begin "1988 JAN"; D7G7's "1989 JAN".
    expect(r.body.data.months.map((m: { month: string; cpi: unknown }) => [m.month, m.cpi])).toEqual(
      ['1988-11', '1988-12', '1989-01', '1989-02'].map((month) => [
        month,
        { annualRatePercent: cpiRate.get(month) ?? null, index: cpiIndex.get(month) },
      ]),
    );
    const reversedRange = await ask('/market/inflation?from=2024-02&to=2023-11', 0);
    expect([reversedRange.status, reversedRange.body.error?.code]).toEqual([400, 'INVALID_DATE_RANGE']);
    const bad = await ask('/market/inflation?to=2024-2', 0);
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'INVALID_PARAMETERS']);
  });
});
