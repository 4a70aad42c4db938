import { calendarWindowsAt } from './windows';

const iso = (d: Date) => d.toISOString();
const spans = (now: string) => {
  const { day, month } = calendarWindowsAt(new Date(now));
  return { day: [iso(day.start), iso(day.end)], month: [iso(month.start), iso(month.end)] };
};

describe('rate-limit calendar windows (Europe/London)', () => {
  it('starts the UK day and month at local midnight in summer time', () => {
    // 23:30 UTC on 15 July 2026 is 00:30 BST on 16 July.
    expect(spans('2026-07-15T23:30:20.000Z')).toEqual({
      day: ['2026-07-15T23:00:00.000Z', '2026-07-16T23:00:00.000Z'],
      month: ['2026-06-30T23:00:00.000Z', '2026-07-31T23:00:00.000Z'],
    });
  });

  it('gives the spring clock-change day 23 hours and the autumn one 25', () => {
    // Clocks go forward at 01:00 UTC on Sunday 29 March 2026 and back at 01:00 UTC on Sunday 25 October 2026.
    expect(spans('2026-03-29T12:00:00.000Z').day).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    expect(spans('2026-10-25T12:00:00.000Z').day).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(spans('2026-10-25T12:00:00.000Z').month).toEqual(['2026-09-30T23:00:00.000Z', '2026-11-01T00:00:00.000Z']);
  });

  it('answers each instant with its own day, whatever was asked before (worked out once a day)', () => {
    // The last second of the autumn clock-change day (25 hours), then the first of the next, then back again; and
    // the last instant of a month, then the first of the next.
    expect(spans('2026-10-25T12:00:00.000Z').day).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(spans('2026-10-25T23:59:59.999Z').day).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(spans('2026-10-26T00:00:00.000Z').day).toEqual(['2026-10-26T00:00:00.000Z', '2026-10-27T00:00:00.000Z']);
    expect(spans('2026-10-24T22:59:59.999Z').day).toEqual(['2026-10-23T23:00:00.000Z', '2026-10-24T23:00:00.000Z']);
    expect(spans('2026-10-31T23:59:59.999Z').month).toEqual(['2026-09-30T23:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(spans('2026-11-01T00:00:00.000Z').month).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
  });
});
