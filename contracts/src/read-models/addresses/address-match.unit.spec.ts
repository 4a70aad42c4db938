import { addressMatches, addressParts, propertyByAddress, propertyByUprn } from './address-match';

// The matching rules of address-match.ts on awkward addresses: what a caller types against what a certificate says.

const matches = (asked: string, certificate: string) => addressMatches(addressParts(asked), addressParts(certificate));

describe('reading an address into its parts', () => {
  it('finds the flat, the house numbers and the street', () => {
    expect(addressParts('Flat 2, 10 Oxford Road, Tilehurst')).toMatchObject({
      flat: '2',
      numbers: ['10'],
      streetWords: ['OXFORD', 'ROAD'],
      nameWords: [],
    });
  });

  it('joins a number and the letter after it, and keeps ranges whole', () => {
    expect(addressParts('2 a Oxford Rd').numbers).toEqual(['2A']);
    expect(addressParts('10 - 12 Oxford Road').numbers).toEqual(['10-12']);
  });

  it('reads St as Street at the end of a line and as Saint before a word; drops apostrophes', () => {
    expect(addressParts('4 High St').streetWords).toEqual(['HIGH', 'STREET']);
    expect(addressParts("12 St. Michael's Road").streetWords).toEqual(['SAINT', 'MICHAELS', 'ROAD']);
  });

  it('takes the floor of a floor flat as the flat', () => {
    expect(addressParts('Ground Floor Flat, 10 Oxford Road').flat).toBe('GROUND FLOOR');
  });
});

describe('an address asked for against a certificate of the same postcode', () => {
  it.each([
    ['case, punctuation and abbreviations do not matter', 'flat 2, 10 oxford rd, reading', 'Flat 2, 10 Oxford Road'],
    ['Apartment and Apt are Flat', 'Apt 2, 10 Oxford Road', 'Flat 2, 10 Oxford Road'],
    ['a number with its letter, however written', '2 A Oxford Road', '2a, Oxford Road'],
    ['two numbers and no flat word: flat, then house', '2, 10 Oxford Road', 'Flat 2, 10 Oxford Road'],
    ['a flat of a named building is its number', 'Flat 70, Inglewood Court, Bath Road', '70 Inglewood Court, Bath Road'],
    ['a named house, with the town added', 'Rose Cottage, Church Lane, Tilehurst, Reading', 'Rose Cottage, Church Lane'],
    ['Saint written out', '12 Saint Michaels Road', "12 St Michael's Road"],
    ['a locality the caller left out', '92 Rodway Road', '92 Rodway Road, Tilehurst'],
    ['one distinctive street word is enough', '5 Bath', '5 Bath Road'],
    ['the kind of street the caller left out', '12 Foo, Reading', '12 Foo Close'],
    ['a street of generic words only, all present', '3 The Green, Purley', '3 The Green'],
  ])('match: %s', (_rule, asked, certificate) => {
    expect(matches(asked, certificate)).toBe(true);
  });

  it.each([
    ['a flat is not the house', '10 Oxford Road', 'Flat 2, 10 Oxford Road'],
    ['another flat of the same house', 'Flat 3, 10 Oxford Road', 'Flat 2, 10 Oxford Road'],
    ['2A is not 2', '2A Oxford Road', '2 Oxford Road'],
    ['2 is not 2A', '2 Oxford Road', '2A Oxford Road'],
    ['a range is not one of its numbers', '10 Oxford Road', '10-12 Oxford Road'],
    ['another street in the postcode', '10 Bath Road', '10 Oxford Road'],
    ['only the generic word in common', '10 Bath Road', '10 Oxford Road, Tilehurst'],
    ['another named house', 'Rose Villa, Church Lane', 'Rose Cottage, Church Lane'],
    ['a named house given a number', 'Rose Cottage, 4 Church Lane', 'Rose Cottage, Church Lane'],
    ['one floor flat is not another', 'First Floor Flat, 10 Oxford Road', 'Ground Floor Flat, 10 Oxford Road'],
    ['a street of generic words, one missing', '3 Green Lane', '3 The Green'],
    ['another kind of street with the same name', '12 Foo Road', '12 Foo Close'],
  ])('no match: %s', (_rule, asked, certificate) => {
    expect(matches(asked, certificate)).toBe(false);
  });
});

describe('the property an address or a UPRN names', () => {
  const cert = (id: string, uprn: string | null, address: string) => ({ id, uprn, parts: addressParts(address) });
  const postcode = [
    cert('a1', '990000000001', 'Flat 1, 10 Oxford Road'),
    cert('a2', null, 'Flat 1, 10 Oxford Rd'),
    cert('a3', '990000000001', '1 Oxford Road'), // the same UPRN, the address written otherwise
    cert('b1', '990000000002', 'Flat 2, 10 Oxford Road'),
    cert('c1', '990000000003', '12 Oxford Road'),
    cert('c2', '990000000004', '12 Oxford Road'),
  ];
  const ids = (certificates: Array<{ id: string }>) => certificates.map((c) => c.id);

  it('takes the matches with every certificate of their UPRN, and those with none that match', () => {
    const found = propertyByAddress(addressParts('Flat 1, 10 Oxford Road'), postcode);
    expect(found.kind === 'one' && ids(found.certificates)).toEqual(['a1', 'a2', 'a3']);
  });

  it('finds several properties when the matches carry different UPRNs', () => {
    const found = propertyByAddress(addressParts('12 Oxford Road'), postcode);
    expect(found.kind === 'several' && found.properties.map((p) => [p.uprn, ids(p.certificates)])).toEqual([
      ['990000000003', ['c1']],
      ['990000000004', ['c2']],
    ]);
  });

  it('finds none for an address no certificate has', () => {
    expect(propertyByAddress(addressParts('14 Oxford Road'), postcode)).toEqual({ kind: 'none' });
  });

  it('takes by UPRN the certificates carrying it and those without one whose address matches one of theirs', () => {
    expect(ids(propertyByUprn('990000000001', postcode))).toEqual(['a1', 'a2', 'a3']);
    expect(ids(propertyByUprn('990000000002', postcode))).toEqual(['b1']);
    expect(propertyByUprn('990000000009', postcode)).toEqual([]);
  });
});
