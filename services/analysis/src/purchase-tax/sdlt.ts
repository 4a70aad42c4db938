import { type Computation, type Purchase, type Relief, type Surcharge, pounds, surchargeThreshold, ukDate } from './computation';
import { type Dated, type Rate, applyRates, exact, inForce, sumExact } from './rate-table';

// Stamp Duty Land Tax: England and Northern Ireland (and Wales until 31 March 2018, Scotland until 31 March 2015).
// Residential rates since the slab system ended on 4 December 2014 (Finance Act 2003 s.55 as amended).

const rates2014: Rate[] = [
  [125_000, 0],
  [250_000, 2],
  [925_000, 5],
  [1_500_000, 10],
  [null, 12],
];
const nilBandOf = (nil: number): Rate[] => [
  [nil, 0],
  [925_000, 5],
  [1_500_000, 10],
  [null, 12],
];

const current = 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates';
const temporary = 'https://www.gov.uk/guidance/stamp-duty-land-tax-temporary-reduced-rates';

export const sdltStandardRates: Dated<Rate[]>[] = [
  { from: '2014-12-04', value: rates2014, source: `Stamp Duty Land Tax Act 2015 s.1 (Finance Act 2003 s.55(1B) Table A); ${current}` },
  { from: '2020-07-08', value: nilBandOf(500_000), source: `Stamp Duty Land Tax (Temporary Relief) Act 2020 s.1; ${temporary}` },
  {
    from: '2021-07-01',
    value: nilBandOf(250_000),
    source: `Stamp Duty Land Tax (Temporary Relief) Act 2020 s.1 as amended by Finance Act 2021 (1 July to 30 September 2021); ${temporary}`,
  },
  { from: '2021-10-01', value: rates2014, source: `The temporary relief ended on 30 September 2021; ${temporary}` },
  {
    from: '2022-09-23',
    value: nilBandOf(250_000),
    source: `Stamp Duty Land Tax (Temporary Relief) Act 2023 s.1 (23 September 2022 to 31 March 2025); ${current}`,
  },
  {
    from: '2025-04-01',
    value: rates2014,
    source: `The 2023 Act's temporary period ended on 31 March 2025: Finance Act 2003 s.55(1B) Table A again; ${current}`,
  },
];

interface FirstTimeBuyerRates {
  rates: Rate[];
  /** No relief at all above this price. */
  maxPrice: number;
}

const relief2017: FirstTimeBuyerRates = {
  rates: [
    [300_000, 0],
    [500_000, 5],
  ],
  maxPrice: 500_000,
};
const ftbManual = 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm29815';

/** null: no relief (before it began, and while the 2020-21 temporary relief disapplied it). */
export const sdltFirstTimeBuyerRates: Dated<FirstTimeBuyerRates | null>[] = [
  { from: '2014-12-04', value: null, source: current },
  { from: '2017-11-22', value: relief2017, source: `Finance Act 2003 s.57B and Sch 6ZA (Finance Act 2018 s.41); ${ftbManual}` },
  {
    from: '2020-07-08',
    value: null,
    source: `Stamp Duty Land Tax (Temporary Relief) Act 2020 s.1(5): first-time buyers' relief disapplied to 30 June 2021; ${temporary}`,
  },
  { from: '2021-07-01', value: relief2017, source: `Finance Act 2003 s.57B and Sch 6ZA; ${ftbManual}` },
  {
    from: '2022-09-23',
    value: {
      rates: [
        [425_000, 0],
        [625_000, 5],
      ],
      maxPrice: 625_000,
    },
    source: `Stamp Duty Land Tax (Temporary Relief) Act 2023 s.1(5); ${ftbManual}`,
  },
  { from: '2025-04-01', value: relief2017, source: `The 2023 Act's temporary period ended on 31 March 2025; ${ftbManual}` },
];

export const sdltHigherRatesPoints: Dated<number | null>[] = [
  { from: '2014-12-04', value: null, source: current },
  {
    from: '2016-04-01',
    value: 3,
    source:
      'Finance Act 2003 Sch 4ZA (Finance Act 2016 s.128); https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm09740',
  },
  {
    from: '2024-10-31',
    value: 5,
    source:
      'Finance Act 2025 s.50 (effective dates from 31 October 2024); https://www.gov.uk/guidance/stamp-duty-land-tax-buying-an-additional-residential-property',
  },
];

export const sdltNonResidentPoints: Dated<number | null>[] = [
  { from: '2014-12-04', value: null, source: current },
  {
    from: '2021-04-01',
    value: 2,
    source:
      'Finance Act 2003 s.75ZA and Sch 9A (Finance Act 2021); https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual/sdltm09870',
  },
];

const entry = <T>(entries: readonly Dated<T>[], date: string) => {
  const found = inForce(entries, date);
  if (!found) throw new RangeError(`no SDLT table in force on ${date}`);
  return found;
};

const firstTimeBuyerRelief = (p: Purchase, standard: Rate[], used: Dated<unknown>[]): { relief: Relief; rates?: Rate[] } => {
  const name = "First-time buyers' relief";
  const dated = entry(sdltFirstTimeBuyerRates, p.date);
  const relief = dated.value;
  if (!relief) {
    const reason =
      p.date < '2017-11-22'
        ? 'It began on 22 November 2017.'
        : 'The temporary relief of 8 July 2020 to 30 June 2021 replaced it: every buyer of a main residence paid the temporary rates.';
    return { relief: { code: 'first-time-buyers-relief', name, applied: false, savingExact: 0, reason } };
  }
  if (p.price > relief.maxPrice) {
    const reason = `The price is above the relief's cap of ${pounds(relief.maxPrice)}: there is no relief at all, and standard rates apply to the whole price.`;
    return { relief: { code: 'first-time-buyers-relief', name, applied: false, savingExact: 0, reason } };
  }
  const saving = sumExact(applyRates(p.price, standard)) - sumExact(applyRates(p.price, relief.rates));
  if (saving <= 0) {
    const reason = 'The standard rates in force are no higher than the relief rates at this price, so the relief saves nothing.';
    return { relief: { code: 'first-time-buyers-relief', name, applied: false, savingExact: 0, reason } };
  }
  used.push(dated);
  const nil = relief.rates[0]?.[0] ?? 0;
  const reason = `0% up to ${pounds(nil)} and 5% above it, for prices up to ${pounds(relief.maxPrice)}.`;
  return { relief: { code: 'first-time-buyers-relief', name, applied: true, savingExact: saving, reason }, rates: relief.rates };
};

/** A surcharge of points on every band, from £40,000, where one is in force. */
const pointsSurcharge = (
  p: Purchase,
  rates: Rate[],
  dated: Dated<number | null>,
  what: Pick<Surcharge, 'code' | 'name'>,
  began: string,
  used: Dated<unknown>[],
  notes: string[],
): Surcharge[] => {
  if (dated.value === null) {
    notes.push(`${what.name}: not in force on ${ukDate(p.date)} (from ${ukDate(began)}).`);
    return [];
  }
  if (p.price < surchargeThreshold) {
    notes.push(`${what.name}: not charged on a price below ${pounds(surchargeThreshold)}.`);
    return [];
  }
  used.push(dated);
  const points = dated.value;
  const amountExact = applyRates(p.price, rates).reduce((sum, b) => sum + exact(b.taxableAmount, points), 0);
  return [{ ...what, ratePercent: points, basis: 'every-band', amountExact }];
};

export const sdlt = (p: Purchase): Computation => {
  const standard = entry(sdltStandardRates, p.date);
  const used: Dated<unknown>[] = [standard];
  const notes: string[] = [];
  const reliefs: Relief[] = [];
  let rates = standard.value;
  let rateTable: Computation['rateTable'] = 'standard';
  if (p.buyerType === 'first-time-buyer') {
    const found = firstTimeBuyerRelief(p, standard.value, used);
    reliefs.push(found.relief);
    if (found.rates) {
      rates = found.rates;
      rateTable = 'first-time-buyer';
    }
  }
  const surcharges: Surcharge[] = [];
  if (p.buyerType === 'additional-property') {
    const what = { code: 'higher-rates-additional-dwellings', name: 'Higher rates for additional dwellings' } as const;
    surcharges.push(...pointsSurcharge(p, rates, entry(sdltHigherRatesPoints, p.date), what, '2016-04-01', used, notes));
    if (surcharges.length > 0)
      notes.push('The higher rates may be refunded if the previous main residence is sold within 3 years of this purchase.');
  }
  if (p.nonUkResident) {
    const what = { code: 'non-resident-surcharge', name: 'Non-UK resident surcharge' } as const;
    const found = pointsSurcharge(p, rates, entry(sdltNonResidentPoints, p.date), what, '2021-04-01', used, notes);
    surcharges.push(...found);
    if (found.length > 0)
      notes.push(
        "A buyer is non-UK resident for SDLT when in the UK for fewer than 183 days in the 12 months before the purchase; the surcharge can be refunded under HMRC's residence rules if that changes.",
      );
  }
  return { taxName: 'SDLT', rateTable, bands: applyRates(p.price, rates), surcharges, reliefs, used, notes };
};
