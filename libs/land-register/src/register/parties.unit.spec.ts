import { partiesFrom, splitNames } from './parties';

describe('names and addresses', () => {
  it('gives every proprietor of a group the group address', () => {
    expect(partiesFrom('JOHN SMITH and JANE SMITH of 1 High Street, Town AB1 2CD.')).toEqual([
      { name: 'JOHN SMITH', address: '1 High Street, Town AB1 2CD' },
      { name: 'JANE SMITH', address: '1 High Street, Town AB1 2CD' },
    ]);
  });

  it('joins several addresses for service of one proprietor', () => {
    expect(partiesFrom('DARIO LOPEZ of 88 Benares Road, London SE18 1HT and of 38 Rippolson Road, London SE18 1NS.')).toEqual([
      { name: 'DARIO LOPEZ', address: '88 Benares Road, London SE18 1HT; 38 Rippolson Road, London SE18 1NS' },
    ]);
  });

  it('separates proprietors who each have their own address', () => {
    expect(
      partiesFrom('JOHN SMITH of 1 High Street, Town AB1 2CD and ACME LIMITED (Co. Regn. No. 01234567) of 2 Low Road, Town AB1 2CE.'),
    ).toEqual([
      { name: 'JOHN SMITH', address: '1 High Street, Town AB1 2CD' },
      { name: 'ACME LIMITED (Co. Regn. No. 01234567)', address: '2 Low Road, Town AB1 2CE' },
    ]);
  });

  it('keeps capitalised "AND" and "OF" inside a name, and "of" inside an address', () => {
    expect(partiesFrom('THE MAYOR AND BURGESSES OF THE LONDON BOROUGH OF CAMDEN of Town Hall, Judd Street, London WC1H 9JE.')).toEqual([
      { name: 'THE MAYOR AND BURGESSES OF THE LONDON BOROUGH OF CAMDEN', address: 'Town Hall, Judd Street, London WC1H 9JE' },
    ]);
    expect(partiesFrom('MARY JONES of 4 Bay View, Ryde, Isle of Wight PO33 9ZZ.')).toEqual([
      { name: 'MARY JONES', address: '4 Bay View, Ryde, Isle of Wight PO33 9ZZ' },
    ]);
  });

  it('reads "both of" and "care of"', () => {
    expect(partiesFrom('AMY BROWN and BEN BROWN both of 9 Mill Lane, Leeds LS1 9ZZ.').map((p) => p.address)).toEqual([
      '9 Mill Lane, Leeds LS1 9ZZ',
      '9 Mill Lane, Leeds LS1 9ZZ',
    ]);
    expect(partiesFrom('AMY BROWN care of Smith & Co, 1 Law Street, Leeds LS2 9ZZ.')).toEqual([
      { name: 'AMY BROWN', address: 'c/o Smith & Co, 1 Law Street, Leeds LS2 9ZZ' },
    ]);
  });

  it('splits names on commas and "and", but not a one-word piece of a longer name', () => {
    expect(splitNames('ANN LEE, BOB LEE and CARL LEE')).toEqual(['ANN LEE', 'BOB LEE', 'CARL LEE']);
    expect(splitNames('Marks and Spencer plc', false)).toEqual(['Marks and Spencer plc']);
  });
});

describe('company proprietors', () => {
  it('reads "whose registered office is at" as the address', () => {
    expect(partiesFrom('ACME HOMES LIMITED (Co. Regn. No. 01234567) whose registered office is at 1 Park Row, Leeds LS1 9ZZ.')).toEqual([
      { name: 'ACME HOMES LIMITED (Co. Regn. No. 01234567)', address: '1 Park Row, Leeds LS1 9ZZ' },
    ]);
  });
});
