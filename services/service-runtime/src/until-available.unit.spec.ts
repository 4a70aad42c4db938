import { createLogger } from './observability/logger';
import { backoffMs, untilAvailable } from './until-available';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('untilAvailable', () => {
  it('tries again with doubling waits from 250 ms up to 5 s until the attempt succeeds', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
    jest.useFakeTimers();
    try {
      let attempts = 0;
      const started = Date.now();
      const answered = untilAvailable(
        'PostgreSQL',
        async () => {
          if (++attempts < 4) throw refused();
          return 'up';
        },
        createLogger('test', 'silent'),
      );
      await jest.advanceTimersByTimeAsync(250 + 500 + 1_000);
      expect(await answered).toBe('up');
      expect([attempts, Date.now() - started]).toEqual([4, 1_750]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('throws at once a failure that is not the dependency away, without waiting', async () => {
    let attempts = 0;
    const refusal = new Error('SASL authentication failed');
    await expect(
      untilAvailable(
        'Kafka',
        async () => {
          attempts++;
          throw refusal;
        },
        createLogger('test', 'silent'),
        (error) => error !== refusal,
      ),
    ).rejects.toBe(refusal);
    expect(attempts).toBe(1);
  });
});
