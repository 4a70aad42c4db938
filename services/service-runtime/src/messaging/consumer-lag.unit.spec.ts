import { lagRows } from './consumer-lag';

describe('consumer lag', () => {
  it('keeps the partitions the member holds, with their lag, and drops those it does not hold or did not ask for', () => {
    // Topic t: partition 0 caught up, 1 not held (-1), 2 seven behind; topic u: partition 0 not asked for (-2), 1 three behind.
    const lags = new Map([
      ['t', [0n, -1n, 7n]],
      ['u', [-2n, 3n]],
    ]);
    expect(lagRows(lags)).toEqual([
      { topic: 't', partition: 0, lag: 0 },
      { topic: 't', partition: 2, lag: 7 },
      { topic: 'u', partition: 1, lag: 3 },
    ]);
  });

  it('reports nothing for a member holding no partition', () => {
    expect(lagRows(new Map())).toEqual([]);
  });
});
