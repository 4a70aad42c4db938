import { type Computation, type Purchase, type Relief, pounds, surchargeThreshold } from './computation';
import { type Dated, type Rate, applyRates, inForce } from './rate-table';

// Land Transaction Tax: Wales, from 1 April 2018 (Welsh Revenue Authority). The higher residential rates are a table of
// their own, not a surcharge; there is no first-time buyer relief and no non-resident surcharge.

const main2018: Rate[] = [
  [180_000, 0],
  [250_000, 3.5],
  [400_000, 5],
  [750_000, 7.5],
  [1_500_000, 10],
  [null, 12],
];
const rates = 'https://www.gov.wales/land-transaction-tax-rates-and-bands';

export const lttMainRates: Dated<Rate[]>[] = [
  {
    from: '2018-04-01',
    value: main2018,
    source: `Land Transaction Tax (Tax Bands and Tax Rates) (Wales) Regulations 2018 (WSI 2018/128) Table 1; ${rates}`,
  },
  {
    from: '2020-07-27',
    value: [
      [250_000, 0],
      [400_000, 5],
      [750_000, 7.5],
      [1_500_000, 10],
      [null, 12],
    ],
    source: `WSI 2020/794 (temporary, extended to 30 June 2021); ${rates}`,
  },
  { from: '2021-07-01', value: main2018, source: `The temporary nil-rate band ended on 30 June 2021; ${rates}` },
  {
    from: '2022-10-10',
    value: [
      [225_000, 0],
      [400_000, 6],
      [750_000, 7.5],
      [1_500_000, 10],
      [null, 12],
    ],
    source: `Land Transaction Tax (Tax Bands and Tax Rates) (Wales) (Amendment) Regulations 2022; https://www.gov.wales/changes-rates-and-bands-land-transaction-tax-october-2022`,
  },
];

/** The higher rates' six bands (the 2018 thresholds throughout). */
const higher = ([a, b, c, d, e, f]: readonly [number, number, number, number, number, number]): Rate[] => [
  [180_000, a],
  [250_000, b],
  [400_000, c],
  [750_000, d],
  [1_500_000, e],
  [null, f],
];

export const lttHigherRates: Dated<Rate[]>[] = [
  { from: '2018-04-01', value: higher([3, 6.5, 8, 10.5, 13, 15]), source: `WSI 2018/128 Table 2; ${rates}` },
  {
    from: '2020-12-22',
    value: higher([4, 7.5, 9, 11.5, 14, 16]),
    source: `WSI 2020/1618 reg. 6; ${rates}`,
  },
  {
    from: '2024-12-11',
    value: higher([5, 8.5, 10, 12.5, 15, 17]),
    source: `WSI 2024/1311; ${rates}`,
  },
];

const entry = <T>(entries: readonly Dated<T>[], date: string) => {
  const found = inForce(entries, date);
  if (!found) throw new RangeError(`no LTT table in force on ${date}`);
  return found;
};

export const ltt = (p: Purchase): Computation => {
  const notes: string[] = [];
  const reliefs: Relief[] = [];
  let table = entry(lttMainRates, p.date);
  let rateTable: Computation['rateTable'] = 'standard';
  if (p.buyerType === 'additional-property') {
    if (p.price < surchargeThreshold)
      notes.push(`The higher residential rates do not apply to a price below ${pounds(surchargeThreshold)}.`);
    else {
      table = entry(lttHigherRates, p.date);
      rateTable = 'higher-rates';
      notes.push('In Wales the higher residential rates are a table of their own, used instead of the main rates (not a surcharge).');
    }
  }
  if (p.buyerType === 'first-time-buyer') {
    const reason = 'Wales has no first-time buyer relief: the main residential rates apply.';
    reliefs.push({ code: 'first-time-buyers-relief', name: 'First-time buyer relief', applied: false, savingExact: 0, reason });
  }
  if (p.nonUkResident) notes.push('Wales has no non-resident surcharge: residence does not change LTT.');
  return { taxName: 'LTT', rateTable, bands: applyRates(p.price, table.value), surcharges: [], reliefs, used: [table], notes };
};
