import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { e2eFixture, sharedDataFile, testDataFile } from '../support/e2e';

// Market Data through the whole stack: the UK HPI full-file sample and Bank Rate as published (/work/shared/data, see
// its MANIFEST.md) and the SYNTHETIC quoted mortgage rates (services/location/test-data), imported with the import
// command. Every expected value is read from the files here; 1 credit an answer, nothing for a refusal.

const hpiFile = sharedDataFile('hmlr_uk_hpi/UK-HPI-full-file_random-sample.csv.gz');
const bankRateFile = sharedDataFile('boe_bank_rate/IUDBEDR_bank_rate_changes.csv');
const mortgageFile = testDataFile('SYNTHETIC_iadb_quoted_mortgage_rates_2024-2025.csv');

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

const [mortgageHeader = '', ...mortgageRecords] = readFileSync(mortgageFile, 'utf8').split('\r\n').filter(Boolean);
/** A series of the SYNTHETIC mortgage file by month, blanks left out. */
const mortgageSeries = (code: string) => {
  const at = mortgageHeader.split(',').indexOf(code);
  const months: Record<string, string> = {
    Jan: '01',
    Feb: '02',
    Mar: '03',
    Apr: '04',
    May: '05',
    Jun: '06',
    Jul: '07',
    Aug: '08',
    Sep: '09',
    Oct: '10',
    Nov: '11',
    Dec: '12',
  };
  return mortgageRecords
    .map((r) => r.split(','))
    .filter((f) => f[at] !== '')
    .map((f) => {
      const [, mon, year] = f[0]!.split(' ');
      return { month: `${year}-${months[mon!]}`, ratePercent: Number(f[at]) };
    });
};

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
    await world.importDataset('boe-series', [bankRateFile]);
    await world.importDataset('boe-series', [mortgageFile], {
      synthetic: 'SYNTHETIC quoted mortgage rates in the Bank of England database layout, for tests',
    });
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
    expect(r.body.sources).toEqual([expect.objectContaining({ dataset: 'boe-series', publisher: 'Bank of England', synthetic: true })]);
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

  it('mortgage rates: by default six products over the 12 months to the latest held, a month not published left out', async () => {
    const r = await ask('/market/mortgage-rates', 1);
    expect(r.body.data.from).toBe('2025-01');
    expect(r.body.data.to).toBe('2025-12');
    expect(r.body.data.products.map((p: { product: string; seriesCode: string }) => [p.product, p.seriesCode])).toEqual([
      ['two-year-fixed-75-ltv', 'IUMBV34'],
      ['two-year-fixed-90-ltv', 'IUMB482'],
      ['five-year-fixed-75-ltv', 'IUMBV42'],
      ['five-year-fixed-95-ltv', 'IUM5WTL'],
      ['lifetime-tracker', 'IUMBV24'],
      ['standard-variable-rate', 'IUMTLMV'],
    ]);
    const fiveYear95 = r.body.data.products[3].months;
    expect(fiveYear95).toEqual(mortgageSeries('IUM5WTL').filter((m) => m.month >= '2025-01'));
    expect(fiveYear95).toHaveLength(11);
  });

  it('mortgage rates: the products and months asked for', async () => {
    const r = await ask('/market/mortgage-rates?products=two-year-fixed-60-ltv,ten-year-fixed-75-ltv&from=2024-01&to=2024-03', 1);
    expect(r.body.data.products).toEqual([
      {
        product: 'two-year-fixed-60-ltv',
        seriesCode: 'IUMZICQ',
        description: '2 year (60% LTV) fixed rate mortgage',
        months: mortgageSeries('IUMZICQ').slice(0, 3),
      },
      {
        product: 'ten-year-fixed-75-ltv',
        seriesCode: 'IUMBV45',
        description: '10 year (75% LTV) fixed rate mortgage',
        months: mortgageSeries('IUMBV45').slice(0, 3),
      },
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
  const file = (cdid: string) => testDataFile(`SYNTHETIC_ons_mm23_${cdid}.csv`);
  /** A series' monthly values, read here from the SYNTHETIC download (rows after its eight about the series). */
  const monthly = (cdid: string) => {
    const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
    return new Map(
      readFileSync(file(cdid), 'utf8')
        .split('\r\n')
        .filter(Boolean)
        .slice(8)
        .map((l) => l.replace(/"/g, '').split(','))
        .flatMap(([p, v]) => {
          const m = /^(\d{4}) ([A-Z]{3})$/.exec(p!);
          return m ? [[`${m[1]}-${String(months.indexOf(m[2]!) + 1).padStart(2, '0')}`, Number(v)] as const] : [];
        }),
    );
  };

  it('answers 503 before a series is imported, charging nothing', async () => {
    const r = await ask('/market/inflation', 0);
    expect([r.status, r.body.error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    await world.importDataset('ons-timeseries', [file('d7g7'), file('d7bt'), file('l55o'), file('l522')], {
      synthetic: 'SYNTHETIC MM23 series for tests',
    });
  });

  it('gives CPI and CPIH, rate and index, for the 12 months to the latest held, as the files have them', async () => {
    const [cpiRate, cpiIndex, cpihRate, cpihIndex] = ['d7g7', 'd7bt', 'l55o', 'l522'].map(monthly) as [
      Map<string, number>,
      Map<string, number>,
      Map<string, number>,
      Map<string, number>,
    ];
    const r = await ask('/market/inflation', 1);
    expect(r.body.data.from).toBe('2025-01');
    expect(r.body.data.to).toBe('2025-12');
    expect(r.body.data.series).toEqual({ cpi: { annualRate: 'D7G7', index: 'D7BT' }, cpih: { annualRate: 'L55O', index: 'L522' } });
    expect(r.body.data.months).toHaveLength(12);
    for (const m of r.body.data.months) {
      expect(m).toEqual({
        month: m.month,
        cpi: { annualRatePercent: cpiRate.get(m.month), index: cpiIndex.get(m.month) },
        cpih: { annualRatePercent: cpihRate.get(m.month), index: cpihIndex.get(m.month) },
      });
    }
    expect(r.body.sources).toEqual([expect.objectContaining({ dataset: 'ons-timeseries', synthetic: true })]);
  });

  it('keeps to the months asked for, and refuses a reversed range or a bad month, charging nothing', async () => {
    const r = await ask('/market/inflation?from=2023-11&to=2024-02', 1);
    expect(r.body.data.months.map((m: { month: string }) => m.month)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    const reversedRange = await ask('/market/inflation?from=2024-02&to=2023-11', 0);
    expect([reversedRange.status, reversedRange.body.error?.code]).toEqual([400, 'INVALID_DATE_RANGE']);
    const bad = await ask('/market/inflation?to=2024-2', 0);
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'INVALID_PARAMETERS']);
  });
});
