import { nextAttemptAt, retryGapMs, retryWindowMs } from './schedule';

const created = new Date('2026-11-29T09:00:00Z');
const retryUntil = new Date(created.getTime() + retryWindowMs);
const second = 1000;
const minute = 60 * second;

describe('the retry schedule', () => {
  it('doubles from 30 s and holds at an hour', () => {
    const gaps = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((n) => retryGapMs(n, 30 * second));
    expect(gaps).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600].map((s) => s * second));
  });

  it('moves each gap by at most 10 % either way', () => {
    const now = new Date(created.getTime() + 5 * minute);
    const at = (random: number) => nextAttemptAt({ attempts: 3, now, retryUntil, baseMs: 30 * second, random })!.getTime() - now.getTime();
    expect([at(0), at(0.5), at(0.999999)]).toEqual([108 * second, 120 * second, 132 * second]);
  });

  it('gives up once the next attempt would fall after the window: 24 h after the event', () => {
    const late = new Date(retryUntil.getTime() - 30 * minute);
    expect(nextAttemptAt({ attempts: 12, now: late, retryUntil, baseMs: 30 * second, random: 0.5 })).toBeNull();
    const earlier = new Date(retryUntil.getTime() - 61 * minute);
    expect(nextAttemptAt({ attempts: 12, now: earlier, retryUntil, baseMs: 30 * second, random: 0.5 })).toEqual(
      new Date(earlier.getTime() + 60 * minute),
    );
  });

  it('makes about 30 attempts in the 24 h when every one fails at once', () => {
    let now = created;
    let attempts = 1;
    for (let next = nextAttemptAt({ attempts, now, retryUntil, baseMs: 30 * second, random: 0.5 }); next; attempts++) {
      now = next;
      next = nextAttemptAt({ attempts: attempts + 1, now, retryUntil, baseMs: 30 * second, random: 0.5 });
    }
    // 30 s + 1 + 2 + 4 + 8 + 16 + 32 min = 63.5 min in 8 attempts, then hourly: 22 more fit before 24 h.
    expect(attempts).toBe(30);
    expect(now.getTime()).toBeLessThanOrEqual(retryUntil.getTime());
  });

  it('shrinks with its base, as the tests set it', () => {
    const now = created;
    expect(nextAttemptAt({ attempts: 2, now, retryUntil, baseMs: 200, random: 0.5 })).toEqual(new Date(now.getTime() + 400));
  });
});
