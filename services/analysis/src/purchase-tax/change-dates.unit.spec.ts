import type { Nation } from '@pds/contracts';
import { calculatePurchaseTax } from './calculate';
import type { BuyerType } from './computation';

// Every change of a rate table, the day before and the day it took effect. Each figure is worked by hand from the
// official tables cited in sdlt.ts, lbtt.ts and ltt.ts (the working is beside it); where the same figure is published,
// official-examples.unit.spec.ts has it with its source.

const tax = (country: Nation, date: string, price: number, buyerType: BuyerType, nonUkResident = false) =>
  calculatePurchaseTax({ price, country, postcode: null, transactionDate: date, today: '2026-11-26', buyerType, nonUkResident });

type Change = [
  what: string,
  country: Nation,
  price: number,
  buyer: BuyerType,
  nonUk: boolean,
  before: [string, number],
  on: [string, number],
];

const changes: Change[] = [
  // SDLT (England and Northern Ireland)
  // 2014 table: 2% of 125,000 + 5% of 50,000 = 5,000; higher rates: + 3% of 300,000 = 14,000
  ['SDLT higher rates begin', 'england', 300_000, 'additional-property', false, ['2016-03-31', 5_000], ['2016-04-01', 14_000]],
  // 2% of 125,000 + 5% of 200,000 = 12,500; relief: 5% of 150,000 = 7,500
  ["SDLT first-time buyers' relief begins", 'england', 450_000, 'first-time-buyer', false, ['2017-11-21', 12_500], ['2017-11-22', 7_500]],
  // 2,500 + 5% of 325,000 = 18,750; holiday: 5% of 75,000 = 3,750
  ['SDLT holiday begins', 'england', 575_000, 'home-mover', false, ['2020-07-07', 18_750], ['2020-07-08', 3_750]],
  // relief: 5% of 100,000 = 5,000; holiday (relief disapplied): 0
  ['SDLT holiday begins, first-time buyer', 'england', 400_000, 'first-time-buyer', false, ['2020-07-07', 5_000], ['2020-07-08', 0]],
  // holiday: 0; with the surcharge: 2% of 450,000 = 9,000
  ['SDLT non-resident surcharge begins', 'england', 450_000, 'home-mover', true, ['2021-03-31', 0], ['2021-04-01', 9_000]],
  // holiday: 0; taper: 5% of 25,000 = 1,250
  ['SDLT taper begins', 'england', 275_000, 'home-mover', false, ['2021-06-30', 0], ['2021-07-01', 1_250]],
  // holiday: 0; relief back: 5% of 100,000 = 5,000 (the taper alone would be 5% of 150,000 = 7,500)
  [
    "SDLT taper begins, first-time buyers' relief back",
    'england',
    400_000,
    'first-time-buyer',
    false,
    ['2021-06-30', 0],
    ['2021-07-01', 5_000],
  ],
  // taper: 5% of 45,000 = 2,250; 2014 table: 2,500 + 2,250 = 4,750
  ['SDLT taper ends', 'england', 295_000, 'home-mover', false, ['2021-09-30', 2_250], ['2021-10-01', 4_750]],
  // 4,750; the £250,000 nil band: 5% of 45,000 = 2,250
  ['SDLT 2022 thresholds begin', 'england', 295_000, 'home-mover', false, ['2022-09-22', 4_750], ['2022-09-23', 2_250]],
  // relief 300/500: 5% of 200,000 = 10,000; 425/625: 5% of 75,000 = 3,750
  [
    'SDLT 2022 first-time buyer thresholds begin',
    'england',
    500_000,
    'first-time-buyer',
    false,
    ['2022-09-22', 10_000],
    ['2022-09-23', 3_750],
  ],
  // above the £500,000 cap: 2,500 + 5% of 350,000 = 20,000; within £625,000: 5% of 175,000 = 8,750
  ['SDLT 2022 first-time buyer cap rises', 'england', 600_000, 'first-time-buyer', false, ['2022-09-22', 20_000], ['2022-09-23', 8_750]],
  // 5% of 50,000 + 3% of 300,000 = 11,500; + 5% of 300,000 = 17,500
  ['SDLT higher rates rise to 5 points', 'england', 300_000, 'additional-property', false, ['2024-10-30', 11_500], ['2024-10-31', 17_500]],
  ['SDLT 2022 thresholds end', 'england', 295_000, 'home-mover', false, ['2025-03-31', 2_250], ['2025-04-01', 4_750]],
  [
    'SDLT 2022 first-time buyer thresholds end',
    'england',
    500_000,
    'first-time-buyer',
    false,
    ['2025-03-31', 3_750],
    ['2025-04-01', 10_000],
  ],
  // within £625,000: 8,750; above the £500,000 cap again: 20,000
  ['SDLT first-time buyer cap falls back', 'england', 600_000, 'first-time-buyer', false, ['2025-03-31', 8_750], ['2025-04-01', 20_000]],
  // 5% of 50,000 + 5% of 300,000 = 17,500; 2,500 + 2,500 + 15,000 = 20,000
  [
    'SDLT higher rates on the 2014 table again',
    'england',
    300_000,
    'additional-property',
    false,
    ['2025-03-31', 17_500],
    ['2025-04-01', 20_000],
  ],
  [
    'SDLT 2022 thresholds end, Northern Ireland',
    'northern-ireland',
    295_000,
    'home-mover',
    false,
    ['2025-03-31', 2_250],
    ['2025-04-01', 4_750],
  ],
  // LBTT (Scotland); SDLT before 1 April 2015: 2,500 + 5% of 30,000 = 4,000; LBTT: 2% of 105,000 + 5% of 30,000 = 3,600
  ['LBTT replaces SDLT in Scotland', 'scotland', 280_000, 'home-mover', false, ['2015-03-31', 4_000], ['2015-04-01', 3_600]],
  // 8,350; + 3% of 350,000 = 18,850
  ['LBTT ADS begins at 3%', 'scotland', 350_000, 'additional-property', false, ['2016-03-31', 8_350], ['2016-04-01', 18_850]],
  // 2% of 55,000 = 1,100; 2% of 25,000 = 500
  ['LBTT first-time buyer relief begins', 'scotland', 200_000, 'first-time-buyer', false, ['2018-06-29', 1_100], ['2018-06-30', 500]],
  // 1,100 + 3% of 200,000 = 7,100; 1,100 + 4% = 9,100
  ['LBTT ADS rises to 4%', 'scotland', 200_000, 'additional-property', false, ['2019-01-24', 7_100], ['2019-01-25', 9_100]],
  // 2% of 105,000 + 5% of 50,000 = 4,600; the £250,000 nil band: 5% of 50,000 = 2,500
  ['LBTT temporary nil-rate band begins', 'scotland', 300_000, 'home-mover', false, ['2020-07-14', 4_600], ['2020-07-15', 2_500]],
  ['LBTT temporary nil-rate band ends', 'scotland', 300_000, 'home-mover', false, ['2021-03-31', 2_500], ['2021-04-01', 4_600]],
  // 1,100 + 4% of 200,000 = 9,100; + 6% = 13,100
  ['LBTT ADS rises to 6%', 'scotland', 200_000, 'additional-property', false, ['2022-12-15', 9_100], ['2022-12-16', 13_100]],
  // 13,100; 1,100 + 8% of 200,000 = 17,100
  ['LBTT ADS rises to 8%', 'scotland', 200_000, 'additional-property', false, ['2024-12-04', 13_100], ['2024-12-05', 17_100]],
  // LTT (Wales); SDLT before 1 April 2018: 2,500 + 5% of 10,000 = 3,000; LTT: 3.5% of 70,000 + 5% of 10,000 = 2,950
  ['LTT replaces SDLT in Wales', 'wales', 260_000, 'home-mover', false, ['2018-03-31', 3_000], ['2018-04-01', 2_950]],
  // 3.5% of 70,000 = 2,450; the £250,000 nil band: 0
  ['LTT temporary nil-rate band begins', 'wales', 250_000, 'home-mover', false, ['2020-07-26', 2_450], ['2020-07-27', 0]],
  // 3% of 180,000 + 6.5% of 20,000 = 6,700; 4% of 180,000 + 7.5% of 20,000 = 8,700
  ['LTT higher rates rise a point', 'wales', 200_000, 'additional-property', false, ['2020-12-21', 6_700], ['2020-12-22', 8_700]],
  // 5% of 30,000 = 1,500; 2,450 + 1,500 = 3,950
  ['LTT temporary nil-rate band ends', 'wales', 280_000, 'home-mover', false, ['2021-06-30', 1_500], ['2021-07-01', 3_950]],
  // 2,450 + 5% of 150,000 + 7.5% of 10,000 = 10,700; 6% of 175,000 + 7.5% of 10,000 = 11,250
  ['LTT 2022 main rates begin', 'wales', 410_000, 'home-mover', false, ['2022-10-09', 10_700], ['2022-10-10', 11_250]],
  // 4% of 180,000 + 7.5% of 70,000 + 9% of 50,000 = 16,950; 5% + 8.5% + 10% = 9,000 + 5,950 + 5,000 = 19,950
  ['LTT higher rates rise again', 'wales', 300_000, 'additional-property', false, ['2024-12-10', 16_950], ['2024-12-11', 19_950]],
];

describe('purchase tax on both sides of every change of rates', () => {
  it.each(changes)('%s', (_what, country, price, buyer, nonUk, [dayBefore, before], [dayOf, on]) => {
    expect(tax(country, dayBefore, price, buyer, nonUk).tax).toBe(before);
    const after = tax(country, dayOf, price, buyer, nonUk);
    expect(after.tax).toBe(on);
    expect(after.ratesEffectiveFrom).toBe(dayOf);
  });

  it('holds the first SDLT table from 4 December 2014', () => {
    expect(tax('england', '2014-12-04', 275_000, 'home-mover')).toMatchObject({ tax: 3_750, ratesEffectiveFrom: '2014-12-04' });
  });
});
