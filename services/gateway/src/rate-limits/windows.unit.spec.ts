import { planRateLimits } from '@pds/contracts';
import { evaluate, windowsAt } from './windows';

const iso = (d: Date) => d.toISOString();
const spans = (now: string) => windowsAt(new Date(now)).map((w) => [w.kind, iso(w.start), iso(w.end)]);

describe('rate-limit windows (Europe/London calendar)', () => {
  it('starts the UK day and month at local midnight in summer time', () => {
    // 23:30 UTC on 15 July 2026 is 00:30 BST on 16 July.
    expect(spans('2026-07-15T23:30:20.000Z')).toEqual([
      ['minute', '2026-07-15T23:30:00.000Z', '2026-07-15T23:31:00.000Z'],
      ['day', '2026-07-15T23:00:00.000Z', '2026-07-16T23:00:00.000Z'],
      ['month', '2026-06-30T23:00:00.000Z', '2026-07-31T23:00:00.000Z'],
    ]);
  });

  it('gives the spring clock-change day 23 hours and the autumn one 25', () => {
    // Clocks go forward at 01:00 UTC on Sunday 29 March 2026 and back at 01:00 UTC on Sunday 25 October 2026.
    expect(spans('2026-03-29T12:00:00.000Z')[1]).toEqual(['day', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    expect(spans('2026-10-25T12:00:00.000Z')[1]).toEqual(['day', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(spans('2026-10-25T12:00:00.000Z')[2]).toEqual(['month', '2026-09-30T23:00:00.000Z', '2026-11-01T00:00:00.000Z']);
  });
});

describe('rate-limit decision', () => {
  const basic = planRateLimits.basic; // 10 a minute, 500 a day, 5,000 a month
  const windows = windowsAt(new Date('2026-07-15T10:15:30.000Z'));
  const minuteEnd = new Date('2026-07-15T10:16:00.000Z');
  const dayEnd = new Date('2026-07-15T23:00:00.000Z');
  const monthEnd = new Date('2026-07-31T23:00:00.000Z');

  it('admits the 10th request of a minute on Basic and refuses the 11th', () => {
    expect(evaluate(basic, windows, { minute: 10, day: 10, month: 10 })).toEqual({ admitted: true, limit: 10, remaining: 0, resetAt: minuteEnd });
    expect(evaluate(basic, windows, { minute: 11, day: 11, month: 11 })).toEqual({ admitted: false, limit: 10, remaining: 0, resetAt: minuteEnd });
  });

  it('reports the tightest window when the day is nearly used up', () => {
    expect(evaluate(basic, windows, { minute: 3, day: 499, month: 600 })).toEqual({ admitted: true, limit: 10, remaining: 1, resetAt: dayEnd });
  });

  it('when several windows are exceeded, resets when the last of them does', () => {
    expect(evaluate(basic, windows, { minute: 1, day: 501, month: 900 }).resetAt).toEqual(dayEnd);
    expect(evaluate(basic, windows, { minute: 11, day: 501, month: 5001 })).toEqual({ admitted: false, limit: 10, remaining: 0, resetAt: monthEnd });
  });
});
