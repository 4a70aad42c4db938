import { ts001, ts007a, ts054, type CensusTable } from '../datasets/census-2021-tables';
import { ageBandsOf, authorityNamed, authorityOfAreaName, breakdownOf, figuresOf, sharePercent, type StoredCount } from './area-figures';

// An area's figures from its stored counts, checked against shares worked out by hand: count × 100 / total, to one
// decimal, half up. The counts are real published rows: TS054 for City of London 001A (E01000001) as
// /work/research/iod-census.md §2.2 quotes it, and TS007A for Reading (E06000038) from the demo ltla file.

/** Stored counts of a table as the importer stores a published line (its columns in the table's order). */
const stored = (table: CensusTable, counts: number[]): StoredCount[] => {
  const labels = [table.totalLabel, ...table.categories.map((c) => c.label)];
  const keys = ['total', ...table.categories.map((c) => c.key)];
  expect(counts).toHaveLength(keys.length);
  return counts.map((count, i) => ({ census_table: table.id, category: keys[i]!, label: labels[i]!, count }));
};

const cityOfLondon001A = stored(ts054, [837, 481, 337, 144, 4, 4, 22, 18, 4, 329, 280, 49, 1]);
const readingAges = [10238, 10486, 10247, 10986, 14690, 14572, 15640, 14592, 12818, 11313, 10741, 9493, 7430, 5844, 5302, 4006, 2931, 2895];
const reading = stored(ts007a, [174224, ...readingAges]);

describe('a share of a total', () => {
  it.each([
    [481, 837, 57.5], // 57.467…
    [18, 837, 2.2], // 2.1505…
    [1, 837, 0.1], // 0.1194…
    [1, 16, 6.3], // 6.25, half up
    [1, 80, 1.3], // 1.25, half up
    [1, 8, 12.5],
    [3, 3, 100],
    [0, 5, 0],
  ])('%i of %i is %d %', (count, total, percent) => {
    expect(sharePercent(count, total)).toBe(percent);
  });

  it('is null of a total of 0', () => {
    expect(sharePercent(0, 0)).toBeNull();
  });
});

describe('a table as categories with their parts', () => {
  it("gives TS054's five kinds of tenure, each with the parts it publishes, shares of its own total", () => {
    expect(breakdownOf(cityOfLondon001A, ts054)).toEqual({
      table: 'TS054',
      total: 837,
      categories: [
        {
          key: 'owned',
          label: 'Owned',
          count: 481,
          sharePercent: 57.5,
          parts: [
            { key: 'owns_outright', label: 'Owned: Owns outright', count: 337, sharePercent: 40.3 },
            { key: 'owns_with_mortgage_or_loan', label: 'Owned: Owns with a mortgage or loan', count: 144, sharePercent: 17.2 },
          ],
        },
        {
          key: 'shared_ownership',
          label: 'Shared ownership',
          count: 4,
          sharePercent: 0.5,
          parts: [{ key: 'shared_ownership_only', label: 'Shared ownership: Shared ownership', count: 4, sharePercent: 0.5 }],
        },
        {
          key: 'social_rented',
          label: 'Social rented',
          count: 22,
          sharePercent: 2.6,
          parts: [
            { key: 'rents_from_council', label: 'Social rented: Rents from council or Local Authority', count: 18, sharePercent: 2.2 },
            { key: 'other_social_rented', label: 'Social rented: Other social rented', count: 4, sharePercent: 0.5 },
          ],
        },
        {
          key: 'private_rented',
          label: 'Private rented',
          count: 329,
          sharePercent: 39.3,
          parts: [
            {
              key: 'private_landlord_or_letting_agency',
              label: 'Private rented: Private landlord or letting agency',
              count: 280,
              sharePercent: 33.5,
            },
            { key: 'other_private_rented', label: 'Private rented: Other private rented', count: 49, sharePercent: 5.9 },
          ],
        },
        { key: 'lives_rent_free', label: 'Lives rent free', count: 1, sharePercent: 0.1, parts: [] },
      ],
    });
  });

  it('is null for a table the area does not hold', () => {
    expect(breakdownOf(cityOfLondon001A, ts001)).toBeNull();
  });

  it('refuses a table with a category missing (the importer stores a whole line or none)', () => {
    expect(() => breakdownOf(cityOfLondon001A.slice(1), ts054)).toThrow(/no stored count of total/);
  });
});

describe('age bands', () => {
  it("gives TS007A's 18 bands youngest first, with their ages and shares of the total", () => {
    const bands = ageBandsOf(reading);
    expect(bands?.total).toBe(174224);
    const shares = [5.9, 6.0, 5.9, 6.3, 8.4, 8.4, 9.0, 8.4, 7.4, 6.5, 6.2, 5.4, 4.3, 3.4, 3.0, 2.3, 1.7, 1.7];
    expect(bands?.bands.map((b) => [b.minAge, b.maxAge, b.count, b.sharePercent])).toEqual(
      readingAges.map((count, i) => [i * 5, i === 17 ? null : i * 5 + 4, count, shares[i]]),
    );
    expect(bands?.bands[0]?.label).toBe('Aged 4 years and under');
    expect(bands?.bands[17]?.label).toBe('Aged 85 years and over');
  });
});

describe("an area's figures", () => {
  it('takes the population from TS007A and the households from TS054, and leaves tables not held null', () => {
    const figures = figuresOf([...reading, ...cityOfLondon001A]);
    expect(figures).toMatchObject({ population: 174224, households: 837, accommodationType: null, residenceType: null });
    expect(figuresOf(cityOfLondon001A)).toMatchObject({ population: null, households: 837, ageBands: null });
  });

  it('refuses a stored table it does not know', () => {
    expect(() => figuresOf([{ census_table: 'ts041', category: 'total', label: 'x', count: 1 }])).toThrow(/unknown table: ts041/);
  });
});

describe('the local authority an area is named for', () => {
  it.each([
    ['Reading 011D', 'Reading'],
    ['Reading 011', 'Reading'],
    ['West Berkshire 019C', 'West Berkshire'],
    ['Bournemouth, Christchurch and Poole 035A', 'Bournemouth, Christchurch and Poole'],
    ['Reading', undefined],
    ['Reading 11A', undefined],
  ])('%s → %s', (name, authority) => {
    expect(authorityOfAreaName(name)).toBe(authority);
  });

  const authorities = [
    { code: 'E06000023', name: 'Bristol, City of' },
    { code: 'W06000016', name: 'Rhondda Cynon Taff' },
    { code: 'E09000021', name: 'Kingston upon Thames' },
    { code: 'E06000010', name: 'Kingston upon Hull, City of' },
    { code: 'E06000055', name: 'Bedford' },
    { code: 'E06000056', name: 'Bedford Borough (made up)' },
  ];
  it.each([
    ['Bristol', 'E06000023'],
    ['Rhondda Cynon Taf', 'W06000016'],
    ['Kingston upon Hull', 'E06000010'],
    ['Bedford', 'E06000055'], // its own name, before any that begins with it
    ['Kingston', undefined], // two begin with it
    ['Leeds', undefined],
  ])('%s → %s', (name, code) => {
    expect(authorityNamed(authorities, name)).toBe(code);
  });
});
