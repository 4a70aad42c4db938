import { foldStream } from '../decider/decider';
import { Snapshotter, type SnapshotOptions } from './snapshotting';
import type { EventStore, NewEvent, RecordedEvent, StreamAppend } from './types';
import { WrongExpectedRevisionError } from './types';

interface Loaded<State> {
  state: State;
  /** -1 when the stream does not exist yet. */
  revision: number;
  /** The revision of the stream's latest snapshot, taken or under way; -1 when it has none. */
  snapshotRevision: number;
}

const cacheMax = 10_000;
/** Events read per round trip when a stream is folded, so a long one is never held in memory whole. */
const readPageMax = 10_000;

export interface AggregateOptions<State, Event> {
  /** Told of the events of each append once it has committed (to count them, say). */
  onRecorded?: (events: Event[]) => void;
  /** Load from the latest snapshot and the events after it, and take one every so many events. */
  snapshots?: SnapshotOptions<State>;
  /**
   * Gives a decided event what its metadata adds (the business time it was decided at, say), as `parse` does for an
   * event read back: a state evolved from a decision then equals the state folded from the stream.
   */
  withMetadata?: (event: Event, metadata: Record<string, unknown>) => Event;
}

/** One command of a batch: its stream, its decision, and the metadata its events carry. */
export interface BatchItem<State, Event> {
  streamId: string;
  decide: (state: State) => Event[];
  metadata: Record<string, unknown>;
}
export type BatchResult<State, Event> = { ok: true; events: Event[]; state: State } | { ok: false; error: unknown };
const conflictRetries = 5;

/**
 * Loads a stream's state by folding its events (from its latest snapshot, when snapshots are kept), decides, and
 * appends with the revision it read. States are cached per stream and caught up with the store on every load, so that
 * several processes may write one stream; a conflicting append (another writer got there first) drops the cached
 * state and tries again.
 */
export class AggregateStore<State, Event extends { type: string; data: object }> {
  private readonly cache = new Map<string, Loaded<State>>();
  private readonly snapshots: Snapshotter<State> | undefined;
  private readonly onRecorded: (events: Event[]) => void;
  private readonly withMetadata: (event: Event, metadata: Record<string, unknown>) => Event;

  constructor(
    private readonly store: EventStore,
    private readonly evolve: (state: State, event: Event) => State,
    private readonly initialState: () => State,
    private readonly parse: (recorded: RecordedEvent) => Event,
    options: AggregateOptions<State, Event> = {},
  ) {
    this.snapshots = options.snapshots && new Snapshotter(options.snapshots);
    this.onRecorded = options.onRecorded ?? (() => undefined);
    this.withMetadata = options.withMetadata ?? ((event) => event);
  }

  /**
   * The stream's state as it stands in the store now. A cached state is brought up to date with whatever was appended
   * after it (one indexed read, usually of nothing): another process may have written the stream meanwhile, above all
   * the instance that held its partition while this one did not (a rebalance, and back), and a decision, a refusal
   * above all, or an answer made on a state it left behind would be wrong. An append between this read and the next
   * write is still caught by the expected revision.
   */
  async load(streamId: string): Promise<Loaded<State>> {
    const cached = this.cache.get(streamId);
    const snapshot = cached ? undefined : await this.snapshots?.read(streamId);
    const from = cached ?? {
      state: this.initialState(),
      revision: -1,
      snapshotRevision: -1,
      ...(snapshot && { ...snapshot, snapshotRevision: snapshot.revision }),
    };
    let { state, revision } = from;
    for (;;) {
      const page = await this.store.readStream(streamId, { fromRevision: revision + 1, maxCount: readPageMax });
      if (cached && page.length === 0 && revision === cached.revision) return cached;
      state = foldStream(page, this.parse, this.evolve, state);
      if (page.length > 0) revision = (page[page.length - 1] as RecordedEvent).streamPosition;
      if (page.length < readPageMax) break;
    }
    const loaded = { state, revision, snapshotRevision: this.snapshotAfter(streamId, state, revision, from.snapshotRevision) };
    this.remember(streamId, loaded);
    return loaded;
  }

  /** Resolves once every snapshot write under way has ended. */
  async snapshotsSettled(): Promise<void> {
    await this.snapshots?.settled();
  }

  /** Decides against the current state and appends what was decided; returns the new events and state. */
  async handle(
    streamId: string,
    decide: (state: State) => Event[],
    metadata: Record<string, unknown>,
  ): Promise<{ events: Event[]; state: State }> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision, snapshotRevision } = await this.load(streamId);
      const events = decide(state).map((e) => this.withMetadata(e, metadata));
      if (events.length === 0) return { events, state };
      // Applied before they are appended: events the state cannot take fail the command instead of entering the stream.
      const nextState = events.reduce(this.evolve, state);
      try {
        const toAppend: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata }));
        const { nextRevision } = await this.store.appendToStream(streamId, toAppend, {
          expectedRevision: revision === -1 ? 'no_stream' : revision,
        });
        const next = {
          state: nextState,
          revision: nextRevision,
          snapshotRevision: this.snapshotAfter(streamId, nextState, nextRevision, snapshotRevision),
        };
        this.remember(streamId, next);
        this.onRecorded(events);
        return { events, state: next.state };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= conflictRetries) throw error;
      }
    }
  }

  /**
   * Decides a batch of commands in order, each against the state its predecessors left, and appends everything in
   * one transaction: one commit for the batch instead of one per command. A decision that throws a domain error
   * (`isDomainError`) fails only its own command; anything else (an event the state cannot take included) fails the
   * batch before anything is written. If another writer got to a stream first, the batch is handled again command by
   * command.
   */
  async handleMany(items: BatchItem<State, Event>[], isDomainError: (error: unknown) => boolean): Promise<BatchResult<State, Event>[]> {
    const working = new Map<string, Loaded<State> & { startRevision: number; events: NewEvent[] }>();
    const results: BatchResult<State, Event>[] = [];
    for (const item of items) {
      let w = working.get(item.streamId);
      if (!w) {
        const loaded = await this.load(item.streamId);
        w = { ...loaded, startRevision: loaded.revision, events: [] };
        working.set(item.streamId, w);
      }
      let events: Event[];
      try {
        events = item.decide(w.state).map((e) => this.withMetadata(e, item.metadata));
      } catch (error) {
        if (!isDomainError(error)) throw error;
        results.push({ ok: false, error });
        continue;
      }
      w.state = events.reduce(this.evolve, w.state);
      w.revision += events.length;
      w.events.push(...events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: item.metadata })));
      results.push({ ok: true, events, state: w.state });
    }
    const appends: StreamAppend[] = [...working.entries()]
      .filter(([, w]) => w.events.length > 0)
      .map(([streamId, w]) => ({ streamId, events: w.events, expectedRevision: w.startRevision === -1 ? 'no_stream' : w.startRevision }));
    if (appends.length === 0) return results;
    try {
      if (this.store.appendToStreams) await this.store.appendToStreams(appends);
      else for (const a of appends) await this.store.appendToStream(a.streamId, a.events, { expectedRevision: a.expectedRevision });
    } catch (error) {
      for (const a of appends) this.cache.delete(a.streamId);
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      return this.handleOneByOne(items, isDomainError);
    }
    for (const a of appends) {
      const w = working.get(a.streamId);
      if (!w) continue;
      const snapshotRevision = this.snapshotAfter(a.streamId, w.state, w.revision, w.snapshotRevision);
      this.remember(a.streamId, { state: w.state, revision: w.revision, snapshotRevision });
    }
    this.onRecorded(results.flatMap((r) => (r.ok ? r.events : [])));
    return results;
  }

  private async handleOneByOne(
    items: BatchItem<State, Event>[],
    isDomainError: (error: unknown) => boolean,
  ): Promise<BatchResult<State, Event>[]> {
    const results: BatchResult<State, Event>[] = [];
    for (const item of items) {
      try {
        results.push({ ok: true, ...(await this.handle(item.streamId, item.decide, item.metadata)) });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        results.push({ ok: false, error });
      }
    }
    return results;
  }

  private snapshotAfter(streamId: string, state: State, revision: number, snapshotRevision: number): number {
    return this.snapshots ? this.snapshots.consider(streamId, state, revision, snapshotRevision) : -1;
  }

  private remember(streamId: string, loaded: Loaded<State>) {
    this.cache.delete(streamId);
    this.cache.set(streamId, loaded);
    if (this.cache.size > cacheMax) this.cache.delete(this.cache.keys().next().value as string);
  }
}
