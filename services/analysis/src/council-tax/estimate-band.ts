import type { CouncilTaxBand } from '@pds/contracts';

// The estimated band of a home: its value today placed among today's values of the authority's homes, and the band
// read off the VOA's count of dwellings in each band. If 10% of the authority's dwellings are in band A and 30% in B,
// the homes between the 10th and 40th percentiles of today's values are taken to be B; the values at those
// percentiles are the bands' boundaries in today's money. This assumes homes keep their order of value since the
// valuation date (1991, or 2003 in Wales) and that the homes sold stand for the stock; neither holds exactly, so the
// home's value is taken as uncertain by the valuation's own σ and by `rankDriftSigma`, the spread measured between the
// bands so read and bands known from early sales (bench/src/council-tax-bands.bench.ts), and each band's probability is
// the share of that uncertainty falling within its boundaries.

/**
 * σ of ln(value) for the drift of homes' relative values since the valuation date: the least the bench tried at which
 * no stated confidence exceeds the agreement it measured.
 */
export const rankDriftSigma = 0.3;
/** Fewer homes of the authority with a known value than this place nothing. */
export const minHomesCompared = 100;

export interface BandShare {
  band: CouncilTaxBand;
  dwellings: number;
}

export interface BandEstimate {
  band: CouncilTaxBand;
  /** 0 to 1. */
  probability: number;
  probabilities: Array<{ band: CouncilTaxBand; probability: number }>;
  rankPercent: number;
  boundaries: Array<{ band: CouncilTaxBand; from: number | null; to: number | null }>;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf: error below 1.5e-7). */
export const normalCdf = (z: number): number => {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
};

/** The value at share `q` (0 to 1) of sorted values, between neighbours. */
const quantile = (sorted: readonly number[], q: number) => {
  const at = q * (sorted.length - 1);
  const i = Math.floor(at);
  const f = at - i;
  return i + 1 < sorted.length ? sorted[i]! * (1 - f) + sorted[i + 1]! * f : sorted[i]!;
};

/**
 * The band of a home of `value` (σ of its ln: `sigma`) among `homeValues` (the authority's homes today), by the VOA's
 * `shares`; null with fewer than `minHomesCompared` values or no dwellings counted.
 */
export const estimateBand = (
  value: number,
  sigma: number,
  homeValues: readonly number[],
  shares: readonly BandShare[],
  driftSigma = rankDriftSigma,
): BandEstimate | null => {
  const total = shares.reduce((s, b) => s + b.dwellings, 0);
  if (homeValues.length < minHomesCompared || total === 0) return null;
  const sorted = [...homeValues].sort((a, b) => a - b);
  let cumulative = 0;
  const edges = shares.map((s) => {
    cumulative += s.dwellings;
    return cumulative >= total ? null : Math.round(quantile(sorted, cumulative / total));
  });
  const boundaries = shares.map((s, i) => ({ band: s.band, from: i === 0 ? null : edges[i - 1]!, to: edges[i]! }));
  const spread = Math.sqrt(sigma ** 2 + driftSigma ** 2);
  const below = (edge: number | null) => (edge === null ? 1 : normalCdf(Math.log(edge / value) / spread));
  const probabilities = boundaries
    .filter((b) => shares.find((s) => s.band === b.band)!.dwellings > 0)
    .map((b) => ({ band: b.band, probability: below(b.to) - (b.from === null ? 0 : below(b.from)) }));
  const best = probabilities.reduce((a, b) => (b.probability > a.probability ? b : a));
  const rank = sorted.filter((v) => v < value).length / sorted.length;
  return {
    band: best.band,
    probability: best.probability,
    probabilities: [...probabilities].sort((a, b) => b.probability - a.probability),
    rankPercent: Math.round(rank * 1000) / 10,
    boundaries,
  };
};
