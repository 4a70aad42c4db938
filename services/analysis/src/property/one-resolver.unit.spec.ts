import { readModels } from '@pds/contracts';
import { saleAddressLines } from '../comparables/comparable';

// The one property resolver on awkward addresses, the same homes written as each source writes them: the address
// dataset (AddressBase's Royal Mail fields and lines, every address of the postcode), the EPC register (an assessor's
// address lines), Price Paid (SAON, PAON, street). Each input resolves to one home in the address dataset, or to the
// same several, or to none; the home resolved there is the home its certificates and sales are found for, by the same
// rule. A synthetic postcode; every expectation is worked out from the addresses below.

const { addressParts, compareAddress, propertyByAddress, resolveAmongRows, bulkRowAddress } = readModels;

const row = (uprn: string, lines: string[], fields: { sub?: string; name?: string; number?: string; organisation?: string } = {}) => ({
  uprn,
  line1: lines[0] ?? null,
  line2: lines[1] ?? null,
  line3: lines.slice(2).join(', ') || null,
  town: 'Reading',
  postcode: 'RG30 9ZX',
  single_line: [...lines, 'Reading', 'RG30 9ZX'].join(', '),
  country: 'E',
  class: 'RD04',
  latitude: 51.45,
  longitude: -1.0,
  x_coordinate: 470_000,
  y_coordinate: 173_000,
  sub_building: fields.sub ?? null,
  building_name: fields.name ?? null,
  building_number: fields.number ?? null,
  organisation: fields.organisation ?? null,
});

// The address dataset: every address of the postcode.
const addressDataset = [
  row('101', ['Flat 1, 10 Oxford Road'], { sub: 'FLAT 1', number: '10' }),
  row('102', ['Flat 2, 10 Oxford Road'], { sub: 'FLAT 2', number: '10' }),
  row('103', ['2A Oxford Road'], { number: '2A' }),
  row('104', ['2 Oxford Road'], { number: '2' }),
  row('105', ['Rose Cottage', 'Church Lane'], { name: 'ROSE COTTAGE' }),
  // A named block with one flat in the dataset, and one whose flats are lettered.
  row('106', ['Flat 1, Wheeler Court', 'Armour Hill'], { sub: 'FLAT 1', name: 'WHEELER COURT' }),
  row('107', ['A, Inglewood Court', 'Bath Road'], { sub: 'A', name: 'INGLEWOOD COURT' }),
  row('108', ['B, Inglewood Court', 'Bath Road'], { sub: 'B', name: 'INGLEWOOD COURT' }),
  row('109', ['Reading Borough Council', 'Civic Offices', 'Bridge Street'], {
    name: 'CIVIC OFFICES',
    organisation: 'READING BOROUGH COUNCIL',
  }),
];

// Certificates as assessors wrote them (not every home has one; not every certificate has a UPRN).
const certificate = (home: string, uprn: string | null, address1: string, address2: string | null = null) => ({
  home,
  uprn,
  parts: addressParts(bulkRowAddress({ address1, address2, address3: null, address: [address1, address2].filter(Boolean).join(', ') })),
});
const certificates = [
  certificate('101', '101', 'Flat 1', '10 Oxford Road'),
  certificate('102', null, 'Flat 2', '10, Oxford Road'),
  certificate('103', '103', '2a, Oxford Road'),
  certificate('104', '104', '2 Oxford Road'),
  certificate('105', '105', 'Rose Cottage', 'Church Lane, Tilehurst'),
  certificate('106', '106', 'Flat 1 Wheeler Court', 'Armour Hill'),
  certificate('107', '107', 'Flat A', 'Inglewood Court'),
  certificate('108', null, 'Flat B, Inglewood Court'),
];

// Sales as HM Land Registry wrote them.
const sale = (home: string, saon: string | null, paon: string, street: string) => ({
  home,
  uprn: null,
  parts: addressParts(saleAddressLines({ saon, paon, street }).join(', ')),
});
const sales = [
  sale('101', 'FLAT 1', '10', 'OXFORD ROAD'),
  sale('102', 'FLAT 2', '10', 'OXFORD ROAD'),
  sale('103', null, '2A', 'OXFORD ROAD'),
  sale('104', null, '2', 'OXFORD ROAD'),
  sale('105', null, 'ROSE COTTAGE', 'CHURCH LANE'),
  sale('106', 'FLAT 1', 'WHEELER COURT', 'ARMOUR HILL'),
  sale('107', 'FLAT A', 'INGLEWOOD COURT', 'BATH ROAD'),
];

/** The homes a source's records name for an address: one home's records, several homes' (each `a+b`), or none. */
const found = (records: typeof certificates, asked: ReturnType<typeof addressParts>) => {
  const match = propertyByAddress(asked, records);
  if (match.kind === 'one') return [...new Set(match.certificates.map((c) => c.home))];
  if (match.kind === 'several') return match.properties.map((p) => p.certificates.map((c) => c.home).join('+'));
  return [];
};
const soldAs = (asked: ReturnType<typeof addressParts>) =>
  sales.filter((s) => compareAddress(asked, s.parts) === 'full').map((s) => s.home);

describe('the one property resolver, on awkward addresses', () => {
  it.each([
    ['a flat, abbreviated and in lower case', 'flat 2, 10 oxford rd', '102', 'exact'],
    ['a flat written as two numbers', '2, 10 Oxford Road', '102', 'exact'],
    ['a flat by another word, the town added', 'Apartment 1, 10 Oxford Road, Reading', '101', 'exact'],
    ['a number with its letter, however written', '2 a Oxford Rd', '103', 'exact'],
    ['the number without the letter is another house', '2 Oxford Road', '104', 'exact'],
    ['a named house, with its locality', 'Rose Cottage, Church Lane, Tilehurst', '105', 'exact'],
    ['a named house alone', 'Rose Cottage', '105', 'exact'],
    ['a lettered flat of a named building', 'Flat A, Inglewood Court', '107', 'exact'],
    ['premises without the organisation there', 'Civic Offices, Bridge Street', '109', 'exact'],
    ['a block named without its flat, with one flat in the dataset', 'Wheeler Court, Armour Hill', '106', 'partial'],
  ])('%s (%s) is one home, and its certificates and sales are that home', (_what, input, home, matchType) => {
    const resolved = resolveAmongRows(addressDataset, input);
    expect(resolved.kind === 'found' && [resolved.property.uprn, resolved.matchType]).toEqual([home, matchType]);
    if (resolved.kind !== 'found') return;
    // Found by the address as the dataset writes it, by the same rule.
    expect(found(certificates, resolved.parts)).toEqual(certificates.some((c) => c.home === home) ? [home] : []);
    expect(soldAs(resolved.parts)).toEqual(sales.some((s) => s.home === home) ? [home] : []);
  });

  it.each([
    ['a numbered block named without its flat', '10 Oxford Road', ['101', '102']],
    ['a named block named without its flat', 'Inglewood Court', ['107', '108']],
  ])('%s (%s) is several homes in every source that has them', (_what, input, homes) => {
    const resolved = resolveAmongRows(addressDataset, input);
    expect(resolved.kind === 'ambiguous' && resolved.candidates.map((c) => c.uprn)).toEqual(homes);
    // Certificates and sales alone, for a postcode the dataset does not hold: the same several, never one of them.
    expect(found(certificates, addressParts(input))).toEqual(homes);
    expect(soldAs(addressParts(input))).toEqual([]);
  });

  it.each([
    ['a number the postcode does not have', '12 Oxford Road'],
    ['a flat the block does not have', 'Flat 3, 10 Oxford Road'],
    ['another named house', 'Rose Villa, Church Lane'],
  ])('%s (%s) is no home anywhere', (_what, input) => {
    expect(resolveAmongRows(addressDataset, input)).toEqual({ kind: 'none' });
    expect(found(certificates, addressParts(input))).toEqual([]);
    expect(soldAs(addressParts(input))).toEqual([]);
  });

  it("does not guess a block's only flat from certificates or sales, which need not list every flat", () => {
    // The dataset lists every address, so Wheeler Court's one flat there is the block; one certificate of it says nothing.
    expect(found(certificates, addressParts('Wheeler Court, Armour Hill'))).toEqual([]);
    expect(resolveAmongRows([], 'Wheeler Court')).toEqual({ kind: 'unlisted' });
  });
});
