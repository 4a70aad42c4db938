import { dateIndex, monthIndex, monthOfIndex, monthsBetween, nextNiceStep, niceStep, niceTicks } from './ticks';

describe('nice ticks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    // 0 to 100 in at most 5 intervals: 100 / 5 = 20 exactly.
    expect(niceStep(100, 5)).toBe(20);
    // 0 to 130: 130 / 5 = 26, above 20, so 50 (three intervals).
    expect(niceStep(130, 5)).toBe(50);
    // 0.37 in 4: 0.0925, so 0.1.
    expect(niceStep(0.37, 4)).toBe(0.1);
    // £329,682 to £675,000 is £345,318: / 5 = 69,064, so 100,000.
    expect(niceStep(675000 - 329682, 5)).toBe(100000);
    expect([1, 2, 5, 10, 0.5].map(nextNiceStep)).toEqual([2, 5, 10, 20, 1]);
  });

  it('widens the range to whole steps', () => {
    expect(niceTicks(329682, 675000, 5)).toEqual({
      min: 300000,
      max: 700000,
      step: 100000,
      values: [300000, 400000, 500000, 600000, 700000],
    });
    // Rates 3.6% to 7.31%: span 3.71 / 5 = 0.742, so 1; 3 to 8 is five intervals.
    expect(niceTicks(3.6, 7.31, 5)).toEqual({ min: 3, max: 8, step: 1, values: [3, 4, 5, 6, 7, 8] });
    // 0.1 to 0.7 in four: 0.6 / 4 = 0.15 → 0.2, widened to 0..0.8 (four intervals), without floating-point dust.
    expect(niceTicks(0.1, 0.7, 4).values).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    // In three: 0.2 again, but 0..0.8 is four intervals, so the next step, 0.5: 0..1.
    expect(niceTicks(0.1, 0.7, 3).values).toEqual([0, 0.5, 1]);
  });

  it('takes the next step when widening adds an interval', () => {
    // 11 to 99: span 88 / 5 = 17.6 → 20; 0 to 100 is five intervals, within the limit.
    expect(niceTicks(11, 99, 5).step).toBe(20);
    // 19 to 101: span 82 → 20; widened to 0..120 is six intervals, so 50: 0..150.
    expect(niceTicks(19, 101, 5)).toMatchObject({ min: 0, max: 150, step: 50 });
  });

  it('gives a flat series an axis', () => {
    // Bank Rate flat at 3.5%: the span is taken as 3.5, / 5 = 0.7 → a step of 1, so 3 to 4.
    expect(niceTicks(3.5, 3.5, 5)).toMatchObject({ min: 3, max: 4, step: 1, values: [3, 4] });
  });

  it('counts months', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthOfIndex(monthIndex('2026-09'))).toBe('2026-09');
    // The 16th of a 30-day month is 15/30 of the way through it.
    expect(dateIndex('2026-09-16') - monthIndex('2026-09')).toBeCloseTo(0.5, 10);
  });
});
