import { freshDatabase } from '../../../../test/support/environment';
import { AggregateStore } from './aggregate';
import { PostgresEventStore } from './postgres';
import { PostgresSnapshotStore, type Snapshot, type SnapshotStore } from './snapshots';
import type { SnapshotOptions } from './snapshotting';
import type { RecordedEvent } from './types';

// A running total whose state is a Map (no JSON of its own): how many times each key was added, and their sum.
type AddEvent = { type: 'Added'; data: { key: string; by: number } };
type Tally = { total: number; byKey: Map<string, number>; folded: number };
const evolve = (s: Tally, e: AddEvent): Tally => ({
  total: s.total + e.data.by,
  byKey: new Map(s.byKey).set(e.data.key, (s.byKey.get(e.data.key) ?? 0) + 1),
  folded: s.folded + 1,
});
const empty = (): Tally => ({ total: 0, byKey: new Map(), folded: 0 });
const parse = (r: RecordedEvent) => ({ type: r.type, data: r.data }) as AddEvent;
const added = (key: string, by: number) => ({ type: 'Added', data: { key, by }, metadata: {} });

/** The snapshot store, counting what it is asked, and failing every write when told to. */
class Watched implements SnapshotStore {
  reads = 0;
  writes: Array<{ streamId: string; revision: number }> = [];
  failWrites = false;
  constructor(private readonly inner: SnapshotStore) {}
  async read(streamId: string, version: number) {
    this.reads += 1;
    return this.inner.read(streamId, version);
  }
  async write(streamId: string, version: number, snapshot: Snapshot) {
    if (this.failWrites) throw new Error('no space left');
    this.writes.push({ streamId, revision: snapshot.revision });
    return this.inner.write(streamId, version, snapshot);
  }
}

describe('snapshots in PostgreSQL', () => {
  let events: PostgresEventStore;
  let snapshots: PostgresSnapshotStore;
  beforeAll(async () => {
    events = PostgresEventStore.connect(await freshDatabase('snap'));
    snapshots = new PostgresSnapshotStore(events.pool);
  });
  afterAll(async () => events.close());

  const options = (store: SnapshotStore, version = 1, onError?: (e: unknown) => void): SnapshotOptions<Tally> => ({
    store,
    version,
    everyEvents: 4,
    serialise: (s) => ({ ...s, byKey: [...s.byKey] }),
    deserialise: (json) => {
      const j = json as Omit<Tally, 'byKey'> & { byKey: Array<[string, number]> };
      return { ...j, byKey: new Map(j.byKey) };
    },
    ...(onError ? { onError } : {}),
  });
  const tallies = (store: SnapshotStore, version = 1, onError?: (e: unknown) => void) =>
    new AggregateStore<Tally, AddEvent>(events, evolve, empty, parse, { snapshots: options(store, version, onError) });

  it('keeps the latest snapshot of each version, and never replaces it with an older one', async () => {
    await snapshots.write('tally-a', 1, { revision: 5, state: { n: 5 } });
    await snapshots.write('tally-a', 1, { revision: 9, state: { n: 9 } });
    await snapshots.write('tally-a', 1, { revision: 7, state: { n: 7 } });
    await snapshots.write('tally-a', 2, { revision: 3, state: { n: 3 } });
    expect(await snapshots.read('tally-a', 1)).toEqual({ revision: 9, state: { n: 9 } });
    expect(await snapshots.read('tally-a', 2)).toEqual({ revision: 3, state: { n: 3 } });
    expect(await snapshots.read('tally-a', 3)).toBeUndefined();
    expect(await snapshots.read('tally-b', 1)).toBeUndefined();
  });

  it('loads from the latest snapshot and folds only the events after it, to the state of the whole stream', async () => {
    const watched = new Watched(snapshots);
    const writer = tallies(watched);
    // Ten events, one command each: a snapshot is due after 4 events folded since the last (revisions 3 and 7). Each
    // write is awaited here; in service, a snapshot falling due while the stream's last is still being written waits
    // for the next command.
    for (let i = 0; i < 10; i++) {
      await writer.handle('tally-c', () => [{ type: 'Added', data: { key: `k${i % 3}`, by: i } }], {});
      await writer.snapshotsSettled();
    }
    expect(watched.writes).toEqual([
      { streamId: 'tally-c', revision: 3 },
      { streamId: 'tally-c', revision: 7 },
    ]);
    const fresh = await tallies(snapshots).load('tally-c');
    // 0+1+…+9 = 45; k0 was added at i = 0, 3, 6, 9; only events 8 and 9 were folded after the snapshot at revision 7.
    expect(fresh).toMatchObject({
      revision: 9,
      state: {
        total: 45,
        byKey: new Map([
          ['k0', 4],
          ['k1', 3],
          ['k2', 3],
        ]),
        folded: 10,
      },
    });
    const whole = await new AggregateStore<Tally, AddEvent>(events, evolve, empty, parse).load('tally-c');
    expect(fresh.state).toEqual(whole.state);
    // A snapshot at revision 8 that no fold would make: a load starts from it and folds event 9 (by 9) alone.
    await snapshots.write('tally-c', 1, { revision: 8, state: { total: 1_000, byKey: [], folded: 0 } });
    expect((await tallies(snapshots).load('tally-c')).state).toEqual({ total: 1_009, byKey: new Map([['k0', 1]]), folded: 1 });
  });

  it('ignores a snapshot of another version and folds the stream from its first event', async () => {
    await events.appendToStream('tally-d', [added('x', 1), added('x', 2), added('y', 3)], { expectedRevision: 'no_stream' });
    // A snapshot the old code took: a different shape, and a total that this version's evolve would not make.
    await snapshots.write('tally-d', 1, { revision: 2, state: { total: 999, byKey: [], folded: 3 } });
    const loaded = await tallies(snapshots, 2).load('tally-d');
    expect(loaded.state).toEqual({
      total: 6,
      byKey: new Map([
        ['x', 2],
        ['y', 1],
      ]),
      folded: 3,
    });
  });

  it('reads the tail of a stream after a revision, a page at a time', async () => {
    await events.appendToStream('tally-e', [added('a', 1), added('b', 2), added('c', 3), added('d', 4)], { expectedRevision: 'no_stream' });
    const tail = await events.readStream('tally-e', { fromRevision: 1, maxCount: 2 });
    expect(tail.map((r) => [r.streamPosition, r.data.key])).toEqual([
      [1, 'b'],
      [2, 'c'],
    ]);
  });

  it('loses nothing when a snapshot cannot be written: the next load folds the events instead', async () => {
    const failing = new Watched(snapshots);
    failing.failWrites = true;
    const errors: unknown[] = [];
    const writer = tallies(failing, 1, (e) => errors.push(e));
    for (let i = 1; i <= 5; i++) await writer.handle('tally-f', () => [{ type: 'Added', data: { key: 'z', by: i } }], {});
    await writer.snapshotsSettled();
    expect(errors.map((e) => (e as Error).message)).toEqual(['no space left']);
    expect(await snapshots.read('tally-f', 1)).toBeUndefined();
    expect((await tallies(snapshots).load('tally-f')).state).toEqual({ total: 15, byKey: new Map([['z', 5]]), folded: 5 });
  });
});
