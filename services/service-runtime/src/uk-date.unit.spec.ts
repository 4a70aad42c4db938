import { ukDateOf } from './uk-date';

// The UK day turns at local midnight: 23:00 UTC in summer (BST), 00:00 in winter (GMT); the day the clocks go back
// (25 October 2026, 02:00 BST to 01:00 GMT) runs 25 hours, from 2026-10-24T23:00Z to 2026-10-26T00:00Z, and the day
// they go forward (29 March 2026, 01:00 GMT to 02:00 BST) 23, from 2026-03-29T00:00Z to 2026-03-29T23:00Z. Worked
// out by hand from those rules.

describe('the UK calendar date of an instant', () => {
  it('turns at local midnight in summer and winter, across both clock changes, asked in any order', () => {
    const cases: Array<[string, string]> = [
      ['2026-06-30T22:59:59.999Z', '2026-06-30'],
      ['2026-06-30T23:00:00.000Z', '2026-07-01'],
      ['2026-01-15T23:59:59.000Z', '2026-01-15'],
      ['2026-01-16T00:00:00.000Z', '2026-01-16'],
      ['2026-10-24T22:59:59.000Z', '2026-10-24'],
      ['2026-10-24T23:00:00.000Z', '2026-10-25'],
      ['2026-10-25T00:30:00.000Z', '2026-10-25'],
      ['2026-10-25T23:59:59.000Z', '2026-10-25'],
      ['2026-10-26T00:00:00.000Z', '2026-10-26'],
      ['2026-03-28T23:59:59.000Z', '2026-03-28'],
      ['2026-03-29T00:00:00.000Z', '2026-03-29'],
      ['2026-03-29T22:59:59.000Z', '2026-03-29'],
      ['2026-03-29T23:00:00.000Z', '2026-03-30'],
      ['2026-06-30T23:30:00.000Z', '2026-07-01'],
    ];
    for (const [at, date] of cases) {
      expect([at, ukDateOf(at)]).toEqual([at, date]);
      expect([at, ukDateOf(new Date(at))]).toEqual([at, date]);
    }
    // With an offset, as events record business time.
    expect(ukDateOf('2026-07-01T00:15:00+01:00')).toBe('2026-07-01');
  });

  it('refuses what is not a time', () => {
    expect(() => ukDateOf('yesterday')).toThrow(/not a time/);
  });
});
