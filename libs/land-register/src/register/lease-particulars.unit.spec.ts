import { readLeaseParticulars, yearsLeft } from './lease-particulars';

const particulars = (term: string) =>
  `Short particulars of the lease(s) (or under-lease(s)) under which the land is held: Date : 12 July 1977 Term : ${term} Rent : £40 Parties : (1) Solent Investments Limited (2) John Smith and Jane Smith`;

describe('lease particulars', () => {
  it('reads the date, term, rent and numbered parties', () => {
    expect(readLeaseParticulars(particulars('99 years from 24 June 1976'))).toEqual({
      printedDate: '12 July 1977',
      date: '1977-07-12',
      term: '99 years from 24 June 1976',
      rent: '£40',
      parties: [
        { position: 1, name: 'Solent Investments Limited' },
        { position: 2, name: 'John Smith' },
        { position: 2, name: 'Jane Smith' },
      ],
      endDate: '2075-06-24',
    });
  });

  it.each([
    ['125 years from 1 January 2005', '2130-01-01'],
    ['999 years from and including 24 June 1985', '2984-06-24'],
    ['125 years (less 3 days) from 25 March 1990', '2115-03-25'],
    ['10 years from and including 13 December 2019 to and including 12 December 2029', '2029-12-12'],
    ['the term of years therein mentioned', null],
  ])('ends a term of "%s" on %s', (term, end) => {
    expect(readLeaseParticulars(particulars(term)).endDate).toBe(end);
  });

  it('counts whole years left at the date of the copy', () => {
    const lease = readLeaseParticulars(particulars('99 years from 24 June 1976'));
    expect(yearsLeft(lease, '2024-06-23')).toBe(51);
    expect(yearsLeft(lease, '2024-06-24')).toBe(51);
    expect(yearsLeft(lease, '2024-06-25')).toBe(50);
    expect(yearsLeft(lease, null)).toBeNull();
  });
});
