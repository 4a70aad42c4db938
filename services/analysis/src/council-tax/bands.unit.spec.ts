import { chargePence, nationBands } from './bands';

// Charges worked out by hand from the authorities' published Band D (la_council_tax_bandD_2026-27_ctsop_2025.csv):
// Reading 2,612.77; Cardiff 2,013.18; City of Edinburgh 1,563.51 (2025-26).
const charges = (nation: keyof typeof nationBands, bandDPence: number) =>
  Object.fromEntries(nationBands[nation].bands.map((b) => [b.band, chargePence(bandDPence, b) / 100]));

describe('the charge of each band', () => {
  it('is Band D × the ninths in England, to the penny', () => {
    // 2612.77 × 6/9 = 1741.8467 → 1741.85; × 7/9 = 2032.1544; × 8/9 = 2322.4622; × 11/9 = 3193.3856; × 13/9 = 3774.0011;
    // × 15/9 = 4354.6167; × 18/9 = 5225.54.
    expect(charges('England', 261_277)).toEqual({
      A: 1741.85,
      B: 2032.15,
      C: 2322.46,
      D: 2612.77,
      E: 3193.39,
      F: 3774.0,
      G: 4354.62,
      H: 5225.54,
    });
  });

  it('adds band I at 21/9 in Wales', () => {
    // 2013.18 × 21/9 = 4697.42; × 6/9 = 1342.12.
    const wales = charges('Wales', 201_318);
    expect(wales.I).toBe(4697.42);
    expect(wales.A).toBe(1342.12);
    expect(Object.keys(wales)).toHaveLength(9);
  });

  it("uses Scotland's 2017 proportions", () => {
    // 1563.51 × 240/360 = 1042.34; × 473/360 = 2054.27842 → 2054.28; × 585/360 = 2540.70375 → 2540.70;
    // × 705/360 = 3061.87375 → 3061.87; × 882/360 = 3830.5995 → 3830.60.
    const scotland = charges('Scotland', 156_351);
    expect(scotland).toMatchObject({ A: 1042.34, D: 1563.51, E: 2054.28, F: 2540.7, G: 3061.87, H: 3830.6 });
  });

  it('rounds an exact half penny up', () => {
    // 1 p × 882/360 = 2.45 p → 2 p; 20 p × 473/360 = 26.2777… → 26 p; 180 p × 473/360 = 236.5 p → 237 p.
    const h = nationBands.Scotland.bands.find((b) => b.band === 'E')!;
    expect(chargePence(180, h)).toBe(237);
    expect(chargePence(20, h)).toBe(26);
  });
});
