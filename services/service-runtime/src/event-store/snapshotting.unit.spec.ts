import type { Snapshot, SnapshotStore } from './snapshots';
import { Snapshotter } from './snapshotting';

/** Keeps what is written, in memory: this test is about when a snapshot is taken, not where it goes. */
class Written implements SnapshotStore {
  readonly snapshots: Array<{ streamId: string } & Snapshot> = [];
  read(): Promise<Snapshot | undefined> {
    return Promise.resolve(undefined);
  }
  write(streamId: string, _version: number, snapshot: Snapshot): Promise<void> {
    this.snapshots.push({ streamId, ...snapshot });
    return Promise.resolve();
  }
}

interface Sized {
  size: number;
}

describe('a snapshot interval that grows with the state', () => {
  const snapshotter = (store: SnapshotStore) =>
    new Snapshotter<Sized>({
      store,
      version: 1,
      serialise: (s) => s,
      deserialise: (json) => json as Sized,
      everyEvents: (s) => Math.max(10, s.size / 10),
    });

  it('takes a snapshot once as many events as the state asks for have been folded since the last one', async () => {
    const store = new Written();
    const snapshots = snapshotter(store);
    // A state of 50: the floor of 10 events; folded to revision 19 from a snapshot at 10, 9 events is not enough.
    expect(snapshots.consider('s', { size: 50 }, 19, 10)).toBe(10);
    expect(snapshots.consider('s', { size: 50 }, 20, 10)).toBe(20);
    await snapshots.settled();
    // A state of 400 asks for 40 events: 39 after revision 20 is not enough, 40 is.
    expect(snapshots.consider('s', { size: 400 }, 59, 20)).toBe(20);
    expect(snapshots.consider('s', { size: 400 }, 60, 20)).toBe(60);
    await snapshots.settled();
    expect(store.snapshots).toEqual([
      { streamId: 's', revision: 20, state: { size: 50 } },
      { streamId: 's', revision: 60, state: { size: 400 } },
    ]);
  });
});
