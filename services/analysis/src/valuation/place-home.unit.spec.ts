import { readModels } from '@pds/contracts';
import type pg from 'pg';
import type { DistrictSales, Home } from './district-sales';
import { isHomeClass, placeHome } from './place-home';

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
const district: DistrictSales = {
  district: 'RG30',
  homes: [home('2 ELM ROAD', [terraced(200_000, '2015-03-01')]), home('10 ELM ROAD', [terraced(250_000, '2023-05-01')])],
  pairs: [],
  certificatesByPostcode: new Map(),
};

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
