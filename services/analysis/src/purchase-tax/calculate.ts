import type { BuyerType, Nation, PurchaseTaxResult } from '@pds/contracts';
import { type Computation, type Purchase, ukDate } from './computation';
import { lbtt } from './lbtt';
import { ltt } from './ltt';
import { poundsAndPence, sumExact, wholePounds } from './rate-table';
import { sdlt } from './sdlt';

/** A purchase to work the tax of: its nation settled, its date and today's (the UK's, on the business clock) known. */
export interface PurchaseCalculation {
  price: number;
  country: Nation;
  /** The postcode the nation was found from, echoed in the answer; null when the nation was given. */
  postcode: string | null;
  transactionDate: string;
  today: string;
  buyerType: BuyerType;
  nonUkResident: boolean;
}

// Which tax a purchase pays: by the nation the property is in and the effective date. Wales paid SDLT until LTT began
// on 1 April 2018, and Scotland until LBTT began on 1 April 2015.

const regimes = {
  SDLT: { title: 'Stamp Duty Land Tax', authority: 'HM Revenue & Customs', compute: sdlt },
  LTT: { title: 'Land Transaction Tax', authority: 'Welsh Revenue Authority', compute: ltt },
  LBTT: { title: 'Land and Buildings Transaction Tax', authority: 'Revenue Scotland', compute: lbtt },
} as const;

export const taxOf = (country: Nation, date: string): keyof typeof regimes => {
  if (country === 'wales' && date >= '2018-04-01') return 'LTT';
  if (country === 'scotland' && date >= '2015-04-01') return 'LBTT';
  return 'SDLT';
};

const regimeNote = (country: Nation, taxName: keyof typeof regimes) => {
  if (country === 'wales' && taxName === 'SDLT') return 'Wales paid SDLT until Land Transaction Tax replaced it on 1 April 2018.';
  if (country === 'scotland' && taxName === 'SDLT')
    return 'Scotland paid SDLT until Land and Buildings Transaction Tax replaced it on 1 April 2015.';
  return undefined;
};

const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a));

export const calculatePurchaseTax = (request: PurchaseCalculation): PurchaseTaxResult => {
  const { price, country, postcode, transactionDate, today, buyerType, nonUkResident } = request;
  const purchase: Purchase = { price, date: transactionDate, buyerType, nonUkResident };
  const taxName = taxOf(country, transactionDate);
  const regime = regimes[taxName];
  const worked: Computation = regime.compute(purchase);
  const exactTotal = sumExact(worked.bands) + worked.surcharges.reduce((sum, s) => sum + s.amountExact, 0);
  const tax = wholePounds(exactTotal);
  const notes = [regimeNote(country, taxName), ...worked.notes].filter((n): n is string => n !== undefined);
  if (transactionDate > today)
    notes.push(
      `${ukDate(transactionDate)} is after today: worked with the rate tables known on ${ukDate(today)}; a later change is not reflected.`,
    );
  return {
    input: { price, country, postcode, transactionDate, buyerType, nonUkResident },
    tax,
    taxName,
    taxTitle: regime.title,
    authority: regime.authority,
    effectiveRate: Math.round((tax / price) * 1000) / 10,
    rateTable: worked.rateTable,
    bands: worked.bands.map((b) => ({
      from: b.from,
      to: b.to,
      ratePercent: b.ratePercent,
      taxableAmount: b.taxableAmount,
      tax: poundsAndPence(b.taxExact),
    })),
    surcharges: worked.surcharges.map((s) => ({
      code: s.code,
      name: s.name,
      ratePercent: s.ratePercent,
      basis: s.basis,
      amount: poundsAndPence(s.amountExact),
    })),
    reliefs: worked.reliefs.map((r) => ({
      code: r.code,
      name: r.name,
      applied: r.applied,
      saving: poundsAndPence(r.savingExact),
      reason: r.reason,
    })),
    ratesEffectiveFrom: latest(worked.used.map((u) => u.from)),
    notes,
    references: [...new Set(worked.used.map((u) => u.source))],
  };
};
