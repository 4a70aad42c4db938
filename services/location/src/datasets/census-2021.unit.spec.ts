import { census2021, censusRows, levelOfCode, namedTableAndLevel, tablesHeld } from './census-2021';
import { readCensusHeader } from './census-2021-header';

// The census-2021 importer's reading of names and lines. The lines are real: TS054's first LSOA and MSOA rows as
// /work/research/iod-census.md §2.2 quotes them.

const ts054Header = [
  'date',
  'geography',
  'geography code',
  'Tenure of household: Total: All households',
  'Tenure of household: Owned',
  'Tenure of household: Owned: Owns outright',
  'Tenure of household: Owned: Owns with a mortgage or loan',
  'Tenure of household: Shared ownership',
  'Tenure of household: Shared ownership: Shared ownership',
  'Tenure of household: Social rented',
  'Tenure of household: Social rented: Rents from council or Local Authority',
  'Tenure of household: Social rented: Other social rented',
  'Tenure of household: Private rented',
  'Tenure of household: Private rented: Private landlord or letting agency',
  'Tenure of household: Private rented: Other private rented',
  'Tenure of household: Lives rent free',
];
const header = readCensusHeader(ts054Header, 'ts054');
const cityOfLondon001A = '2021,City of London 001A,E01000001,837,481,337,144,4,4,22,18,4,329,280,49,1'.split(',');
const reading001 = '2021,Reading 001,E02003389,3187,2604,1392,1212,45,45,140,47,93,398,346,52,0'.split(',');

describe('the table and level a published name says', () => {
  it.each([
    ['census2021-ts054-lsoa.csv', { table: 'ts054', level: 'lsoa' }],
    ['census2021-ts007a-msoa.csv.gz', { table: 'ts007a', level: 'msoa' }],
    ['/data/census2021-ts007a-ltla_E06000038_E06000037_E08000035.csv', { table: 'ts007a', level: 'ltla' }],
    ['SYNTHETIC_census2021-ts044-lsoa_E06000038.csv', { table: 'ts044', level: 'lsoa' }],
    ['census2021-ts054-oa.csv', { table: 'ts054', level: 'oa' }],
    ['CENSUS2021-TS054-UTLA.CSV', { table: 'ts054', level: 'utla' }],
  ])('%s', (name, said) => {
    expect(namedTableAndLevel(name)).toEqual(said);
  });

  it.each([['census2021-ts054.zip'], ['tenure.csv'], ['census2021-ts054-lsoax.csv']])('%s says none', (name) => {
    expect(namedTableAndLevel(name)).toBeUndefined();
  });

  it('knows LSOA, MSOA and local-authority codes, and nothing else', () => {
    expect(
      ['E01000001', 'W01001958', 'E02003389', 'W02000410', 'E06000038', 'E07000178', 'E08000035', 'E09000001', 'W06000015'].map(
        levelOfCode,
      ),
    ).toEqual(['lsoa', 'lsoa', 'msoa', 'msoa', 'ltla', 'ltla', 'ltla', 'ltla', 'ltla']);
    expect(['E00000001', 'E10000002', 'E12000008', 'E92000001', 'K04000001', 'E0100001'].map(levelOfCode)).toEqual(
      Array(6).fill(undefined),
    );
  });
});

describe('a published line as rows', () => {
  it('is one row per column: table, level, area, name, category, label and count as published', () => {
    const read = censusRows(header, cityOfLondon001A, 'lsoa');
    expect('rows' in read && read.rows).toEqual([
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'total', 'Total: All households', 837],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'owned', 'Owned', 481],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'owns_outright', 'Owned: Owns outright', 337],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'owns_with_mortgage_or_loan', 'Owned: Owns with a mortgage or loan', 144],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'shared_ownership', 'Shared ownership', 4],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'shared_ownership_only', 'Shared ownership: Shared ownership', 4],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'social_rented', 'Social rented', 22],
      [
        'ts054',
        'lsoa',
        'E01000001',
        'City of London 001A',
        'rents_from_council',
        'Social rented: Rents from council or Local Authority',
        18,
      ],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'other_social_rented', 'Social rented: Other social rented', 4],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'private_rented', 'Private rented', 329],
      [
        'ts054',
        'lsoa',
        'E01000001',
        'City of London 001A',
        'private_landlord_or_letting_agency',
        'Private rented: Private landlord or letting agency',
        280,
      ],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'other_private_rented', 'Private rented: Other private rented', 49],
      ['ts054', 'lsoa', 'E01000001', 'City of London 001A', 'lives_rent_free', 'Lives rent free', 1],
    ]);
  });

  it('takes the level from the code when the name does not say it', () => {
    const read = censusRows(header, reading001, undefined);
    expect('rows' in read && read.rows[0]).toEqual(['ts054', 'msoa', 'E02003389', 'Reading 001', 'total', 'Total: All households', 3187]);
  });

  it.each([
    ['a field short', cityOfLondon001A.slice(0, -1), 'lsoa', /15 fields, not 16/],
    ['another date', ['2011', ...cityOfLondon001A.slice(1)], 'lsoa', /date "2011" is not 2021/],
    ['an MSOA in the LSOA file', reading001, 'lsoa', /"E02003389" is not the code of an LSOA/],
    [
      'an output area, no level named',
      ['2021', 'x', 'E00000001', ...cityOfLondon001A.slice(3)],
      undefined,
      /not the code of an LSOA, MSOA or local authority/,
    ],
    ['a negative count', [...cityOfLondon001A.slice(0, 15), '-1'], 'lsoa', /Lives rent free: "-1" is not a count/],
    ['a decimal count', [...cityOfLondon001A.slice(0, 3), '837.5', ...cityOfLondon001A.slice(4)], 'lsoa', /Total: All households: "837.5"/],
    ['no name', ['2021', '', ...cityOfLondon001A.slice(2)], 'lsoa', /no name for E01000001/],
  ] as const)('rejects %s', (_what, fields, level, reason) => {
    const read = censusRows(header, fields, level);
    expect('rejected' in read && read.rejected).toMatch(reason);
  });
});

describe('the vintage of the tables held', () => {
  it('names the tables, in the order they are declared', () => {
    expect(tablesHeld(['ts054 / lsoa', 'ts007a / msoa', 'ts054 / ltla'])).toBe('Census 2021: TS007A, TS054');
    expect(tablesHeld([])).toBe('Census 2021');
  });

  it('is one dataset whose (table, level) parts add up', () => {
    expect(census2021.accumulates?.partColumns).toEqual(['census_table', 'level']);
  });
});
