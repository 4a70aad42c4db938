// The automated valuation: two kinds of evidence, each brought to the valuation date with a house price index and
// each with an estimate of its own uncertainty (a standard deviation σ of the log of the value), combined by the
// inverse of their variances:
//
// - the subject's own last sale, indexed forward: σ = 7% plus 1.2% a year since;
// - the comparables: sales of the same property type nearby within the look-back, each indexed to the valuation
//   date and scaled to the subject's floor area where both are known (price ∝ area^0.7: larger homes cost less per
//   m²), weighted by place (postcode 1, sector 0.4, district 0.15), recency (halving every 18 months), and
//   leasehold/freehold and new-build likeness (0.5 when they differ). Their estimate is the weighted median of the
//   logs; its σ, the weighted spread of the logs about it shrunk by the effective number of comparables, with 10%
//   for what no comparable sees (condition, plot, view), or, with no sale of its own, their spread within the kind
//   where larger (nothing says where among them the home stands).
//
// With the home's kind unknown (no sale, certificate or classification says it), the comparables are those of every
// kind, and σ adds the spread between the kinds' own weighted medians (the home may be any of them), the spread
// within the kinds being the rest of their spread. Every σ is then
// widened by the calibration the back-test measured for its kind of evidence (calibration.ts). The range is the
// estimate × exp(±1.2816 σ), an 80% interval; the confidence score is 100 × exp(−σ / 0.25): 67 means σ ≈ 10%, 55
// σ ≈ 15%, 45 σ ≈ 20%. What the score is worth is measured, not claimed: bench/src/valuation-backtest.bench.ts prints
// the errors at each score and for each kind of evidence.

import { calibration, type EvidenceKind } from './calibration';

export type PropertyTypeCode = 'D' | 'S' | 'T' | 'F';

export interface Sale {
  price: number;
  date: string;
  postcode: string;
  propertyType: string;
  duration: string;
  newBuild: boolean;
  floorArea: number | null;
  address: string;
}

export interface Subject {
  postcode: string;
  /** Null when nothing says which kind of home it is. */
  propertyType: PropertyTypeCode | null;
  duration: string | null;
  floorArea: number | null;
  /** Its own earlier sales, oldest first. */
  sales: Sale[];
}

export interface WeightedComparable {
  sale: Sale;
  /** Brought to the valuation date and, where both floor areas are known, to the subject's size. */
  adjustedPrice: number;
  weight: number;
}

export interface ModelValuation {
  estimate: number;
  low: number;
  high: number;
  /** The model's own standard deviation of ln(value). */
  sigma: number;
  score: number;
  /** The evidence it rests on, by which σ was calibrated. */
  evidence: EvidenceKind;
  ownSale: { sale: Sale; indexedPrice: number; weight: number } | null;
  comparables: WeightedComparable[];
}

/** The index level on a date, by which a price moves from one date to another. */
export type IndexAt = (date: string) => number;

const maxComparables = 30;
const areaElasticity = 0.7;
const unseenSigma = 0.1;
const z80 = 1.2816;
const ownSigmaBase = 0.07;
const ownSigmaPerYear = 0.012;
const scoreScale = 0.25;

const sector = (postcode: string) => postcode.slice(0, -2);
const district = (postcode: string) => postcode.split(' ')[0] ?? postcode;
const monthsBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / (30.4375 * 86_400_000);

const kinds = new Set(['D', 'S', 'T', 'F']);

const placeWeight = (subject: string, other: string) =>
  other === subject ? 1 : sector(other) === sector(subject) ? 0.4 : district(other) === district(subject) ? 0.15 : 0;

/** Weighted median of values (by weight). */
const weightedMedian = (items: ReadonlyArray<{ value: number; weight: number }>): number => {
  const sorted = [...items].sort((a, b) => a.value - b.value);
  const half = sorted.reduce((s, i) => s + i.weight, 0) / 2;
  let run = 0;
  for (const item of sorted) {
    run += item.weight;
    if (run >= half) return item.value;
  }
  return sorted.at(-1)?.value ?? Number.NaN;
};

/** The weighted spread (σ of the logs) of the kinds' own weighted medians about the estimate of them all. */
const spreadBetweenKinds = (comparables: readonly WeightedComparable[], compLog: number): number => {
  const byKind = new Map<string, Array<{ value: number; weight: number }>>();
  for (const c of comparables)
    byKind.set(c.sale.propertyType, [...(byKind.get(c.sale.propertyType) ?? []), { value: Math.log(c.adjustedPrice), weight: c.weight }]);
  const groups = [...byKind.values()].map((g) => ({ median: weightedMedian(g), weight: g.reduce((s, i) => s + i.weight, 0) }));
  const total = groups.reduce((s, g) => s + g.weight, 0);
  return Math.sqrt(groups.reduce((s, g) => s + g.weight * (g.median - compLog) ** 2, 0) / total);
};

export const valueWithModel = (subject: Subject, candidates: readonly Sale[], indexAt: IndexAt, asOf: string): ModelValuation | null => {
  const level = indexAt(asOf);
  const comparables: WeightedComparable[] = candidates
    .filter((c) => (subject.propertyType === null ? kinds.has(c.propertyType) : c.propertyType === subject.propertyType) && c.date < asOf)
    .map((sale) => {
      const place = placeWeight(subject.postcode, sale.postcode);
      const recency = 0.5 ** (monthsBetween(sale.date, asOf) / 18);
      const tenure = subject.duration && sale.duration !== subject.duration ? 0.5 : 1;
      const build = sale.newBuild ? 0.5 : 1;
      const scaled = subject.floorArea !== null && sale.floorArea !== null ? (subject.floorArea / sale.floorArea) ** areaElasticity : 1;
      return { sale, adjustedPrice: sale.price * (level / indexAt(sale.date)) * scaled, weight: place * recency * tenure * build };
    })
    .filter((c) => c.weight > 0 && Number.isFinite(c.adjustedPrice) && c.adjustedPrice > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, maxComparables);

  const own = subject.sales.filter((s) => s.date < asOf).at(-1);
  const ownSale = own ? { sale: own, indexedPrice: own.price * (level / indexAt(own.date)), weight: 0 } : null;
  const ownSigma = own ? ownSigmaBase + (ownSigmaPerYear * monthsBetween(own.date, asOf)) / 12 : Number.POSITIVE_INFINITY;

  let compLog = Number.NaN;
  let compSigma = Number.POSITIVE_INFINITY;
  if (comparables.length > 0) {
    const logs = comparables.map((c) => ({ value: Math.log(c.adjustedPrice), weight: c.weight }));
    compLog = weightedMedian(logs);
    const total = logs.reduce((s, l) => s + l.weight, 0);
    const effective = total ** 2 / logs.reduce((s, l) => s + l.weight ** 2, 0);
    const spread = Math.sqrt(logs.reduce((s, l) => s + l.weight * (l.value - compLog) ** 2, 0) / total);
    // One comparable says nothing of its own spread: assume a wide one.
    const dispersion = comparables.length === 1 ? 0.25 : Math.max(spread, 0.05);
    // With the kind unknown, the spread between the kinds is counted once, apart from the spread within them. Without a
    // sale of its own, what no comparable sees is where the home stands among those of its kind: that spread.
    const between = subject.propertyType === null ? Math.min(spreadBetweenKinds(comparables, compLog), dispersion) : 0;
    const within = Math.sqrt(dispersion ** 2 - between ** 2);
    const unseen = ownSale ? unseenSigma : Math.max(unseenSigma, within);
    compSigma = Math.sqrt(dispersion ** 2 / effective + unseen ** 2 + between ** 2);
  }
  if (!ownSale && comparables.length === 0) return null;

  const ownPrecision = ownSale ? 1 / ownSigma ** 2 : 0;
  const compPrecision = comparables.length > 0 ? 1 / compSigma ** 2 : 0;
  const ownShare = ownPrecision / (ownPrecision + compPrecision);
  const logEstimate = (ownSale ? ownShare * Math.log(ownSale.indexedPrice) : 0) + (comparables.length > 0 ? (1 - ownShare) * compLog : 0);
  const evidence: EvidenceKind = ownSale
    ? 'own-sale'
    : subject.propertyType === null
      ? 'mix-of-kinds'
      : comparables.some((c) => c.sale.postcode === subject.postcode)
        ? 'comparables'
        : 'area-comparables';
  const sigma = calibration[evidence] / Math.sqrt(ownPrecision + compPrecision);
  const estimate = Math.exp(logEstimate);
  const total = comparables.reduce((s, c) => s + c.weight, 0);
  return {
    estimate: Math.round(estimate),
    low: Math.round(estimate * Math.exp(-z80 * sigma)),
    high: Math.round(estimate * Math.exp(z80 * sigma)),
    sigma,
    score: Math.round(100 * Math.exp(-sigma / scoreScale)),
    evidence,
    ownSale: ownSale ? { ...ownSale, weight: ownShare } : null,
    comparables: comparables.map((c) => ({ ...c, weight: total > 0 ? ((1 - ownShare) * c.weight) / total : 0 })),
  };
};
