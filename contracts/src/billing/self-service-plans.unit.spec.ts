import { upgradeChargePence } from './self-service-plans';

// A 30-day period (1 June to 1 July); prices £29, £99, £299 a month.
const june = { startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z' };
const at = (iso: string) => new Date(iso);

describe('an upgrade charge', () => {
  it('is the price difference for the part of the period left, rounded up to whole pence', () => {
    // Standard to Premium, £200 a month: half the period left is £100.00.
    expect(upgradeChargePence('standard', 'premium', june, at('2026-06-16T00:00:00.000Z'))).toBe(10_000);
    // 20 of 30 days left: 20,000 × 2/3 = 13,333.33… pence, rounded up.
    expect(upgradeChargePence('standard', 'premium', june, at('2026-06-11T00:00:00.000Z'))).toBe(13_334);
    // Basic to Premium at the period's start: the whole £270.
    expect(upgradeChargePence('basic', 'premium', june, at('2026-06-01T00:00:00.000Z'))).toBe(27_000);
  });

  it('is at least 30p, the smallest card payment, even after the period has ended', () => {
    // An hour left of Basic to Standard (£70 a month): 7,000 / 720 = 9.72 pence.
    expect(upgradeChargePence('basic', 'standard', june, at('2026-06-30T23:00:00.000Z'))).toBe(30);
    expect(upgradeChargePence('basic', 'standard', june, at('2026-07-05T00:00:00.000Z'))).toBe(30);
  });

  it('is not a downgrade, nor a period that ends before it starts', () => {
    expect(() => upgradeChargePence('premium', 'basic', june, at('2026-06-10T00:00:00.000Z'))).toThrow(RangeError);
    expect(() => upgradeChargePence('basic', 'standard', { startsAt: june.endsAt, endsAt: june.startsAt }, at(june.startsAt))).toThrow(
      RangeError,
    );
  });
});
