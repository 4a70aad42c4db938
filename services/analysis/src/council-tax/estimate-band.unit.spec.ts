import { estimateBand, minHomesCompared, normalCdf, rankDriftSigma } from './estimate-band';

// An authority of 1,000 homes valued £1,000 … £1,000,000 (step £1,000) and dwellings 10% A, 30% B, 60% C: band A's
// homes are the cheapest 10%, so its upper boundary is the value at the 10th percentile, between the 100th and 101st
// homes: 999 × 0.1 = 99.9 → £100,000 + 0.9 × £1,000 = £100,900; B's upper boundary at 40%: 999 × 0.4 = 399.6 → £400,600.
const homes = Array.from({ length: 1000 }, (_, i) => (i + 1) * 1000);
const shares = [
  { band: 'A' as const, dwellings: 100 },
  { band: 'B' as const, dwellings: 300 },
  { band: 'C' as const, dwellings: 600 },
];

describe('estimating a band by value rank', () => {
  it('reads the boundaries off the homes at the cumulative shares', () => {
    const e = estimateBand(250_000, 0.1, homes, shares)!;
    expect(e.boundaries).toEqual([
      { band: 'A', from: null, to: 100_900 },
      { band: 'B', from: 100_900, to: 400_600 },
      { band: 'C', from: 400_600, to: null },
    ]);
    // 249 of the 1,000 homes are valued below £250,000.
    expect(e.rankPercent).toBe(24.9);
    expect(e.band).toBe('B');
  });

  it("gives each band the share of the value's uncertainty within it", () => {
    const sigma = 0.1;
    const spread = Math.sqrt(sigma ** 2 + rankDriftSigma ** 2);
    const e = estimateBand(250_000, sigma, homes, shares)!;
    const pA = normalCdf(Math.log(100_900 / 250_000) / spread);
    const pBorC = normalCdf(Math.log(400_600 / 250_000) / spread);
    expect(e.probabilities.find((p) => p.band === 'A')!.probability).toBeCloseTo(pA, 10);
    expect(e.probability).toBeCloseTo(pBorC - pA, 10);
    expect(e.probabilities.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 10);
  });

  it('is less sure of a home near a boundary than of one in the middle of its band', () => {
    const middle = estimateBand(Math.sqrt(100_900 * 400_600), 0.1, homes, shares)!;
    const nearEdge = estimateBand(395_000, 0.1, homes, shares)!;
    expect(middle.probability).toBeGreaterThan(nearEdge.probability);
    expect(nearEdge.probability).toBeLessThan(0.55);
  });

  it('places nothing among too few homes or without counts', () => {
    expect(estimateBand(250_000, 0.1, homes.slice(0, minHomesCompared - 1), shares)).toBeNull();
    expect(
      estimateBand(
        250_000,
        0.1,
        homes,
        shares.map((s) => ({ ...s, dwellings: 0 })),
      ),
    ).toBeNull();
  });

  it('agrees with the normal distribution at known points', () => {
    // Φ(0) = 0.5, Φ(1.959964) = 0.975, Φ(−1.281552) = 0.1 (tables).
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.281552)).toBeCloseTo(0.1, 6);
  });
});
