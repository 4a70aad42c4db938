// "Nice" axis ticks: steps of 1, 2 or 5 times a power of ten, so a reader can interpolate between labels.

/** The smallest step of the form {1, 2, 5} × 10^k that cuts `span` into at most `maxIntervals` intervals. */
export const niceStep = (span: number, maxIntervals: number): number => {
  if (!(span > 0) || !Number.isFinite(span)) throw new Error(`span must be a positive number, got ${span}`);
  if (!Number.isInteger(maxIntervals) || maxIntervals < 1) throw new Error(`maxIntervals must be a whole number ≥ 1, got ${maxIntervals}`);
  const raw = span / maxIntervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const multiple of [1, 2, 5, 10]) {
    const step = multiple * power;
    // Rounding guards against 0.1 + 0.2 style error making an exact fit look one interval too many.
    if (Math.ceil(Number((span / step).toPrecision(12))) <= maxIntervals) return Number(step.toPrecision(12));
  }
  return 10 * power;
};

/** The 1-2-5 step after `step`: 1 → 2, 2 → 5, 5 → 10. */
export const nextNiceStep = (step: number): number => {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const multiple = Math.round(step / power);
  return Number(((multiple === 1 ? 2 : multiple === 2 ? 5 : 10) * power).toPrecision(12));
};

export interface Ticks {
  min: number;
  max: number;
  step: number;
  values: number[];
}

/**
 * Ticks covering [low, high]: the range widened to whole steps. A flat series (low = high) is given a span of its own
 * size (or 1) so it still has an axis.
 */
export const niceTicks = (low: number, high: number, maxIntervals = 5): Ticks => {
  if (low > high) throw new Error(`low ${low} is above high ${high}`);
  const span = high > low ? high - low : Math.abs(high) || 1;
  let step = niceStep(span, maxIntervals);
  let min = Math.floor(low / step) * step;
  let max = Math.ceil(high / step) * step;
  if (max === min) max = min + step;
  // Widening both ends can add an interval beyond the limit: take the next step of the 1-2-5 sequence.
  while (Math.round((max - min) / step) > maxIntervals) {
    step = nextNiceStep(step);
    min = Math.floor(low / step) * step;
    max = Math.ceil(high / step) * step;
  }
  const values: number[] = [];
  for (let v = min; v <= max + step / 1e6; v += step) values.push(Number(v.toPrecision(12)));
  return { min: Number(min.toPrecision(12)), max: Number(max.toPrecision(12)), step, values };
};

/** Months from the first of `first` to `last` (both YYYY-MM), inclusive: ["2025-11", "2025-12", "2026-01"]. */
export const monthsBetween = (first: string, last: string): string[] => {
  const out: string[] = [];
  let index = monthIndex(first);
  const end = monthIndex(last);
  if (end - index > 1200) throw new Error(`more than 100 years of months: ${first} to ${last}`);
  for (; index <= end; index++) out.push(monthOfIndex(index));
  return out;
};

/** Months since January of year 0: a linear time scale for monthly series. */
export const monthIndex = (isoMonthOrDate: string): number => {
  const m = /^(\d{4})-(\d{2})/.exec(isoMonthOrDate);
  if (!m) throw new Error(`not a month: ${isoMonthOrDate}`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
};

export const monthOfIndex = (index: number): string => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** A date as a fractional month index: the 16th of a 30-day month is half way through it. */
export const dateIndex = (isoDate: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new Error(`not a date: ${isoDate}`);
  const daysInMonth = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return monthIndex(isoDate) + (Number(m[3]) - 1) / daysInMonth;
};
