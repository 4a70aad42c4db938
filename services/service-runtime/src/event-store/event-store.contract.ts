import { randomUUID } from 'node:crypto';
import { logStart, WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from './types';

const event = (n: number): NewEvent => ({ type: 'Counted', data: { n }, metadata: { commandId: randomUUID() } });

/** The behaviour every event store adapter must have; each adapter's test file calls this with its own store. */
export const eventStoreContract = (name: string, open: () => Promise<EventStore>) =>
  describe(`${name} event store contract`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => store.close());
    const stream = () => `contract-${randomUUID().replace(/-/g, '')}`;

    it('appends to a new stream and reads its events back in order', async () => {
      const id = stream();
      expect(await store.appendToStream(id, [event(0), event(1)], { expectedRevision: 'no_stream' })).toEqual({ nextRevision: 1 });
      expect(await store.appendToStream(id, [event(2)], { expectedRevision: 1 })).toEqual({ nextRevision: 2 });
      const read = await store.readStream(id);
      expect(read.map((e) => [e.streamPosition, e.data.n])).toEqual([
        [0, 0],
        [1, 1],
        [2, 2],
      ]);
      expect((await store.readStream(id, { fromRevision: 1 })).map((e) => e.data.n)).toEqual([1, 2]);
    });

    it('rejects an append with a stale expected revision and writes nothing', async () => {
      const id = stream();
      await store.appendToStream(id, [event(0), event(1)], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(id, [event(9)], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.appendToStream(id, [event(9)], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect((await store.readStream(id)).map((e) => e.data.n)).toEqual([0, 1]);
    });

    it('lets exactly one of many concurrent appends at the same revision win', async () => {
      const id = stream();
      await store.appendToStream(id, [event(0)], { expectedRevision: 'no_stream' });
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.appendToStream(id, [event(100 + i)], { expectedRevision: 0 })),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of attempts.filter((x) => x.status === 'rejected')) {
        expect((a as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('shows every appended event once, in order, to a reader of the global log', async () => {
      const id = stream();
      await store.appendToStream(id, [event(0), event(1), event(2)], { expectedRevision: 'no_stream' });
      const seen: RecordedEvent[] = [];
      let cursor = logStart;
      for (;;) {
        const batch = await store.readAll({ after: cursor, limit: 100, categories: ['contract'] });
        if (batch.length === 0) break;
        seen.push(...batch);
        const last = batch[batch.length - 1] as RecordedEvent;
        cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      }
      const ours = seen.filter((e) => e.streamId === id);
      expect(ours.map((e) => e.data.n)).toEqual([0, 1, 2]);
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(seen.length);
    });

    it('appends to several streams at once, all or none', async () => {
      if (!store.appendToStreams) return; // optional: such a store appends stream by stream
      const [a, b] = [stream(), stream()];
      await store.appendToStream(b, [event(0)], { expectedRevision: 'no_stream' });
      expect(
        await store.appendToStreams([
          { streamId: a, events: [event(1)], expectedRevision: 'no_stream' },
          { streamId: b, events: [event(2), event(3)], expectedRevision: 0 },
        ]),
      ).toEqual({
        nextRevisions: [0, 2],
      });
      // b is stale now: nothing is written to a either.
      await expect(
        store.appendToStreams([
          { streamId: a, events: [event(4)], expectedRevision: 0 },
          { streamId: b, events: [event(5)], expectedRevision: 0 },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(a)).map((e) => e.data.n)).toEqual([1]);
      expect((await store.readStream(b)).map((e) => e.data.n)).toEqual([0, 2, 3]);
    });
  });
