import { readModels } from '@pds/contracts';
import type pg from 'pg';
import { districtSalesOf, type Home } from './district-sales';
import { isHomeClass, placeHome, salesBetween, salesOf } from './place-home';

// Placing the home to be valued (place-home.ts), over a SYNTHETIC postcode: two sold homes on Elm Road (2 and 10), the
// address dataset's rows for it when a test gives them, and no certificates.

const postcode = 'RG30 9ZZ';
const home = (address: string, sales: Home['sales']): Home => ({
  key: address,
  postcode,
  address: `${address}, READING`,
  parts: readModels.addressParts(address),
  sales,
  certificates: [],
});
const terraced = (price: number, date: string) => ({ price, date, propertyType: 'T', duration: 'F', newBuild: false });
const district = districtSalesOf(
  'RG30',
  [home('2 ELM ROAD', [terraced(200_000, '2015-03-01')]), home('10 ELM ROAD', [terraced(250_000, '2023-05-01')])],
  new Map(),
);

/** An address row as the address dataset holds it (the columns the resolver reads). */
const row = (uprn: string, line1: string, classification: string | null, sub: string | null = null) => ({
  uprn,
  line1,
  line2: null,
  line3: null,
  town: 'READING',
  postcode,
  single_line: `${line1}, READING, ${postcode}`,
  country: 'E',
  class: classification,
  latitude: 51.45,
  longitude: -1,
  x_coordinate: 470_000,
  y_coordinate: 173_000,
  sub_building: sub,
  building_name: null,
  building_number: null,
  organisation: null,
});
const dataset = (rows: ReturnType<typeof row>[]) => ({ query: async () => ({ rows }) }) as unknown as pg.Pool;
const place = (rows: ReturnType<typeof row>[], address: string, asOf = '2024-01-15') =>
  placeHome(dataset(rows), district, { postcode, address }, asOf);

describe('placing the home', () => {
  it('places a home never sold by the address dataset, its kind from the classification', async () => {
    const placed = await place([row('1', '6 ELM ROAD', 'RD03'), row('2', '2 ELM ROAD', 'RD04')], '6 Elm Road');
    expect(placed).toMatchObject({ kind: 'placed', ownSales: [], propertyType: 'S', identifiedBy: ['address-dataset'] });
  });

  it('keeps its own sales strictly before the date, and its kind from its last sale over the classification', async () => {
    const rows = [row('1', '10 ELM ROAD', 'RD02')];
    const before = await place(rows, '10 Elm Road', '2023-05-01');
    expect(before).toMatchObject({ kind: 'placed', ownSales: [], propertyType: 'D', identifiedBy: ['address-dataset'] });
    const after = await place(rows, '10 Elm Road', '2023-05-02');
    expect(after).toMatchObject({ kind: 'placed', propertyType: 'T', identifiedBy: ['price-paid', 'address-dataset'] });
  });

  it('infers a flat from a `Flat` sub-building when nothing else says its kind; leaves a dwelling of no stated kind unknown', async () => {
    const rows = [row('1', 'FLAT 3, 8 ELM ROAD', 'RD', 'FLAT 3'), row('2', '12 ELM ROAD', 'RD')];
    expect(await place(rows, 'Flat 3, 8 Elm Road')).toMatchObject({ kind: 'placed', propertyType: 'F' });
    expect(await place(rows, '12 Elm Road')).toMatchObject({ kind: 'placed', propertyType: null });
  });

  it('refuses what the address dataset classes as other than a home, unless its own sale says it is one', async () => {
    expect(await place([row('1', '4 ELM ROAD', 'CR08')], '4 Elm Road')).toEqual({ kind: 'not-residential', classification: 'CR08' });
    expect(await place([row('1', '2 ELM ROAD', 'CR08')], '2 Elm Road')).toMatchObject({ kind: 'placed', propertyType: 'T' });
  });

  it('where the dataset lists nothing in the postcode, places a number within the known numbers of a known street', async () => {
    expect(await place([], '6 Elm Road')).toMatchObject({ kind: 'placed', propertyType: null, identifiedBy: ['postcode-street'] });
    expect(await place([], '12 Elm Road')).toEqual({ kind: 'not-found' });
    expect(await place([], '6 Oak Road')).toEqual({ kind: 'not-found' });
  });

  it('does not place by its street an address the dataset, listing the postcode, does not hold', async () => {
    expect(await place([row('1', '2 ELM ROAD', 'RD04')], '6 Elm Road')).toEqual({ kind: 'not-found' });
  });
});

describe('the classes that are homes', () => {
  it.each([
    ['RD02', true],
    ['RD06', true],
    ['RD', true],
    ['RH03', true],
    ['U', true],
    ['X', true],
    ['PP', false],
    ['RG02', false],
    ['RI01', false],
    ['CR08', false],
    ['LA01', false],
  ])('%s: %s', (classification, home) => expect(isHomeClass(classification)).toBe(home));
});

describe("a look-back's sales of the district", () => {
  // Three homes in the district's order: 2 ELM ROAD sold in 2015 and 2023, 10 ELM ROAD in 2020 and 2023, 4 OAK WAY in
  // 2021. The dates overlap between homes, so the district's order (home, then sale) is not the order of dates.
  const sales = districtSalesOf(
    'RG30',
    [
      home('2 ELM ROAD', [terraced(200_000, '2015-03-01'), terraced(260_000, '2023-05-01')]),
      home('10 ELM ROAD', [terraced(240_000, '2020-06-30'), terraced(250_000, '2023-05-01')]),
      home('4 OAK WAY', [terraced(230_000, '2021-01-15')]),
    ],
    new Map(),
  );
  const between = (from: string, asOf: string, except: string[] = []) =>
    salesBetween(sales, from, asOf, new Set(except)).map((s) => `${s.address.split(',')[0]} ${s.date}`);

  it('takes the sales on or after the start and before the date, in the order of the homes and then of their sales', () => {
    expect(between('2020-06-30', '2023-05-02')).toEqual([
      '2 ELM ROAD 2023-05-01',
      '10 ELM ROAD 2020-06-30',
      '10 ELM ROAD 2023-05-01',
      '4 OAK WAY 2021-01-15',
    ]);
    expect(between('2020-07-01', '2023-05-01')).toEqual(['4 OAK WAY 2021-01-15']);
    expect(between('2024-01-01', '2026-01-01')).toEqual([]);
  });

  it("leaves out the subject's own homes", () => {
    expect(between('', '2030-01-01', ['2 ELM ROAD', '4 OAK WAY'])).toEqual(['10 ELM ROAD 2020-06-30', '10 ELM ROAD 2023-05-01']);
  });

  it('gives the same sales as a pass over every home', () => {
    const others = sales.homes.filter((h) => h.key !== '10 ELM ROAD');
    for (const [from, asOf] of [
      ['', '2030-01-01'],
      ['2015-03-01', '2021-01-15'],
      ['2015-03-02', '2023-05-02'],
    ] as const)
      expect(salesBetween(sales, from, asOf, new Set(['10 ELM ROAD']))).toEqual(salesOf(others, asOf, from));
  });
});
