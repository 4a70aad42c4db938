import { quarterOf, repeatSalesIndex, type RepeatSale } from './repeat-sales-index';

describe('the repeat-sales index', () => {
  it('numbers quarters from 1995 Q1', () => {
    expect(['1995-01-01', '1995-03-31', '1995-04-01', '2024-01-15', '2023-12-31'].map(quarterOf)).toEqual([0, 0, 1, 116, 115]);
  });

  it('solves one pair by hand: (1 + 4) β1 = 0.1, so β1 = 0.02', () => {
    const index = repeatSalesIndex([{ from: 0, to: 1, logChange: 0.1 }], 1);
    expect(index.at(0)).toBe(1);
    expect(index.at(1)).toBeCloseTo(Math.exp(0.02), 12);
    expect(index.at(7)).toBeCloseTo(Math.exp(0.02), 12); // after the last quarter: the last
  });

  it('recovers the movement of prices from many pairs (within half a percent)', () => {
    const truth = [0, 0.05, 0.12, 0.1, 0.18];
    const pairs: RepeatSale[] = [];
    for (let a = 0; a < truth.length; a++)
      for (let b = a + 1; b < truth.length; b++)
        for (let k = 0; k < 200; k++) pairs.push({ from: a, to: b, logChange: truth[b]! - truth[a]! });
    const index = repeatSalesIndex(pairs, truth.length - 1);
    for (const [q, level] of truth.entries()) expect(Math.abs(Math.log(index.at(q)) - level)).toBeLessThan(0.005);
  });

  it('lets a quarter with no pairs follow its neighbours (halfway, by symmetry)', () => {
    const index = repeatSalesIndex([{ from: 0, to: 2, logChange: 0.2 }], 2);
    expect(Math.log(index.at(1))).toBeCloseTo(Math.log(index.at(2)) / 2, 12);
  });

  it('is flat with no pairs at all', () => expect(repeatSalesIndex([], 3).at(3)).toBe(1));
});
