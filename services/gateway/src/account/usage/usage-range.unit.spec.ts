import { usageRange } from './usage-range';

// UK calendar days: at 23:30 UTC on 31 March 2026 it is already 1 April in the UK (BST began on 29 March).
const lateOnTheLast = new Date('2026-03-31T23:30:00Z');

describe('the days a usage request covers', () => {
  it('defaults to the first of this month to today, in the UK', () => {
    const range = usageRange({}, lateOnTheLast);
    expect(range).toEqual({ from: '2026-04-01', to: '2026-04-01', days: ['2026-04-01'] });
  });

  it('lists every day from `from` to `to`, inclusive, across the clocks changing', () => {
    const range = usageRange({ from: '2026-03-28', to: '2026-03-31' }, lateOnTheLast);
    expect(range).toEqual({ from: '2026-03-28', to: '2026-03-31', days: ['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'] });
  });

  it('refuses `from` after `to`, `to` after today, and more than 366 days', () => {
    expect(usageRange({ from: '2026-03-02', to: '2026-03-01' }, lateOnTheLast)).toEqual({
      invalid: '`from` (2026-03-02) is after `to` (2026-03-01).',
    });
    expect(usageRange({ to: '2026-04-02' }, lateOnTheLast)).toEqual({
      invalid: '`to` (2026-04-02) is after today (2026-04-01) in the UK.',
    });
    // 2024 was a leap year: 1 March 2024 to 28 February 2025 is 365 days; from 29 February, 366; from the 28th, 367.
    expect((usageRange({ from: '2024-03-01', to: '2025-02-28' }, lateOnTheLast) as { days: string[] }).days).toHaveLength(365);
    expect((usageRange({ from: '2024-02-29', to: '2025-02-28' }, lateOnTheLast) as { days: string[] }).days).toHaveLength(366);
    expect(usageRange({ from: '2024-02-28', to: '2025-02-28' }, lateOnTheLast)).toEqual({
      invalid: 'The range covers 367 days; at most 366 can be asked at once.',
    });
  });
});
