import { type Computation, type Purchase, type Relief, type Surcharge, pounds, surchargeThreshold, ukDate } from './computation';
import { type Dated, type Rate, applyRates, exact, inForce, sumExact } from './rate-table';

// Land and Buildings Transaction Tax: Scotland, from 1 April 2015 (Revenue Scotland). Residential rates, first-time
// buyer relief (a higher nil-rate band) and the Additional Dwelling Supplement, a flat percentage of the whole price.

const rates2015: Rate[] = [
  [145_000, 0],
  [250_000, 2],
  [325_000, 5],
  [750_000, 10],
  [null, 12],
];
const rates = 'https://www.revenue.scot/land-buildings-transaction-tax/guidance/calculating-tax-rates-and-bands';

export const lbttStandardRates: Dated<Rate[]>[] = [
  {
    from: '2015-04-01',
    value: rates2015,
    source: `Land and Buildings Transaction Tax (Tax Rates and Tax Bands) (Scotland) Order 2015 (SSI 2015/126); ${rates}`,
  },
  {
    from: '2020-07-15',
    value: [
      [250_000, 0],
      [325_000, 5],
      [750_000, 10],
      [null, 12],
    ],
    source: `SSI 2020/215 art. 2 (a £250,000 nil-rate band to 31 March 2021); ${rates}`,
  },
  { from: '2021-04-01', value: rates2015, source: `The temporary nil-rate band ended on 31 March 2021; ${rates}` },
];

/** First-time buyer relief raises the nil-rate band to this (so it saves at most 2% of £30,000 = £600). */
export const lbttFirstTimeBuyerNilBand: Dated<number | null>[] = [
  { from: '2015-04-01', value: null, source: rates },
  {
    from: '2018-06-30',
    value: 175_000,
    source: `Land and Buildings Transaction Tax (Scotland) Act 2013 Sch 4A (SSI 2018/221); ${rates}`,
  },
];

const adsGuidance =
  'https://www.revenue.scot/land-buildings-transaction-tax/guidance/lbtt-legislation-guidance/lbtt10001-lbtt-additional-dwelli-7';
export const lbttAdditionalDwellingSupplement: Dated<number | null>[] = [
  { from: '2015-04-01', value: null, source: adsGuidance },
  { from: '2016-04-01', value: 3, source: `Land and Buildings Transaction Tax (Amendment) (Scotland) Act 2016 (Sch 2A); ${adsGuidance}` },
  { from: '2019-01-25', value: 4, source: `SSI 2018/372; ${adsGuidance}` },
  { from: '2022-12-16', value: 6, source: `SSI 2022/375; ${adsGuidance}` },
  { from: '2024-12-05', value: 8, source: `SSI 2024/367; ${adsGuidance}` },
];

const entry = <T>(entries: readonly Dated<T>[], date: string) => {
  const found = inForce(entries, date);
  if (!found) throw new RangeError(`no LBTT table in force on ${date}`);
  return found;
};

/** The table with its nil-rate band raised to `nil` (bands wholly below it fall away). */
const withNilBand = (table: Rate[], nil: number): Rate[] => {
  const firstUpTo = table[0]?.[0];
  if (firstUpTo === undefined || firstUpTo === null || firstUpTo >= nil) return table;
  return [[nil, 0], ...table.slice(1).filter(([upTo]) => upTo === null || upTo > nil)];
};

const firstTimeBuyerRelief = (p: Purchase, standard: Rate[], used: Dated<unknown>[]): { relief: Relief; rates?: Rate[] } => {
  const name = 'First-time buyer relief';
  const dated = entry(lbttFirstTimeBuyerNilBand, p.date);
  if (dated.value === null) {
    return { relief: { code: 'first-time-buyers-relief', name, applied: false, savingExact: 0, reason: 'It began on 30 June 2018.' } };
  }
  const relieved = withNilBand(standard, dated.value);
  const saving = sumExact(applyRates(p.price, standard)) - sumExact(applyRates(p.price, relieved));
  if (saving <= 0) {
    const reason =
      p.price <= (standard[0]?.[0] ?? 0)
        ? 'The price is within the nil-rate band, so the relief saves nothing.'
        : `The nil-rate band in force is already at least ${pounds(dated.value)}, so the relief saves nothing.`;
    return { relief: { code: 'first-time-buyers-relief', name, applied: false, savingExact: 0, reason } };
  }
  used.push(dated);
  const reason = `The nil-rate band rises to ${pounds(dated.value)} (no price cap; the most it saves is £600).`;
  return { relief: { code: 'first-time-buyers-relief', name, applied: true, savingExact: saving, reason }, rates: relieved };
};

export const lbtt = (p: Purchase): Computation => {
  const standard = entry(lbttStandardRates, p.date);
  const used: Dated<unknown>[] = [standard];
  const notes: string[] = [];
  const reliefs: Relief[] = [];
  const surcharges: Surcharge[] = [];
  let table = standard.value;
  let rateTable: Computation['rateTable'] = 'standard';
  if (p.buyerType === 'first-time-buyer') {
    const found = firstTimeBuyerRelief(p, standard.value, used);
    reliefs.push(found.relief);
    if (found.rates) {
      table = found.rates;
      rateTable = 'first-time-buyer';
    }
  }
  if (p.buyerType === 'additional-property') {
    const ads = entry(lbttAdditionalDwellingSupplement, p.date);
    if (ads.value === null) notes.push(`The Additional Dwelling Supplement was not in force on ${ukDate(p.date)} (from 1 April 2016).`);
    else if (p.price < surchargeThreshold)
      notes.push(`The Additional Dwelling Supplement is not charged on a price below ${pounds(surchargeThreshold)}.`);
    else {
      used.push(ads);
      const name = 'Additional Dwelling Supplement';
      surcharges.push({
        code: 'additional-dwelling-supplement',
        name,
        ratePercent: ads.value,
        basis: 'whole-price',
        amountExact: exact(p.price, ads.value),
      });
      notes.push('The Additional Dwelling Supplement is a flat percentage of the whole price, on top of LBTT.');
    }
  }
  if (p.nonUkResident) notes.push('Scotland has no non-resident surcharge: residence does not change LBTT.');
  return { taxName: 'LBTT', rateTable, bands: applyRates(p.price, table), surcharges, reliefs, used, notes };
};
