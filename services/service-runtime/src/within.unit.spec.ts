import { notInTime, within } from './within';

describe('work waited for within a time', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers what the work answers in time', async () => {
    await expect(within(Promise.resolve('title'), 1_000)).resolves.toBe('title');
  });

  it('answers not-in-time when the work is later, and drops what it answers after', async () => {
    let finish: (v: string) => void = () => undefined;
    const late = within(new Promise<string>((resolve) => (finish = resolve)), 1_000);
    jest.advanceTimersByTime(1_000);
    await expect(late).resolves.toBe(notInTime);
    finish('too late');
  });

  it('passes on a failure in time; a failure after the budget is not left unhandled', async () => {
    await expect(within(Promise.reject(new Error('registry down')), 1_000)).rejects.toThrow('registry down');
    let fail: (e: Error) => void = () => undefined;
    const late = within(new Promise<string>((_, reject) => (fail = reject)), 1_000);
    jest.advanceTimersByTime(1_000);
    await expect(late).resolves.toBe(notInTime);
    fail(new Error('after the budget'));
    await Promise.resolve();
  });
});
