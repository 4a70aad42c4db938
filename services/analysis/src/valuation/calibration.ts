// How much wider than the model's own σ the back-test (bench/src/valuation-backtest.bench.ts, every standard sale of
// the demo region's real Price Paid files from 2016 to 2023, valued as on the day before it) found the errors, for each
// kind of evidence a valuation rests on: σ × this, so that the 80% range holds about 80% of prices for each kind and
// no confidence claims more than it measured. Each factor is the measured 80th percentile of |ln(price / estimate)| / σ
// over 1.2816, times the factor it was measured with; each kind is measured in the run where it arises as it would
// for a real address (docs/api/property-analysis.md#valuation has the figures).

export type EvidenceKind =
  /** The home's own earlier sale, indexed, with comparables of its kind. */
  | 'own-sale'
  /** No sale of its own; comparables of its kind, some in its postcode. */
  | 'comparables'
  /** No sale of its own; comparables of its kind in its sector or district only. */
  | 'area-comparables'
  /** No sale of its own and its kind unknown: comparables of every kind. */
  | 'mix-of-kinds';

export const calibration: Readonly<Record<EvidenceKind, number>> = {
  'own-sale': 1.6,
  comparables: 1.0,
  'area-comparables': 1.12,
  'mix-of-kinds': 0.88,
};
