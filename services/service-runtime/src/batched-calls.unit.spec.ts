import { BatchedCalls } from './batched-calls';

describe('BatchedCalls', () => {
  it('sends a call at once when idle, and the calls made meanwhile together in the next batch, each answered in turn', async () => {
    const batches: number[][] = [];
    const doubled = new BatchedCalls<number, number>(async (inputs) => {
      batches.push(inputs);
      await new Promise((r) => setTimeout(r, 5));
      return inputs.map((i) => i * 2);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((i) => doubled.call(i)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    // Idle again: the next call goes alone.
    expect(await doubled.call(5)).toBe(10);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('fails every call of a batch that throws, or answers a different number, and carries on with the next', async () => {
    let round = 0;
    const calls = new BatchedCalls<string, string>(
      async (inputs) => {
        round++;
        if (round === 2) throw new Error('connection lost');
        if (round === 3) return inputs.slice(1);
        return inputs.map((s) => s.toUpperCase());
      },
      { maxCalls: 2 },
    );
    const settled = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((s) => calls.call(s)));
    // Batches of at most 2: [a], [b, c] (throws), [d, e] (one answer short).
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'A',
      'connection lost',
      'connection lost',
      'a batch of 2 was answered with 1',
      'a batch of 2 was answered with 1',
    ]);
    expect(await calls.call('f')).toBe('F');
  });

  it('bounds a batch by the size of its calls as well, always taking at least one', async () => {
    const batches: string[][] = [];
    const calls = new BatchedCalls<string, number>(
      async (inputs) => {
        batches.push(inputs);
        await new Promise((r) => setTimeout(r, 5));
        return inputs.map((s) => s.length);
      },
      { maxSize: 5, size: (s) => s.length },
    );
    const answers = await Promise.all(['a', 'bb', 'ccc', 'dddddddd', 'e', 'ff', 'gg'].map((s) => calls.call(s)));
    expect(answers).toEqual([1, 2, 3, 8, 1, 2, 2]);
    // 'a' goes at once; then 2 + 3 = 5 fits, 8 alone exceeds the bound but goes alone, then 1 + 2 + 2 = 5.
    expect(batches).toEqual([['a'], ['bb', 'ccc'], ['dddddddd'], ['e', 'ff', 'gg']]);
  });
});
