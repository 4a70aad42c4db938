import { calculateRenovationUplift } from './calculate';

// Expected figures worked out by hand from the specification's six steps (and checked in exact decimal arithmetic):
// 1 m² = 10.7639104167 ft², money and £/area rounded half up to whole pounds at the end.
describe('renovation uplift calculation', () => {
  it('with no extension and no uplift, the adjusted value equals the value', () => {
    const r = calculateRenovationUplift({ value: 250000, floorArea: 100, extensionArea: 0, renovationUplift: 0 });
    expect(r).toEqual({
      input: { value: 250000, floorArea: 100, extensionArea: 0, renovationUplift: 0 },
      result: {
        originalValue: 250000,
        adjustedValue: 250000,
        totalChange: 0,
        totalChangePercent: '0.0%',
        pricePerM2: { original: 2500, adjusted: 2500 },
        pricePerSqFt: { original: 232, adjusted: 232 },
        breakdown: { extensionArea: 0, extensionValue: 0, totalFloorArea: 100, renovationUplift: '0%', renovationUpliftValue: 0 },
      },
    });
  });

  it('values an extension at the base £/m² and applies the uplift to the subtotal', () => {
    // base 2,500/m²; extension 20 × 2,500 = 50,000; subtotal 300,000; uplift 10% = 30,000; adjusted 330,000 over 120 m².
    const r = calculateRenovationUplift({ value: 250000, floorArea: 100, extensionArea: 20, renovationUplift: 10 });
    expect(r.result).toEqual({
      originalValue: 250000,
      adjustedValue: 330000,
      totalChange: 80000,
      totalChangePercent: '32.0%',
      pricePerM2: { original: 2500, adjusted: 2750 },
      pricePerSqFt: { original: 232, adjusted: 255 },
      breakdown: { extensionArea: 20, extensionValue: 50000, totalFloorArea: 120, renovationUplift: '10%', renovationUpliftValue: 30000 },
    });
  });

  it('applies the maximum uplift of 50% without an extension', () => {
    const r = calculateRenovationUplift({ value: 200000, floorArea: 80, extensionArea: 0, renovationUplift: 50 });
    expect(r.result.adjustedValue).toBe(300000);
    expect(r.result.totalChange).toBe(100000);
    expect(r.result.totalChangePercent).toBe('50.0%');
    expect(r.result.pricePerM2).toEqual({ original: 2500, adjusted: 3750 });
    expect(r.result.pricePerSqFt).toEqual({ original: 232, adjusted: 348 });
    expect(r.result.breakdown.renovationUplift).toBe('50%');
    expect(r.result.breakdown.renovationUpliftValue).toBe(100000);
  });

  it('keeps fractional inputs exact until the final rounding', () => {
    // base 187,500 / 72.5 = 2,586.2069; extension 12.25 × that = 31,681.03; subtotal 219,181.03;
    // uplift 7.5% = 16,438.58; adjusted 235,619.61 over 84.75 m² = 2,780.17/m².
    const r = calculateRenovationUplift({ value: 187500, floorArea: 72.5, extensionArea: 12.25, renovationUplift: 7.5 });
    expect(r.input).toEqual({ value: 187500, floorArea: 72.5, extensionArea: 12.25, renovationUplift: 7.5 });
    expect(r.result).toEqual({
      originalValue: 187500,
      adjustedValue: 235620,
      totalChange: 48120,
      totalChangePercent: '25.7%',
      pricePerM2: { original: 2586, adjusted: 2780 },
      pricePerSqFt: { original: 240, adjusted: 258 },
      breakdown: {
        extensionArea: 12.25,
        extensionValue: 31681,
        totalFloorArea: 84.75,
        renovationUplift: '7.5%',
        renovationUpliftValue: 16439,
      },
    });
  });

  it('with an extension and no uplift, keeps the £/m² unchanged', () => {
    const r = calculateRenovationUplift({ value: 300000, floorArea: 120, extensionArea: 30, renovationUplift: 0 });
    expect(r.result.adjustedValue).toBe(375000);
    expect(r.result.totalChangePercent).toBe('25.0%');
    expect(r.result.pricePerM2).toEqual({ original: 2500, adjusted: 2500 });
    expect(r.result.breakdown).toEqual({
      extensionArea: 30,
      extensionValue: 75000,
      totalFloorArea: 150,
      renovationUplift: '0%',
      renovationUpliftValue: 0,
    });
  });

  it('rounds per-area figures half up to whole pounds', () => {
    // 100,001 / 3 = 33,333.67/m² → 33,334; ÷ 10.7639 = 3,096.85/ft² → 3,097.
    const r = calculateRenovationUplift({ value: 100001, floorArea: 3, extensionArea: 0, renovationUplift: 0 });
    expect(r.result.pricePerM2.original).toBe(33334);
    expect(r.result.pricePerSqFt.original).toBe(3097);
  });

  it('never shows floating-point noise in areas', () => {
    const r = calculateRenovationUplift({ value: 1000, floorArea: 0.1, extensionArea: 0.2, renovationUplift: 0 });
    expect(r.result.breakdown.totalFloorArea).toBe(0.3);
  });
});
