import { planRateLimits } from '@pds/contracts';
import fc from 'fast-check';
import { mostInAnyMinute, RateLimitModel } from '../../../../test/support/rate-limit-model';
import { decide, type RateUsage } from './decision';
import { calendarWindowsAt } from './windows';

// Figures by hand from the specification's Limits table (Basic: 10 a minute, 500 a day, 5,000 a month), with the
// minute as any 60 s: an admission counts until 60 s after it.
const basic = planRateLimits.basic;
const at = (iso: string) => new Date(iso);

describe('the sliding minute (reference model and decide)', () => {
  it('refuses an 11th call within 60 s of a burst of 10 across a calendar-minute boundary', () => {
    const account = new RateLimitModel();
    for (let i = 0; i < 10; i++) {
      expect(account.admit(basic, at('2026-07-15T10:15:59.500Z'))).toEqual({
        admitted: true,
        limit: 10,
        remaining: 9 - i,
        resetAt: at('2026-07-15T10:16:59.500Z'),
        retryAfterS: null,
      });
    }
    // A new calendar minute, but the burst is 1 s old: the window is full until 10:16:59.5, 59 s away.
    const refused = { admitted: false, limit: 10, remaining: 0, resetAt: at('2026-07-15T10:16:59.500Z') };
    expect(account.admit(basic, at('2026-07-15T10:16:00.500Z'))).toEqual({ ...refused, retryAfterS: 59 });
    expect(account.admit(basic, at('2026-07-15T10:16:59.400Z'))).toEqual({ ...refused, retryAfterS: 1 }); // 0.1 s, rounded up
    // 60 s after the burst it has left the window.
    expect(account.admit(basic, at('2026-07-15T10:16:59.500Z'))).toEqual({
      admitted: true,
      limit: 10,
      remaining: 9,
      resetAt: at('2026-07-15T10:17:59.500Z'),
      retryAfterS: null,
    });
    expect(account.admittedMs).toHaveLength(11);
    expect(mostInAnyMinute(account.admittedMs)).toBe(10);
  });

  it('reports what is left and when the oldest admission of the last 60 s leaves', () => {
    const account = new RateLimitModel();
    const remainingAndReset = (iso: string) => {
      const d = account.admit(basic, at(iso));
      return [d.admitted, d.remaining, d.resetAt.toISOString()];
    };
    expect(remainingAndReset('2026-07-15T10:15:05.000Z')).toEqual([true, 9, '2026-07-15T10:16:05.000Z']);
    expect(remainingAndReset('2026-07-15T10:15:20.000Z')).toEqual([true, 8, '2026-07-15T10:16:05.000Z']);
    expect(remainingAndReset('2026-07-15T10:15:40.000Z')).toEqual([true, 7, '2026-07-15T10:16:05.000Z']);
    expect(remainingAndReset('2026-07-15T10:15:50.000Z')).toEqual([true, 6, '2026-07-15T10:16:05.000Z']);
    // At 10:16:05 the 10:15:05 admission leaves: 10:15:20, :40, :50 and this one are inside, so 6 are left.
    expect(remainingAndReset('2026-07-15T10:16:05.000Z')).toEqual([true, 6, '2026-07-15T10:16:20.000Z']);
  });

  it('never admits more than the limit in any 60 s, and Retry-After is the shortest whole-second wait', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 15_000 }), { minLength: 1, maxLength: 80 }), (gapsMs) => {
        const account = new RateLimitModel();
        let nowMs = Date.parse('2026-07-15T10:15:00.000Z');
        for (const gapMs of gapsMs) {
          nowMs += gapMs;
          const decision = account.admit(basic, new Date(nowMs));
          if (decision.admitted) continue;
          // Refused only when 10 admissions are in the last 60 s (the day's 500 cannot be reached here).
          const inWindowAt = (ms: number) => account.admittedMs.filter((a) => a > ms - 60_000 && a <= ms).length;
          expect(inWindowAt(nowMs)).toBe(10);
          const retryMs = nowMs + (decision.retryAfterS as number) * 1000;
          expect(inWindowAt(retryMs)).toBeLessThan(10);
          if ((decision.retryAfterS as number) > 1) expect(inWindowAt(retryMs - 1000)).toBe(10);
        }
        expect(mostInAnyMinute(account.admittedMs)).toBeLessThanOrEqual(10);
      }),
      { numRuns: 200 },
    );
  });
});

describe('decide with day and month usage', () => {
  const now = at('2026-07-15T10:15:30.000Z');
  const calendar = calendarWindowsAt(now);
  const dayEnd = at('2026-07-15T23:00:00.000Z'); // midnight BST
  const monthEnd = at('2026-07-31T23:00:00.000Z');
  const usage = (u: Partial<RateUsage>): RateUsage => ({
    stampedAt: now,
    minuteAdmissions: 0,
    minuteOldestAt: null,
    minuteLimitingAt: null,
    dayAdmissions: 0,
    monthAdmissions: 0,
    ...u,
  });

  it('reports the tightest window: the day when it is nearly used up, the month likewise', () => {
    expect(
      decide(
        basic,
        calendar,
        now,
        usage({ minuteAdmissions: 3, minuteOldestAt: at('2026-07-15T10:15:00.000Z'), dayAdmissions: 498, monthAdmissions: 600 }),
      ),
    ).toEqual({
      admitted: true,
      limit: 10,
      remaining: 1,
      resetAt: dayEnd,
      retryAfterS: null,
    });
    expect(decide(basic, calendar, now, usage({ dayAdmissions: 100, monthAdmissions: 4_995 }))).toMatchObject({
      remaining: 4,
      resetAt: monthEnd,
    });
  });

  it('on a tie reports the minute, whose oldest admission leaves first', () => {
    const d = decide(
      basic,
      calendar,
      now,
      usage({ minuteAdmissions: 5, minuteOldestAt: at('2026-07-15T10:15:10.000Z'), dayAdmissions: 495, monthAdmissions: 495 }),
    );
    expect([d.remaining, d.resetAt]).toEqual([4, at('2026-07-15T10:16:10.000Z')]);
  });

  it('when several windows are full, admits again only when the last of them frees up', () => {
    const fullMinute = {
      minuteAdmissions: 10,
      minuteOldestAt: at('2026-07-15T10:15:00.000Z'),
      minuteLimitingAt: at('2026-07-15T10:15:00.000Z'),
    };
    // 10:15:30 to 23:00:00 is 12 h 44 min 30 s = 45,870 s.
    expect(decide(basic, calendar, now, usage({ ...fullMinute, dayAdmissions: 500, monthAdmissions: 900 }))).toEqual({
      admitted: false,
      limit: 10,
      remaining: 0,
      resetAt: dayEnd,
      retryAfterS: 45_870,
    });
    expect(decide(basic, calendar, now, usage({ ...fullMinute, dayAdmissions: 500, monthAdmissions: 5_000 })).resetAt).toEqual(monthEnd);
    expect(decide(basic, calendar, now, usage({ ...fullMinute, dayAdmissions: 20, monthAdmissions: 20 }))).toMatchObject({
      resetAt: at('2026-07-15T10:16:00.000Z'),
      retryAfterS: 30,
    });
  });

  it('after a lowered limit, waits for the admission the new limit back to leave, not the oldest', () => {
    // 12 admissions inside, limit now 10: the 10th newest (3rd oldest, at 10:14:50) must leave, at 10:15:50.
    const lowered = { ...basic, perMinute: 10 };
    const d = decide(
      lowered,
      calendar,
      now,
      usage({ minuteAdmissions: 12, minuteOldestAt: at('2026-07-15T10:14:40.000Z'), minuteLimitingAt: at('2026-07-15T10:14:50.000Z') }),
    );
    expect(d).toEqual({ admitted: false, limit: 10, remaining: 0, resetAt: at('2026-07-15T10:15:50.000Z'), retryAfterS: 20 });
    expect(() => decide(basic, calendar, now, usage({ minuteAdmissions: 10 }))).toThrow(/makes room/);
  });
});

describe('the UK day at a clock change', () => {
  const twoADay = { perMinute: 5, perDay: 2, perMonth: 100 };
  const run = (steps: string[]) => {
    const account = new RateLimitModel();
    return steps.map((iso) => {
      const d = account.admit(twoADay, at(iso));
      return [d.admitted, d.remaining, d.resetAt.toISOString(), d.retryAfterS];
    });
  };

  it('counts 25 hours as one day when the clocks go back (25 October 2026)', () => {
    expect(
      run([
        '2026-10-24T23:10:00.000Z', // 00:10 BST on Sunday 25 October
        '2026-10-25T23:30:00.000Z', // 23:30 GMT, 24 h 20 min later, the same day
        '2026-10-25T23:40:00.000Z', // the day is used up until midnight GMT, 20 min away
        '2026-10-26T00:00:00.000Z', // Monday 26 October
      ]),
    ).toEqual([
      [true, 1, '2026-10-26T00:00:00.000Z', null],
      [true, 0, '2026-10-26T00:00:00.000Z', null],
      [false, 0, '2026-10-26T00:00:00.000Z', 1_200],
      [true, 1, '2026-10-27T00:00:00.000Z', null],
    ]);
  });

  it('counts 23 hours as one day when the clocks go forward (29 March 2026)', () => {
    expect(
      run([
        '2026-03-29T00:10:00.000Z', // 00:10 GMT on Sunday 29 March
        '2026-03-29T22:50:00.000Z', // 23:50 BST, the same day
        '2026-03-29T22:55:00.000Z', // used up until midnight BST, 5 min away
        '2026-03-29T23:00:00.000Z', // 00:00 BST on Monday 30 March
      ]),
    ).toEqual([
      [true, 1, '2026-03-29T23:00:00.000Z', null],
      [true, 0, '2026-03-29T23:00:00.000Z', null],
      [false, 0, '2026-03-29T23:00:00.000Z', 300],
      [true, 1, '2026-03-30T23:00:00.000Z', null],
    ]);
  });
});
