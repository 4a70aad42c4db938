// A rate table is data: thresholds and percentages, each table dated by the day it took effect (the effective date of
// a transaction is normally completion), with the official source beside it. Prices are whole pounds; tax is worked
// exactly and only the total is rounded down to the pound, as HMRC, the Welsh Revenue Authority and Revenue Scotland
// round it.

/** `[upTo, ratePercent]`: the rate charged on the part of the price above the previous threshold, up to `upTo`. */
export type Rate = readonly [upTo: number | null, ratePercent: number];

/** Something in force from a date (ISO `YYYY-MM-DD`) until the next entry's date. */
export interface Dated<T> {
  readonly from: string;
  readonly value: T;
  /** The official source of the figures (legislation or the tax authority's published guidance). */
  readonly source: string;
}

/** The entry in force on `date`: the last one that took effect on or before it (entries are in date order). */
export const inForce = <T>(entries: readonly Dated<T>[], date: string): Dated<T> | undefined => {
  let found: Dated<T> | undefined;
  for (const entry of entries) if (entry.from <= date) found = entry;
  return found;
};

export interface BandTax {
  /** Pounds: the band is the part of the price above `from`, up to `to` (null for the top band). */
  from: number;
  to: number | null;
  ratePercent: number;
  taxableAmount: number;
  /** The band's tax exactly, in ten-thousandths of a pound (see `exact`). */
  taxExact: number;
}

/**
 * Tax exactly, in ten-thousandths of a pound: a whole number of pounds times a percentage with at most two decimals
 * (3.5, 7.5) is a whole number of them, so nothing is rounded until the total (and no figure here passes 2^53: prices
 * are at most 10^12 pounds and rates below 100 %).
 */
export const exact = (amount: number, percent: number) => amount * Math.round(percent * 100);

/** The whole pounds due on an exact amount: tax is rounded down to the pound. */
export const wholePounds = (exactTax: number) => Math.floor(exactTax / 10_000);

/** Pounds and pence (rounded down to the penny) of an exact amount, for showing one band or surcharge. */
export const poundsAndPence = (exactTax: number) => Math.floor(exactTax / 100) / 100;

/** Each band of `rates` with the part of `price` that falls in it (bands above the price are left out). */
export const applyRates = (price: number, rates: readonly Rate[]): BandTax[] => {
  const bands: BandTax[] = [];
  let from = 0;
  for (const [upTo, ratePercent] of rates) {
    if (price <= from) break;
    const taxableAmount = Math.min(price, upTo ?? Number.POSITIVE_INFINITY) - from;
    bands.push({ from, to: upTo, ratePercent, taxableAmount, taxExact: exact(taxableAmount, ratePercent) });
    if (upTo === null) break;
    from = upTo;
  }
  return bands;
};

export const sumExact = (bands: readonly BandTax[]) => bands.reduce((sum, b) => sum + b.taxExact, 0);
