import { addressWords } from './title-search';

describe('address words', () => {
  it('reads an address as words, ignoring case, punctuation and street abbreviations', () => {
    expect(addressWords('Flat 7,  Hawthorn Ct., 22 ELLERY Rd')).toEqual(['flat', '7', 'hawthorn', 'court', '22', 'ellery', 'road']);
    expect(addressWords("St Mary's Cl.")).toEqual(['street', 'marys', 'close']);
  });
});
