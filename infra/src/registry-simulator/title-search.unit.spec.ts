import { addressMatches, addressWords, findTitles, postcodeKey } from './title-search';
import { registeredTitles } from './titles/dataset';

const numbersFound = (search: Parameters<typeof findTitles>[1]) => findTitles(registeredTitles, search).map((t) => t.titleNumber);

describe('finding titles', () => {
  it('compares postcodes without spaces, in capitals', () => {
    expect(postcodeKey(' nw5  9zz ')).toBe('NW59ZZ');
  });

  it('reads an address as words, ignoring case, punctuation and street abbreviations', () => {
    expect(addressWords('Flat 7,  Hawthorn Ct., 22 ELLERY Rd')).toEqual(['flat', '7', 'hawthorn', 'court', '22', 'ellery', 'road']);
    expect(addressWords("St Mary's Cl.")).toEqual(['street', 'marys', 'close']);
  });

  it('matches when every word searched for is in the title address', () => {
    expect(addressMatches('14 Larkspur Close', '14 Larkspur Close, Wokingham')).toBe(true);
    expect(addressMatches('14, larkspur cl', '14 Larkspur Close, Wokingham')).toBe(true);
    expect(addressMatches('16 Larkspur Close', '14 Larkspur Close, Wokingham')).toBe(false);
    expect(addressMatches('14 Larkspur Close, Reading', '14 Larkspur Close, Wokingham')).toBe(false);
    expect(addressMatches(' ,. ', '14 Larkspur Close, Wokingham')).toBe(false);
  });

  it('finds a UPRN exactly', () => {
    expect(numbersFound({ uprn: '100081240517' })).toEqual(['BK509231']);
    expect(numbersFound({ uprn: '10008124051' })).toEqual([]);
  });

  it('finds the flat and the freehold of its block for the building address', () => {
    expect(numbersFound({ address: '22 Ellery Road', postcode: 'nw59zz' })).toEqual(['NGL918273', 'NGL402216']);
    expect(numbersFound({ address: 'Flat 7, Hawthorn Court, 22 Ellery Road, London', postcode: 'NW5 9ZZ' })).toEqual(['NGL918273']);
  });

  it('needs the postcode to agree', () => {
    expect(numbersFound({ address: '22 Ellery Road', postcode: 'NW5 8ZZ' })).toEqual([]);
  });

  it('accepts an address that carries its postcode', () => {
    expect(numbersFound({ address: '9 Heol y Felin, Cardiff CF14 9ZZ', postcode: 'CF14 9ZZ' })).toEqual(['CYM604817']);
  });

  it('leaves closed titles out', () => {
    expect(numbersFound({ uprn: '100061922517' })).toEqual(['WSX402781']);
    expect(numbersFound({ address: 'Orchard House, Mill Lane', postcode: 'BN44 9ZZ' })).toEqual(['WSX402781']);
  });
});
