import type { PropertyAnalysisResult, SoldComparablesResult, ValuationResult } from '@pds/contracts';

// A price read against the evidence: where it falls in the valuation's range, and against the median of the postcode's
// sales of the same kind. Medians are of whole pounds, the middle two averaged and rounded for an even count.

export const median = (xs: readonly number[]): number | null => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : Math.round(s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2);
};

/** The price against the valuation: the difference in pounds and percent (one decimal), and its position in the range. */
export const valuationContext = (price: number, v: ValuationResult | null): PropertyAnalysisResult['valuationContext'] => {
  if (!v) return null;
  const difference = price - v.estimatedValue;
  return {
    estimatedValue: v.estimatedValue,
    range: v.range,
    confidenceScore: v.confidence.score,
    priceDifference: Math.round(difference),
    priceDifferencePercent: Math.round((1000 * difference) / v.estimatedValue) / 10,
    position: price < v.range.low ? 'below-range' : price > v.range.high ? 'above-range' : 'within-range',
  };
};

/** The postcode's sales: how many, how many of the kind asked about, and their median price and price per m². */
export const comparablesContext = (
  c: SoldComparablesResult | null,
  type: string | undefined,
): PropertyAnalysisResult['comparablesContext'] => {
  if (!c) return null;
  const ofType = type ? c.comparables.filter((x) => x.propertyType === type) : c.comparables;
  return {
    count: c.totalResults,
    ofType: ofType.length,
    medianPrice: median(ofType.map((x) => x.price)),
    medianPricePerSqM: median(ofType.flatMap((x) => (x.pricePerSqM === null ? [] : [x.pricePerSqM]))),
  };
};
