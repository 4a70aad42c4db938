import type { Queryable } from '@pds/contracts';
import { untilOrderReadable } from './read-your-writes';

/** A read model that shows the order from its `visibleFrom`-th read on (never, when undefined), counting the reads. */
const readModel = (visibleFrom: number | undefined, fails = false) => {
  const reads: unknown[][] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      reads.push(params);
      if (fails) throw new Error('connection refused');
      return { rowCount: visibleFrom !== undefined && reads.length >= visibleFrom ? 1 : 0 };
    },
  } as unknown as Queryable;
  return { db, reads };
};

describe("a placement's answer waits until its order can be read", () => {
  it('resolves once the projection has written the order, reading it by order and account', async () => {
    const { db, reads } = readModel(3);
    expect(await untilOrderReadable(db, 'ord_1', 'acc_1', 5_000)).toBe(true);
    expect(reads).toEqual([
      ['ord_1', 'acc_1'],
      ['ord_1', 'acc_1'],
      ['ord_1', 'acc_1'],
    ]);
  });

  it('gives up after its bound when the order never shows (the 202 goes anyway)', async () => {
    const { db, reads } = readModel(undefined);
    const started = Date.now();
    expect(await untilOrderReadable(db, 'ord_1', 'acc_1', 60)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(reads.length).toBeGreaterThan(1);
  });

  it('does not wait on a read model it cannot read', async () => {
    const { db, reads } = readModel(1, true);
    expect(await untilOrderReadable(db, 'ord_1', 'acc_1', 5_000)).toBe(false);
    expect(reads).toHaveLength(1);
  });
});
