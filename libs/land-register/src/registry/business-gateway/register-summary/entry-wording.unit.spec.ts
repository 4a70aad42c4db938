import { addressOf, chargeDateOf, isoFromWords, leaseParticularsOf, partyNameOf, pricePaidOf, proprietorPartiesOf } from './entry-wording';

describe('readers of the standard entry wording', () => {
  it('reads dates written out in words, and only real ones', () => {
    expect(isoFromWords('25 February 2022')).toBe('2022-02-25');
    expect(isoFromWords('4 June 1962')).toBe('1962-06-04');
    expect(isoFromWords('30 February 2022')).toBeNull();
    expect(isoFromWords('25.02.2022')).toBeNull();
  });

  it('splits an address into lines and its postcode, bracketed or not', () => {
    expect(addressOf('14 Larkspur Close, Wokingham RG40 9ZZ')).toEqual({
      postcode: 'RG40 9ZZ',
      numbers: [],
      lines: ['14 Larkspur Close', 'Wokingham'],
    });
    expect(addressOf('Flat 7, Hawthorn Court, 22 Ellery Road, London (NW5 9ZZ)')).toEqual({
      postcode: 'NW5 9ZZ',
      numbers: [],
      lines: ['Flat 7', 'Hawthorn Court', '22 Ellery Road', 'London'],
    });
    expect(addressOf('Loan Services, PO Box 412')).toEqual({ postcode: null, numbers: [], lines: ['Loan Services', 'PO Box 412'] });
  });

  it('tells a person from an organisation and takes the company number out of the name', () => {
    expect(partyNameOf('DAVID ALAN PRESCOTT')).toEqual({ kind: 'individual', forenames: 'DAVID ALAN', surname: 'PRESCOTT' });
    expect(partyNameOf('CASTLEGATE BANK PLC (Co. Regn. No. 02065123)')).toEqual({
      kind: 'organisation',
      name: 'CASTLEGATE BANK PLC',
      companyNumber: '02065123',
    });
    expect(partyNameOf('MERIDIAN BUILDING SOCIETY')).toEqual({
      kind: 'organisation',
      name: 'MERIDIAN BUILDING SOCIETY',
      companyNumber: null,
    });
  });

  it('reads joint proprietors sharing an address, and leaves an email address out', () => {
    const parties = proprietorPartiesOf(
      'PROPRIETOR: PRIYA NANDINI RAO of Flat 7, Hawthorn Court, 22 Ellery Road, London NW5 9ZZ and of priya.rao@example.com.',
    );
    expect(parties).toEqual([
      {
        kind: 'individual',
        forenames: 'PRIYA NANDINI',
        surname: 'RAO',
        addresses: [addressOf('Flat 7, Hawthorn Court, 22 Ellery Road, London NW5 9ZZ')],
        description: null,
      },
    ]);
    expect(
      proprietorPartiesOf('PROPRIETOR: A B and C D of 1 High Street, Town AB1 2CD.')?.map((p) => p.kind === 'individual' && p.surname),
    ).toEqual(['B', 'D']);
    expect(proprietorPartiesOf('RESTRICTION: No disposition')).toBeNull();
  });

  it('reads a charge date and a price paid', () => {
    expect(chargeDateOf('REGISTERED CHARGE dated 19 May 2023.')).toEqual({ printed: '19 May 2023', iso: '2023-05-19' });
    expect(chargeDateOf('A Conveyance dated 4 June 1962')).toBeNull();
    expect(pricePaidOf('The price stated to have been paid on 27 September 2019 was £415,000.')).toEqual({
      date: '2019-09-27',
      amount: '£415,000',
    });
    expect(pricePaidOf('The value as at 1 May 2000 was stated to be between £100,000 and £200,000.')).toBeNull();
  });

  it('reads the labelled lines of lease particulars, parties over several paragraphs', () => {
    expect(
      leaseParticularsOf([
        'Short particulars:',
        'Date : 30 June 2005',
        'Term : 99 years from 1 January 2005',
        'Parties : (1) A Limited',
        '(2) B C',
      ]),
    ).toEqual({ date: '30 June 2005', term: '99 years from 1 January 2005', rent: null, parties: ['A Limited', 'B C'] });
    expect(leaseParticularsOf(['The land is held under a lease.'])).toBeNull();
  });
});
