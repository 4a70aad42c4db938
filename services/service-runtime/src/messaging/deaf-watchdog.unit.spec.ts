import { createLogger } from '../observability/logger';
import type { KafkaBus } from './bus';
import { exitWhenDeaf } from './deaf-watchdog';

// The watchdog looks every 10 s; the limit is 90 s (KAFKA_DEAF_EXIT_MS unset).
describe('exitWhenDeaf', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const watch = (state: { answering: boolean; silentFromMs?: number }) => {
    const exits: number[] = [];
    const bus = {
      healthy: async () => state.answering,
      silentForMs: () => (state.silentFromMs === undefined ? 0 : Date.now() - state.silentFromMs),
    } as unknown as KafkaBus;
    const stop = exitWhenDeaf(bus, createLogger('test', 'silent'), (code) => exits.push(code));
    return { exits, stop };
  };

  it('never exits while the broker is away, however long the process has been deaf', async () => {
    const { exits, stop } = watch({ answering: false, silentFromMs: Date.now() });
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(exits).toEqual([]);
    stop();
  });

  it('exits once deaf for 90 s with the broker answering for 90 s, counted from when the broker came back', async () => {
    const state = { answering: false, silentFromMs: Date.now() };
    const { exits, stop } = watch(state);
    await jest.advanceTimersByTimeAsync(120_000); // deaf 2 min, broker away all along
    state.answering = true;
    await jest.advanceTimersByTimeAsync(90_000); // first seen answering at the next check, so 90 s later it is 80 s
    expect(exits).toEqual([]);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(exits).toEqual([1]);
    stop();
  });

  it('does not exit for a process that recovers by itself once the broker is back', async () => {
    const state: { answering: boolean; silentFromMs?: number } = { answering: true, silentFromMs: Date.now() };
    const { exits, stop } = watch(state);
    await jest.advanceTimersByTimeAsync(60_000);
    state.silentFromMs = undefined; // a new member joined, a send went through
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(exits).toEqual([]);
    stop();
  });
});
