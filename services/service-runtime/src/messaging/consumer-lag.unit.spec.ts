import { lagOf } from './consumer-lag';
import type { KafkaClient } from './kafka-client';

// A member holding partitions 0 and 2 of `t`: log ends 10 and 7; the group committed 10 on partition 0 (nothing
// waits) and never committed partition 2.
const member = (assignments: Array<{ topic: string; partitions: number[] }> | null) =>
  ({
    assignments,
    listOffsets: async () => new Map([['t', [10n, 99n, 7n]]]),
  }) as unknown as KafkaClient.Consumer<string, string, string, string>;
const source = (fromBeginning: boolean) => ({
  groupId: 'g',
  fromBeginning,
  committed: async () => new Map([['t', [10n, 5n, -1n]]]),
});

describe('consumer lag', () => {
  it('is the log end less the committed offset, for the partitions the member holds', async () => {
    expect(await lagOf(source(true), member([{ topic: 't', partitions: [0, 2] }]))).toEqual([
      { topic: 't', partition: 0, lag: 0 },
      { topic: 't', partition: 2, lag: 7 },
    ]);
  });

  it('counts a partition never committed from its end for a member that reads from the end', async () => {
    expect(await lagOf(source(false), member([{ topic: 't', partitions: [0, 2] }]))).toEqual([
      { topic: 't', partition: 0, lag: 0 },
      { topic: 't', partition: 2, lag: 0 },
    ]);
  });

  it('reports nothing for a member holding no partition', async () => {
    expect(await lagOf(source(true), member(null))).toEqual([]);
    expect(await lagOf(source(true), member([{ topic: 't', partitions: [] }]))).toEqual([]);
  });
});
