import { isOpen, nextOpening, toRegistryIso } from './opening-hours';

// Hand-worked instants. UK clocks go forward at 01:00 GMT on 29 March 2026 (BST, +01:00) and back at 02:00 BST on
// 25 October 2026 (GMT, +00:00).
const at = (iso: string) => new Date(iso);

describe('registry opening hours (06:30 to 23:00, London time)', () => {
  it.each([
    ['2026-01-14T06:29:59Z', false],
    ['2026-01-14T06:30:00Z', true],
    ['2026-01-14T22:59:59Z', true],
    ['2026-01-14T23:00:00Z', false],
    // Summer: 06:30 BST is 05:30Z and 23:00 BST is 22:00Z.
    ['2026-07-01T05:29:59Z', false],
    ['2026-07-01T05:30:00Z', true],
    ['2026-07-01T21:59:59Z', true],
    ['2026-07-01T22:00:00Z', false],
    ['2026-07-01T22:30:00Z', false],
    // Midnight and the small hours of both change days.
    ['2026-03-29T00:30:00Z', false],
    ['2026-10-25T01:30:00Z', false],
  ])('%s open: %s', (instant, open) => {
    expect(isOpen(at(instant))).toBe(open);
  });

  it('opens the next morning in BST after a GMT evening on the night the clocks go forward', () => {
    const opens = nextOpening(at('2026-03-28T23:30:00Z'));
    expect(opens.toISOString()).toBe('2026-03-29T05:30:00.000Z');
    expect(toRegistryIso(opens)).toBe('2026-03-29T06:30:00+01:00');
  });

  it('opens the next morning in GMT after a BST evening on the night the clocks go back', () => {
    const opens = nextOpening(at('2026-10-24T23:30:00+01:00'));
    expect(opens.toISOString()).toBe('2026-10-25T06:30:00.000Z');
    expect(toRegistryIso(opens)).toBe('2026-10-25T06:30:00+00:00');
  });

  it('opens the same morning when closed after midnight', () => {
    expect(nextOpening(at('2026-01-14T02:00:00Z')).toISOString()).toBe('2026-01-14T06:30:00.000Z');
    expect(nextOpening(at('2026-01-14T06:29:59Z')).toISOString()).toBe('2026-01-14T06:30:00.000Z');
    // 00:30 BST on 1 July is 23:30Z on 30 June.
    expect(nextOpening(at('2026-06-30T23:30:00Z')).toISOString()).toBe('2026-07-01T05:30:00.000Z');
  });

  it('opens the next morning when closed at 23:00', () => {
    expect(nextOpening(at('2026-01-14T23:00:00Z')).toISOString()).toBe('2026-01-15T06:30:00.000Z');
    expect(nextOpening(at('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T06:30:00.000Z');
  });

  it('is open already while open', () => {
    const noon = at('2026-01-14T12:00:00Z');
    expect(nextOpening(noon)).toEqual(noon);
  });
});
