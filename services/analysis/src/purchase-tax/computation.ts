import type { BandTax, Dated } from './rate-table';

// What a regime works out, before it is put into the answer's shape (pounds and pence, the effective rate).

export type BuyerType = 'home-mover' | 'first-time-buyer' | 'additional-property';

export interface Purchase {
  price: number;
  /** ISO date, the transaction's effective date (normally completion). */
  date: string;
  buyerType: BuyerType;
  nonUkResident: boolean;
}

export interface Surcharge {
  code: 'higher-rates-additional-dwellings' | 'non-resident-surcharge' | 'additional-dwelling-supplement';
  name: string;
  ratePercent: number;
  /** Points added to the rate of every band, or a flat percentage of the whole price. */
  basis: 'every-band' | 'whole-price';
  amountExact: number;
}

export interface Relief {
  code: 'first-time-buyers-relief';
  name: string;
  applied: boolean;
  savingExact: number;
  /** Why it does not apply, or what it did. */
  reason: string;
}

export interface Computation {
  taxName: 'SDLT' | 'LTT' | 'LBTT';
  /** The table the bands come from. */
  rateTable: 'standard' | 'first-time-buyer' | 'higher-rates';
  bands: BandTax[];
  surcharges: Surcharge[];
  reliefs: Relief[];
  /** The entries of the rate tables that decided the answer, for `ratesEffectiveFrom` and the references. */
  used: Dated<unknown>[];
  notes: string[];
}

/** The de minimis of every surcharge and of Wales's higher rates: they apply from £40,000. */
export const surchargeThreshold = 40_000;

export const ukDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const pounds = (n: number) => `£${n.toLocaleString('en-GB')}`;
