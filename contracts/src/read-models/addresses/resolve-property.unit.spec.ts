import { inReadingOrder } from './resolve-property';

// The order candidates are offered in: numbers within the text compared as numbers, as a person reads a list of flats.

describe('addresses in reading order', () => {
  it('puts Flat 2 before Flat 10, and 9 before 10 of a street, whatever order they come in', () => {
    const lines = ['Flat 10, Wheeler Court', '10 High Street', 'Flat 2, Wheeler Court', 'Flat 1, Wheeler Court', '9 High Street'];
    expect(
      lines
        .map((single_line) => ({ single_line }))
        .sort(inReadingOrder)
        .map((r) => r.single_line),
    ).toEqual(['9 High Street', '10 High Street', 'Flat 1, Wheeler Court', 'Flat 2, Wheeler Court', 'Flat 10, Wheeler Court']);
  });
});
