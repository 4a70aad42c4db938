import type { SoldComparablesResult, ValuationResult } from '@pds/contracts';
import { comparablesContext, median, valuationContext } from './price-context';

// A price read against a valuation and the postcode's sales, worked by hand.

const valuation = { estimatedValue: 600_000, range: { low: 550_000, high: 660_000 }, confidence: { score: 72 } } as ValuationResult;

describe('the position of a price', () => {
  it('against the valuation: 650,000 is 50,000 (8.3%) above 600,000 and within 550,000 to 660,000', () => {
    expect(valuationContext(650_000, valuation)).toEqual({
      estimatedValue: 600_000,
      range: { low: 550_000, high: 660_000 },
      confidenceScore: 72,
      priceDifference: 50_000,
      priceDifferencePercent: 8.3,
      position: 'within-range',
    });
  });

  it('below the range at 549,999 (-8.3%), above it at 660,001, and at the edges within it', () => {
    expect(valuationContext(549_999, valuation)).toMatchObject({
      position: 'below-range',
      priceDifference: -50_001,
      priceDifferencePercent: -8.3,
    });
    expect(valuationContext(660_001, valuation)?.position).toBe('above-range');
    expect(valuationContext(550_000, valuation)?.position).toBe('within-range');
    expect(valuationContext(660_000, valuation)?.position).toBe('within-range');
    expect(valuationContext(650_000, null)).toBeNull();
  });
});

describe("the comparables' medians", () => {
  const sale = (price: number, propertyType: string, pricePerSqM: number | null) => ({ price, propertyType, pricePerSqM });
  const sales = {
    totalResults: 4,
    comparables: [
      sale(300_000, 'terraced', 3_000),
      sale(420_000, 'detached', null),
      sale(500_001, 'detached', 4_001),
      sale(280_000, 'terraced', 3_500),
    ],
  } as unknown as SoldComparablesResult;

  it('of the kind asked about: two detached sales, median (420,000 + 500,001) / 2 = 460,000.5, rounded to 460,001', () => {
    expect(comparablesContext(sales, 'detached')).toEqual({ count: 4, ofType: 2, medianPrice: 460_001, medianPricePerSqM: 4_001 });
  });

  it('of every sale when no kind is given: the middle two of 280,000, 300,000, 420,000, 500,001', () => {
    expect(comparablesContext(sales, undefined)).toEqual({ count: 4, ofType: 4, medianPrice: 360_000, medianPricePerSqM: 3_500 });
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
  });
});
