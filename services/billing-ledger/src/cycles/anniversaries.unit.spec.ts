import { anniversary, nextAnniversaryAfter } from './anniversaries';

// Expected dates worked out by hand on the UK calendar: GMT (+00:00) until 29 March 2026 01:00 and from 25 October
// 2026 02:00, BST (+01:00) between.
describe('refresh anniversaries (Europe/London)', () => {
  it('clamps month ends without drifting: 31 January → 28 February → 31 March', () => {
    const openedAt = '2026-01-31T10:00:00.000Z';
    expect(anniversary(openedAt, 1).toISO()).toBe('2026-02-28T00:00:00.000+00:00');
    expect(anniversary(openedAt, 2).toISO()).toBe('2026-03-31T00:00:00.000+01:00');
    expect(anniversary(openedAt, 3).toISO()).toBe('2026-04-30T00:00:00.000+01:00');
  });

  it('takes the UK calendar date of the opening, not the UTC one', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(nextAnniversaryAfter('2026-06-30T23:30:00.000Z', new Date('2026-06-30T23:30:00.000Z'))).toBe('2026-08-01T00:00:00.000+01:00');
  });

  it('crosses the October clock change at UK midnight', () => {
    expect(nextAnniversaryAfter('2026-09-30T12:00:00.000Z', new Date('2026-09-30T12:00:00.000Z'))).toBe('2026-10-30T00:00:00.000+00:00');
  });

  it('gives the first anniversary strictly after now', () => {
    const openedAt = '2026-01-31T10:00:00.000Z';
    expect(nextAnniversaryAfter(openedAt, new Date('2026-02-27T23:59:59.999Z'))).toBe('2026-02-28T00:00:00.000+00:00');
    expect(nextAnniversaryAfter(openedAt, new Date('2026-02-28T00:00:00.000Z'))).toBe('2026-03-31T00:00:00.000+01:00');
    expect(nextAnniversaryAfter(openedAt, new Date('2026-04-15T12:00:00.000Z'))).toBe('2026-04-30T00:00:00.000+01:00');
    expect(nextAnniversaryAfter(openedAt, new Date('2028-02-28T12:00:00.000Z'))).toBe('2028-02-29T00:00:00.000+00:00');
  });
});
