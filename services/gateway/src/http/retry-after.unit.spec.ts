import { retryAfterSeconds } from './retry-after';

describe('the Retry-After of a refusal', () => {
  it('turns a retry time into whole seconds, at least 1', () => {
    const now = new Date('2026-07-15T10:00:00.000Z');
    expect(retryAfterSeconds('2026-07-15T10:00:30.200Z', now)).toBe(31);
    expect(retryAfterSeconds('2026-07-15T09:00:00.000Z', now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});
