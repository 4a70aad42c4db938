import { isOutsideEnglandAndWales } from './postcode';

describe('postcode areas outside England and Wales', () => {
  it.each([
    'AB10 1XG',
    'DD1 4HN',
    'DG1 2BD',
    'EH1 1YZ',
    'FK8 2ET',
    'G1 1XQ',
    'G42 9AB',
    'HS1 2XA',
    'IV1 1QY',
    'KA7 1UT',
    'KW15 1NX',
    'KY16 9AL',
    'ML1 1AA',
    'PA1 1BU',
    'PH1 5PH',
    'ZE1 0AA',
    'BT1 5GS',
    'BT48 6DQ',
  ])('refuses %s', (postcode) => expect(isOutsideEnglandAndWales(postcode)).toBe(true));

  it.each(['RG40 9ZZ', 'SW1A 1AA', 'CF10 1EP', 'LL57 2DG', 'GL1 1AA', 'GU1 4RR', 'B1 1AA', 'E1 6AN', 'NE1 4ST'])(
    'accepts %s in England or Wales',
    (postcode) => expect(isOutsideEnglandAndWales(postcode)).toBe(false),
  );

  it('leaves the border areas TD and CA to the registry', () => {
    expect(isOutsideEnglandAndWales('TD15 1AA')).toBe(false); // Berwick-upon-Tweed, England
    expect(isOutsideEnglandAndWales('TD1 1AA')).toBe(false); // Galashiels, Scotland
    expect(isOutsideEnglandAndWales('CA1 1AA')).toBe(false);
  });

  it('reads the area regardless of case and spacing', () => {
    expect(isOutsideEnglandAndWales('eh11yz')).toBe(true);
    expect(isOutsideEnglandAndWales(' g 1 1xq')).toBe(true);
  });

  it('does not refuse what does not look like a postcode', () => {
    expect(isOutsideEnglandAndWales('GLASGOW')).toBe(false);
    expect(isOutsideEnglandAndWales('12345')).toBe(false);
  });
});
