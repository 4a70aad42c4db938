import type { Nation } from '@pds/contracts';
import { calculatePurchaseTax } from './calculate';
import type { BuyerType } from './computation';

// Worked figures published by HMRC (gov.uk and the SDLT Manual), Revenue Scotland, the Scottish and Welsh Governments
// and MoneyHelper, each with where it is published. Figures marked "(copy)" are gov.uk's own wording seen in a faithful copy (a House of Commons
// Library briefing, a firm's page quoting gov.uk) because the stored gov.uk page could not be read whole; those marked
// "(result by hand)" give the facts officially and the total was worked here from the same page's bands.

type Example = [what: string, country: Nation, date: string, price: number, buyer: BuyerType, nonUk: boolean, tax: number];

const tax = (country: Nation, date: string, price: number, buyerType: BuyerType, nonUkResident = false) =>
  calculatePurchaseTax({ price, country, postcode: null, transactionDate: date, today: '2026-11-26', buyerType, nonUkResident });

const published: Example[] = [
  // gov.uk/stamp-duty-land-tax/residential-property-rates before July 2020 (copy: Commons Library CDP-2020-0082)
  ['SDLT £275,000, the 2014 rates', 'england', '2019-06-01', 275_000, 'home-mover', false, 3_750],
  // SDLTM09740: "a purchase of buy-to-let property for £300,000 that is liable to the higher rates would be £14,000"
  ['SDLT higher rates £300,000 (3 points)', 'england', '2018-01-15', 300_000, 'additional-property', false, 14_000],
  // SDLTM29815: "the tax due on the purchase of a dwelling by a first-time buyer for £450,000 would be £7,500"
  ["SDLT first-time buyers' relief £450,000 (2017 rules)", 'england', '2019-03-01', 450_000, 'first-time-buyer', false, 7_500],
  ["SDLT first-time buyers' relief £450,000 (since April 2025)", 'england', '2025-06-01', 450_000, 'first-time-buyer', false, 7_500],
  // gov.uk temporary reduced rates, August 2020 (copy): "£575,000 … Total SDLT = £3,750"
  ['SDLT holiday £575,000', 'england', '2020-08-11', 575_000, 'home-mover', false, 3_750],
  // gov.uk, "if you buy a house in August for £275,000" 2021 (copy: i newspaper, attributed to HMRC)
  ['SDLT taper £275,000, August 2021', 'england', '2021-08-15', 275_000, 'home-mover', false, 1_250],
  // gov.uk rates page, "In October 2021 you buy a house for £295,000" (copy)
  ['SDLT £295,000, October 2021', 'england', '2021-10-15', 295_000, 'home-mover', false, 4_750],
  // gov.uk rates page, "In October 2024 you buy a house for £295,000" (copy)
  ['SDLT £295,000, October 2024', 'england', '2024-10-15', 295_000, 'home-mover', false, 2_250],
  // gov.uk rates page, "In April 2025 you buy a house for £295,000" (copy)
  ['SDLT £295,000, April 2025', 'england', '2025-04-15', 295_000, 'home-mover', false, 4_750],
  // gov.uk first-time buyers, rates to 31 March 2025 (copy): "a property for £500,000 … total SDLT = £3,750"
  ['SDLT first-time buyer £500,000 (2022 thresholds)', 'england', '2023-06-01', 500_000, 'first-time-buyer', false, 3_750],
  // gov.uk first-time buyers since April 2025 (copy): "£500,000 … total SDLT = £10,000"
  ['SDLT first-time buyer £500,000 (since April 2025)', 'england', '2025-06-01', 500_000, 'first-time-buyer', false, 10_000],
  // gov.uk/guidance/stamp-duty-land-tax-buying-an-additional-residential-property since April 2025 (copy): £20,000
  ['SDLT additional property £300,000 (since April 2025)', 'england', '2025-06-01', 300_000, 'additional-property', false, 20_000],
  // gov.uk/guidance/rates-of-stamp-duty-land-tax-for-non-uk-residents since April 2025 (copy): £39,000
  ['SDLT non-resident £700,000 (since April 2025)', 'england', '2025-06-01', 700_000, 'home-mover', true, 39_000],
  // SDLTM09870 example 1: Fifi, first-time buyer above the cap, non-resident, 26 October 2022, £700,000: £36,500
  ['SDLT non-resident first-time buyer above the cap', 'england', '2022-10-26', 700_000, 'first-time-buyer', true, 36_500],
  // SDLTM09870 example 2: Gia, Northern Ireland, 7 August 2023, £200,000, first-time buyer, non-resident (result by hand)
  ['SDLT non-resident first-time buyer, Northern Ireland', 'northern-ireland', '2023-08-07', 200_000, 'first-time-buyer', true, 4_000],
  // SDLTM09870A example 1: Genevieve, 1 May 2021, £450,000, non-resident: "£9,000"
  ['SDLT non-resident during the holiday', 'england', '2021-05-01', 450_000, 'home-mover', true, 9_000],
  // SDLTM09870A example 2: Cortez, Northern Ireland, 31 August 2021, premium £250,000, higher rates + non-resident:
  // "5% of £250,000 = £12,500" (the premium's tax; the lease's rent is taxed separately and not modelled here)
  ['SDLT higher rates and non-resident on the taper', 'northern-ireland', '2021-08-31', 250_000, 'additional-property', true, 12_500],
  // revenue.scot calculating tax, rates and bands: "a house bought for £280,000 … £3,600 must be paid in LBTT"
  ['LBTT £280,000', 'scotland', '2023-05-01', 280_000, 'home-mover', false, 3_600],
  // revenue.scot ADS worked example 1: Liz, December 2015, £350,000: LBTT £8,350
  ['LBTT £350,000, December 2015', 'scotland', '2015-12-10', 350_000, 'home-mover', false, 8_350],
  // the same example, May 2016, an additional dwelling: "(£8,350 + £10,500) = £18,850"
  ['LBTT and 3% ADS, £350,000', 'scotland', '2016-05-10', 350_000, 'additional-property', false, 18_850],
  // revenue.scot ADS example 2 (4% wording): a second home for £50,000 within the nil-rate band: ADS £2,000
  ['LBTT and 4% ADS, £50,000', 'scotland', '2020-01-15', 50_000, 'additional-property', false, 2_000],
  // revenue.scot MDR example 38: "LBTT of £33,350 is payable on … £600,000 at residential rates … ADS of £24,000 …
  // a total of £57,350"
  ['LBTT £600,000', 'scotland', '2019-06-01', 600_000, 'home-mover', false, 33_350],
  ['LBTT and 4% ADS, £600,000', 'scotland', '2019-06-01', 600_000, 'additional-property', false, 57_350],
  // the same example: "The average consideration is £150,000 and so LBTT due at residential rates is £100"
  ['LBTT £150,000', 'scotland', '2019-06-01', 150_000, 'home-mover', false, 100],
  // revenue.scot ADS, purchase of multiple dwellings (4%): £2,000,000 "LBTT £198,350 + ADS £80,000"
  ['LBTT and 4% ADS, £2,000,000', 'scotland', '2020-02-01', 2_000_000, 'additional-property', false, 278_350],
  // revenue.scot first-time buyer relief (revision of 2018): £175,000 on 1 July 2018: total LBTT £0
  ['LBTT first-time buyer £175,000', 'scotland', '2018-07-01', 175_000, 'first-time-buyer', false, 0],
  // the same page: Gurnam, £150,000 on 1 August 2018: total LBTT £0
  ['LBTT first-time buyer £150,000', 'scotland', '2018-08-01', 150_000, 'first-time-buyer', false, 0],
  // gov.wales/land-transaction-tax-rates-and-bands (2018): "If you buy a house for £260,000 … £2,950"
  ['LTT £260,000 (2018 rates)', 'wales', '2018-06-01', 260_000, 'home-mover', false, 2_950],
  // the same page: "a second home for £260,000 … 3% on the first £180,000 £5400, 6.5% on the next £70,000 £4550 …"
  // (result by hand: + 8% of £10,000)
  ['LTT higher rates £260,000 (2018 rates)', 'wales', '2018-06-01', 260_000, 'additional-property', false, 10_750],
  // gov.wales written statement, 3 March 2021: a home costing £250,000 saves £2,450 in the temporary period
  ['LTT £250,000 before the temporary nil-rate band', 'wales', '2020-07-26', 250_000, 'home-mover', false, 2_450],
  ['LTT £250,000 in the temporary nil-rate band', 'wales', '2021-03-03', 250_000, 'home-mover', false, 0],
  // MoneyHelper (the government's Money and Pensions Service): "if you buy a house for £410,000 … £11,250"
  ['LTT £410,000 (since October 2022)', 'wales', '2023-03-01', 410_000, 'home-mover', false, 11_250],
  // revenue.scot LBTT4009: "a house bought for £330,000 … So £6,350 must be paid in LBTT"
  ['LBTT £330,000', 'scotland', '2015-06-01', 330_000, 'home-mover', false, 6_350],
  // revenue.scot ADS worked example 54 (3%): an additional dwelling for £300,000, "LBTT and ADS paid is £13,600"
  ['LBTT and 3% ADS, £300,000', 'scotland', '2016-06-01', 300_000, 'additional-property', false, 13_600],
  // gov.wales/land-transaction-tax-rates-and-bands: "In November 2022 you buy a house for £280,000 … total LTT = £3,300"
  ['LTT £280,000, November 2022', 'wales', '2022-11-15', 280_000, 'home-mover', false, 3_300],
  // SDLTM29880: a first-time buyer at a market value of £450,000 (shared ownership, market value election): "0% on the
  // first £425,000 and 5% on the remaining £25,000, paying a total of £1,250"
  ['SDLT first-time buyer £450,000 (2022 thresholds)', 'england', '2023-06-01', 450_000, 'first-time-buyer', false, 1_250],
  // MoneyHelper, LTT from October 2022: "£500,000, you'll pay nothing on the first £225,000, 6% on the next £175,000 and
  // 7.5% on the last £100,000" (result by hand: 10,500 + 7,500)
  ['LTT £500,000 (since October 2022)', 'wales', '2024-06-01', 500_000, 'home-mover', false, 18_000],
  // gov.wales rates page of 2020-21 (copy: astleys.net, "collated from the Welsh Government"): "a house for £300,000 …
  // The total LTT will be £2,500"
  ['LTT £300,000 in the temporary nil-rate band', 'wales', '2020-09-01', 300_000, 'home-mover', false, 2_500],
  // gov.wales/calculation-land-transaction-tax-payable-technical-guidance (LTTA/3020), main rates since October 2022:
  // Example 1, "Ms A buys her first residential property. It costs £120,000 … £0"; Example 2, "Mr B buys his first
  // residential property. It costs £350,000 … £125,000 x 6% = £7,500". Wales has no first-time buyers' relief.
  ['LTT first home £120,000 (LTTA/3020 example 1)', 'wales', '2025-06-01', 120_000, 'first-time-buyer', false, 0],
  ['LTT first home £350,000 (LTTA/3020 example 2)', 'wales', '2025-06-01', 350_000, 'first-time-buyer', false, 7_500],
  // revenue.scot worked example "Multiple Dwellings Relief (ADS payable)" (3% ADS): "a residential dwelling of £150,000
  // which is liable to ADS will incur tax of £4,600 (£100 + £4,500)"
  ['LBTT and 3% ADS, £150,000 (MDR worked example)', 'scotland', '2017-06-01', 150_000, 'additional-property', false, 4_600],
];

describe('purchase tax: figures published by HMRC, Revenue Scotland and the Welsh Government', () => {
  it.each(published)('%s', (_what, country, date, price, buyer, nonUk, expected) => {
    expect(tax(country, date, price, buyer, nonUk).tax).toBe(expected);
  });

  it('shows the bands of the published SDLT example (£295,000, April 2025: 0, £2,500, £2,250)', () => {
    const r = tax('england', '2025-04-15', 295_000, 'home-mover');
    expect(r.bands).toEqual([
      { from: 0, to: 125_000, ratePercent: 0, taxableAmount: 125_000, tax: 0 },
      { from: 125_000, to: 250_000, ratePercent: 2, taxableAmount: 125_000, tax: 2_500 },
      { from: 250_000, to: 925_000, ratePercent: 5, taxableAmount: 45_000, tax: 2_250 },
    ]);
    expect(r).toMatchObject({ taxName: 'SDLT', effectiveRate: 1.6, rateTable: 'standard', ratesEffectiveFrom: '2025-04-01' });
  });

  it("shows Revenue Scotland's ADS example as LBTT plus a supplement on the whole price (£8,350 + £10,500)", () => {
    const r = tax('scotland', '2016-05-10', 350_000, 'additional-property');
    expect(r.bands.reduce((s, b) => s + b.tax, 0)).toBe(8_350);
    expect(r.surcharges).toEqual([
      {
        code: 'additional-dwelling-supplement',
        name: 'Additional Dwelling Supplement',
        ratePercent: 3,
        basis: 'whole-price',
        amount: 10_500,
      },
    ]);
  });

  // gov.scot, "Proposed first-time buyer relief from land and buildings transaction tax: consultation" (February 2018),
  // paragraph 4: "all other first time buyers will see their tax reduced by £600" (those buying above £175,000).
  it('takes £600 off the LBTT of a first-time buyer above £175,000 (the Scottish Government)', () => {
    const r = tax('scotland', '2019-06-01', 250_000, 'first-time-buyer');
    expect(r.reliefs).toEqual([expect.objectContaining({ applied: true, saving: 600 })]);
    expect(r.tax).toBe(tax('scotland', '2019-06-01', 250_000, 'home-mover').tax - 600);
  });

  it("says Scotland's first-time buyer relief saves nothing in the 2020-21 nil-rate band (Revenue Scotland LBTT3048)", () => {
    const r = tax('scotland', '2020-12-01', 300_000, 'first-time-buyer');
    expect(r.tax).toBe(2_500); // 5% of the £50,000 above £250,000, as any buyer
    expect(r.reliefs).toEqual([expect.objectContaining({ applied: false, saving: 0 })]);
  });
});
