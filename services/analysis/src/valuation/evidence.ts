import type { Certificate, DistrictSales } from './district-sales';
import type { PropertyTypeCode } from './model';
import { quarterOf, repeatSalesIndex } from './repeat-sales-index';

// What a valuation on a date may know: certificates lodged before it, and an index from the pairs of sales whose later
// sale was before it.

/** Of a home's certificates lodged before `asOf`: the last lodged on or before the date, else the first after it. */
export const certificateForDate = (certificates: readonly Certificate[], date: string, asOf: string): Certificate | null => {
  // One pass without copies: it is asked for every sale in a look-back.
  let onOrBefore: Certificate | null = null;
  let after: Certificate | null = null;
  for (const c of certificates) {
    if (c.lodgementDate >= asOf) continue;
    if (c.lodgementDate <= date) onOrBefore = c;
    else after ??= c;
  }
  return onOrBefore ?? after;
};

/** D, S, T or F from a certificate's property type and built form (a bungalow is a house here, as in Price Paid). */
export const typeOfCertificate = (c: Pick<Certificate, 'propertyType' | 'builtForm'> | null): PropertyTypeCode | null => {
  const type = c?.propertyType?.toLowerCase() ?? '';
  if (type === 'flat' || type === 'maisonette') return 'F';
  if (type !== 'house' && type !== 'bungalow') return null;
  const form = c?.builtForm?.toLowerCase() ?? '';
  if (form === 'detached') return 'D';
  if (form === 'semi-detached') return 'S';
  if (form.includes('terrace')) return 'T';
  return null;
};

/** A date's place in quarters, the middle of 1995 Q1 being 0: 15 February 1995 ≈ 0, 1 January 1995 = −0.5. */
const quarterPosition = (date: string) => {
  const month = Number(date.slice(5, 7)) - 1;
  const days = new Date(Date.UTC(Number(date.slice(0, 4)), month + 1, 0)).getUTCDate();
  return quarterOf(date) + ((month % 3) + (Number(date.slice(8, 10)) - 1) / days) / 3 - 0.5;
};

/** Indexes solved, by the pairs they were solved from and the date; a date's is solved once (most ask for today's). */
const solved = new WeakMap<DistrictSales['pairs'], Map<string, ReturnType<typeof solveIndexFor>>>();
/** The dates kept for one district's pairs; a valuation on another date solves afresh. */
const datesKept = 8;

/** The district's repeat-sales index as known on `asOf`, read between quarters (log-linear) on any date. */
export const indexFor = (pairs: DistrictSales['pairs'], asOf: string) => {
  const byDate = solved.get(pairs) ?? new Map<string, ReturnType<typeof solveIndexFor>>();
  solved.set(pairs, byDate);
  let index = byDate.get(asOf);
  if (!index) {
    index = solveIndexFor(pairs, asOf);
    byDate.set(asOf, index);
    if (byDate.size > datesKept) byDate.delete(byDate.keys().next().value as string);
  }
  return index;
};

const solveIndexFor = (pairs: DistrictSales['pairs'], asOf: string) => {
  const known = pairs.filter((p) => p.laterDate < asOf);
  const index = repeatSalesIndex(known, quarterOf(asOf));
  const at = (date: string) => {
    const p = Math.min(Math.max(quarterPosition(date), 0), index.lastQuarter);
    const q = Math.floor(p);
    const f = p - q;
    return f === 0 ? index.at(q) : Math.exp((1 - f) * Math.log(index.at(q)) + f * Math.log(index.at(q + 1)));
  };
  return { at, pairs: known.length };
};

export interface HpiMonth {
  month: string;
  /** The index for the home's kind, or the all-types index where that is not published. */
  index: number;
}

const monthOf = (date: string) => date.slice(0, 7);
const addMonths = (month: string, n: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * The UK House Price Index of the home's local authority as known on `asOf`: a month is published about seven weeks
 * after it ends, so the months up to two before the date's; used only when it holds every month from `earliest` to
 * the last known one (else null, and the repeat-sales index serves). A date after the last known month takes its level.
 */
export const hpiIndexFor = (months: readonly HpiMonth[], earliest: string, asOf: string) => {
  const last = addMonths(monthOf(asOf), -2);
  const byMonth = new Map(months.filter((m) => m.month <= last && m.index > 0).map((m) => [m.month, m.index]));
  for (let m = monthOf(earliest); m <= last; m = addMonths(m, 1)) if (!byMonth.has(m)) return null;
  return { at: (date: string) => byMonth.get(monthOf(date) < last ? monthOf(date) : last) as number, months: byMonth.size, last };
};
