import type { Nation } from '@pds/contracts';
import { calculatePurchaseTax } from './calculate';
import type { BuyerType } from './computation';

// The rules users get wrong, each worked by hand from the tables cited in sdlt.ts, lbtt.ts and ltt.ts.

const tax = (country: Nation, date: string, price: number, buyerType: BuyerType, nonUkResident = false, today = '2026-11-26') =>
  calculatePurchaseTax({ price, country, postcode: null, transactionDate: date, today, buyerType, nonUkResident });

describe('the £40,000 threshold of every surcharge and of higher rates', () => {
  it.each<[string, Nation, BuyerType, boolean, number]>([
    // 5% of 40,000 (higher rates on a 0% band)
    ['SDLT higher rates', 'england', 'additional-property', false, 2_000],
    // 2% of 40,000
    ['SDLT non-resident surcharge', 'england', 'home-mover', true, 800],
    // 8% of 40,000
    ['LBTT Additional Dwelling Supplement', 'scotland', 'additional-property', false, 3_200],
    // Wales's higher table from 11 December 2024: 5% of 40,000
    ['LTT higher rates', 'wales', 'additional-property', false, 2_000],
  ])('%s: nothing at £39,999, charged from £40,000', (_what, country, buyer, nonUk, at40k) => {
    const below = tax(country, '2025-06-01', 39_999, buyer, nonUk);
    expect(below.tax).toBe(0);
    expect(below.surcharges).toEqual([]);
    expect(below.notes.join(' ')).toMatch(/£40,000/);
    expect(tax(country, '2025-06-01', 40_000, buyer, nonUk).tax).toBe(at40k);
  });
});

describe("first-time buyers' relief", () => {
  it('gives no relief at all above its cap, and says why', () => {
    // £500,001 from April 2025: standard rates on the whole price: 2,500 + 5% of 250,001 = 15,000.05 → 15,000
    const r = tax('england', '2025-06-01', 500_001, 'first-time-buyer');
    expect(r.tax).toBe(15_000);
    expect(r.rateTable).toBe('standard');
    expect(r.reliefs).toEqual([
      expect.objectContaining({ applied: false, saving: 0, reason: expect.stringMatching(/above the relief's cap of £500,000/) }),
    ]);
  });

  it('shows what it saved when it applies: £500,000 from April 2025 saves 15,000 - 10,000 = 5,000', () => {
    const r = tax('england', '2025-06-01', 500_000, 'first-time-buyer');
    expect(r.rateTable).toBe('first-time-buyer');
    expect(r.reliefs).toEqual([expect.objectContaining({ applied: true, saving: 5_000 })]);
    expect(r.bands).toEqual([
      { from: 0, to: 300_000, ratePercent: 0, taxableAmount: 300_000, tax: 0 },
      { from: 300_000, to: 500_000, ratePercent: 5, taxableAmount: 200_000, tax: 10_000 },
    ]);
  });

  it('was disapplied during the 2020-21 holiday: the holiday rates, and the reason', () => {
    const r = tax('england', '2020-09-01', 450_000, 'first-time-buyer');
    expect(r.tax).toBe(0);
    expect(r.reliefs[0]).toMatchObject({ applied: false, reason: expect.stringMatching(/8 July 2020 to 30 June 2021/) });
  });

  it('does not exist in Wales', () => {
    // 2018 main rates: 3.5% of 20,000 = 700, as any buyer
    const r = tax('wales', '2019-06-01', 200_000, 'first-time-buyer');
    expect(r.tax).toBe(700);
    expect(r.reliefs).toEqual([
      expect.objectContaining({ applied: false, reason: expect.stringMatching(/Wales has no first-time buyer relief/) }),
    ]);
  });

  it('in Scotland has no cap and saves at most £600 (2% of £30,000)', () => {
    // £1,000,000: 78,350 for a home mover (2015 bands), 77,750 for a first-time buyer
    expect(tax('scotland', '2023-06-01', 1_000_000, 'home-mover').tax).toBe(78_350);
    const r = tax('scotland', '2023-06-01', 1_000_000, 'first-time-buyer');
    expect(r.tax).toBe(77_750);
    expect(r.reliefs[0]).toMatchObject({ applied: true, saving: 600 });
  });
});

describe('surcharges add to every band; Scotland and Wales have no non-resident surcharge', () => {
  it('SDLT: higher rates and the non-resident surcharge together on every band (£300,000 from April 2025)', () => {
    // bands 2,500 + 2,500 + 0 = 5,000 + higher 5% of 300,000 = 15,000 + non-resident 2% of 300,000 = 6,000 → 26,000
    const r = tax('england', '2025-06-01', 300_000, 'additional-property', true);
    expect(r.tax).toBe(26_000);
    expect(r.surcharges.map((s) => [s.code, s.ratePercent, s.basis, s.amount])).toEqual([
      ['higher-rates-additional-dwellings', 5, 'every-band', 15_000],
      ['non-resident-surcharge', 2, 'every-band', 6_000],
    ]);
  });

  it('the non-resident surcharge adds to the first-time buyer rates (£400,000 from April 2025: 2% of 300,000 + 7% of 100,000)', () => {
    expect(tax('england', '2025-06-01', 400_000, 'first-time-buyer', true).tax).toBe(13_000);
  });

  it.each<[Nation, number, number]>([
    // LBTT: 2% of 55,000
    ['scotland', 200_000, 1_100],
    // LTT since October 2022: 6% of 25,000
    ['wales', 250_000, 1_500],
  ])('%s: residence changes nothing, and the answer says so', (country, price, expected) => {
    const r = tax(country, '2023-06-01', price, 'home-mover', true);
    expect(r.tax).toBe(expected);
    expect(r.surcharges).toEqual([]);
    expect(r.notes.join(' ')).toMatch(/no non-resident surcharge/);
  });

  it('before 1 April 2021 there was no non-resident surcharge', () => {
    const r = tax('england', '2019-06-01', 275_000, 'home-mover', true);
    expect(r.tax).toBe(3_750);
    expect(r.notes.join(' ')).toMatch(/not in force on 1 June 2019/);
  });
});

describe('rounding and the shape of the answer', () => {
  it('works halfpennies exactly and rounds only the total down to the pound', () => {
    // LTT 2018: 3.5% of 33 = £1.155 → the band shows £1.15, the tax is £1
    const r = tax('wales', '2019-06-01', 180_033, 'home-mover');
    expect(r.bands[1]).toEqual({ from: 180_000, to: 250_000, ratePercent: 3.5, taxableAmount: 33, tax: 1.15 });
    expect(r.tax).toBe(1);
    // Two halfpennies make a penny: 3.5% of 70,000 = 2,450 + 5% of 1 = 0.05 → 2,450; 6.5% of 70,001 (higher) = 4,550.065
    expect(tax('wales', '2019-06-01', 250_001, 'home-mover').tax).toBe(2_450);
    // higher 2018: 3% of 180,000 = 5,400 + 6.5% of 70,000 = 4,550 + 8% of 1 = 0.08 → 9,950
    expect(tax('wales', '2019-06-01', 250_001, 'additional-property').tax).toBe(9_950);
  });

  it('names the tax, its authority, the effective rate and the sources of the tables used', () => {
    const r = tax('wales', '2025-06-01', 300_000, 'additional-property');
    expect(r).toMatchObject({
      tax: 19_950,
      taxName: 'LTT',
      taxTitle: 'Land Transaction Tax',
      authority: 'Welsh Revenue Authority',
      effectiveRate: 6.7, // 19,950 / 300,000 = 6.65 % → 6.7
      rateTable: 'higher-rates',
      ratesEffectiveFrom: '2024-12-11',
    });
    expect(r.references).toEqual([expect.stringMatching(/WSI 2024\/1311/)]);
  });

  it('works a date after today with the tables known today, and says so', () => {
    const r = tax('england', '2027-06-01', 295_000, 'home-mover', false, '2026-11-26');
    expect(r.tax).toBe(4_750);
    expect(r.notes.join(' ')).toMatch(/1 June 2027 is after today/);
  });

  it('echoes the input it worked with', () => {
    expect(tax('northern-ireland', '2025-06-01', 150_000, 'home-mover').input).toEqual({
      price: 150_000,
      country: 'northern-ireland',
      postcode: null,
      transactionDate: '2025-06-01',
      buyerType: 'home-mover',
      nonUkResident: false,
    });
  });
});
