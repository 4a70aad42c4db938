import { parseEntries } from './entries';

describe('splitting a register into entries', () => {
  it('starts an entry at the next number, with or without a date, and joins wrapped lines', () => {
    const r = parseEntries('C', [
      'This register contains any charges and other matters that affect the land.',
      '1 (12.08.1987) A Conveyance of the land in this title dated 4 June 1962 made between (1)',
      'Harold Brightwell and (2) Wokingham Homes Limited contains restrictive covenants.',
      '2 The land is subject to the rights reserved by the Conveyance dated 4 June 1962.',
    ]);
    expect(r.preamble).toEqual(['This register contains any charges and other matters that affect the land.']);
    expect(r.entries).toEqual([
      {
        register: 'C',
        number: 1,
        date: '1987-08-12',
        text: 'A Conveyance of the land in this title dated 4 June 1962 made between (1) Harold Brightwell and (2) Wokingham Homes Limited contains restrictive covenants.',
      },
      { register: 'C', number: 2, date: null, text: 'The land is subject to the rights reserved by the Conveyance dated 4 June 1962.' },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('does not start an entry at a wrapped line that begins with a date, a year, a house number or a term', () => {
    const r = parseEntries('C', [
      '1 (14.03.2022) REGISTERED CHARGE dated',
      '2 March 2022.',
      '2 (14.03.2022) Proprietor: MERIDIAN BUILDING SOCIETY of Meridian House,',
      '3 Quay Street, Bristol BS1 9ZZ.',
      '3 A Lease of the garage dated 1 May 2010 for',
      '125 years from 1 May 2010.',
      '4 (01.06.2010) A Transfer dated 1 June 2010 made between the parties named in the Transfer of',
      '5 Acacia Avenue contains covenants.',
    ]);
    expect(r.entries.map((e) => [e.number, e.text])).toEqual([
      [1, 'REGISTERED CHARGE dated 2 March 2022.'],
      [2, 'Proprietor: MERIDIAN BUILDING SOCIETY of Meridian House, 3 Quay Street, Bristol BS1 9ZZ.'],
      [3, 'A Lease of the garage dated 1 May 2010 for 125 years from 1 May 2010.'],
      [4, 'A Transfer dated 1 June 2010 made between the parties named in the Transfer of 5 Acacia Avenue contains covenants.'],
    ]);
  });

  it('puts back together a number, a date and text printed on separate lines', () => {
    const r = parseEntries('B', [
      'Title absolute',
      '1',
      '(30.01.2017)',
      'PROPRIETOR: ROSALIND MAY OKAFOR of',
      'Flat 3, Solent Mansions.',
      '2',
      'NOTE: undated.',
    ]);
    expect(r.preamble).toEqual(['Title absolute']);
    expect(r.entries).toEqual([
      { register: 'B', number: 1, date: '2017-01-30', text: 'PROPRIETOR: ROSALIND MAY OKAFOR of Flat 3, Solent Mansions.' },
      { register: 'B', number: 2, date: null, text: 'NOTE: undated.' },
    ]);
  });

  it('accepts a dated entry after a small gap in the numbering but says so', () => {
    const r = parseEntries('A', [
      '1 (01.01.2000) The Freehold land being 1 High Street.',
      '3 (02.02.2002) The land has the benefit of a right of way.',
    ]);
    expect(r.entries.map((e) => e.number)).toEqual([1, 3]);
    expect(r.warnings).toEqual(['A register: entry numbers jump from 1 to 3']);
  });

  it('warns about an entry date that is not a real date', () => {
    const r = parseEntries('A', ['1 (31.02.2000) The Freehold land being 1 High Street.']);
    expect(r.entries[0]!.date).toBeNull();
    expect(r.warnings).toEqual(['A1: the entry date (31.02.2000) is not a real date']);
  });
});
