import type { SnapshotStore } from './snapshots';

/** How an AggregateStore keeps snapshots of its states. */
export interface SnapshotOptions<State> {
  store: SnapshotStore;
  /**
   * The state's form: bump it whenever the state's shape or what `evolve` makes of an event changes, so that a
   * snapshot taken by the old code is ignored (the stream is folded afresh) instead of being read as the new state.
   */
  version: number;
  /** To JSON and back; Maps and Sets need saying how (JSON has neither). */
  serialise: (state: State) => unknown;
  deserialise: (json: unknown) => State;
  /**
   * A snapshot is taken once this many events have been folded since the stream's last one; a function when the
   * interval grows with the state (a larger state costs more to write, so it is written less often).
   */
  everyEvents: number | ((state: State) => number);
  /** Told of a snapshot that could not be read or written; the stream is folded from its events instead. */
  onError?: (error: unknown, streamId: string) => void;
}

/**
 * Reads and takes an AggregateStore's snapshots, best effort: a snapshot that cannot be read means folding the whole
 * stream, one that cannot be written means folding more events on the next load. A snapshot is written after the
 * command that made it due has had its answer (on a later turn of the event loop), so it never delays a command.
 */
export class Snapshotter<State> {
  /** Writes under way, at most one per stream. */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(private readonly options: SnapshotOptions<State>) {}

  async read(streamId: string): Promise<{ state: State; revision: number } | undefined> {
    try {
      const snapshot = await this.options.store.read(streamId, this.options.version);
      return snapshot && { state: this.options.deserialise(snapshot.state), revision: snapshot.revision };
    } catch (error) {
      this.options.onError?.(error, streamId);
      return undefined;
    }
  }

  /**
   * Takes a snapshot of `state` (the fold up to `revision`) if enough events have been folded since the stream's last
   * snapshot; returns the revision of the stream's latest snapshot as it will stand.
   */
  consider(streamId: string, state: State, revision: number, snapshotRevision: number): number {
    if (this.writing.has(streamId) || revision - snapshotRevision < this.interval(state)) return snapshotRevision;
    const written = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.options.store.write(streamId, this.options.version, { revision, state: this.options.serialise(state) }))
      .catch((error: unknown) => this.options.onError?.(error, streamId))
      .finally(() => this.writing.delete(streamId));
    this.writing.set(streamId, written);
    return revision;
  }

  private interval(state: State): number {
    const every = this.options.everyEvents;
    return typeof every === 'number' ? every : every(state);
  }

  /** Resolves once every snapshot write under way has ended (before a shutdown, or in a test). */
  async settled(): Promise<void> {
    await Promise.all([...this.writing.values()]);
  }
}
