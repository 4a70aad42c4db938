import type { EventStore, NewEvent, RecordedEvent } from './types';
import { WrongExpectedRevisionError } from './types';

/** The decider: pure business logic, `decide(command, state) → events`, `evolve(state, event) → state`. */
export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

interface Loaded<State> {
  state: State;
  /** -1 when the stream does not exist yet. */
  revision: number;
}

const cacheMax = 10_000;
const conflictRetries = 5;

/**
 * Loads a stream's state by folding its events, decides, and appends with the revision it read. States are cached
 * per stream; a conflicting append (another writer got there first) drops the cached state and tries again.
 */
export class AggregateStore<State, Event extends { type: string; data: object }> {
  private readonly cache = new Map<string, Loaded<State>>();

  constructor(
    private readonly store: EventStore,
    private readonly evolve: (state: State, event: Event) => State,
    private readonly initialState: () => State,
    private readonly parse: (recorded: RecordedEvent) => Event,
  ) {}

  async load(streamId: string): Promise<Loaded<State>> {
    const cached = this.cache.get(streamId);
    if (cached) return cached;
    const recorded = await this.store.readStream(streamId);
    const loaded = {
      state: recorded.map(this.parse).reduce(this.evolve, this.initialState()),
      revision: recorded.length === 0 ? -1 : (recorded[recorded.length - 1] as RecordedEvent).streamPosition,
    };
    this.remember(streamId, loaded);
    return loaded;
  }

  /** Decides against the current state and appends what was decided; returns the new events and state. */
  async handle(
    streamId: string,
    decide: (state: State) => Event[],
    metadata: Record<string, unknown>,
  ): Promise<{ events: Event[]; state: State }> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(streamId);
      const events = decide(state);
      if (events.length === 0) return { events, state };
      try {
        const toAppend: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata }));
        const { nextRevision } = await this.store.appendToStream(streamId, toAppend, {
          expectedRevision: revision === -1 ? 'no_stream' : revision,
        });
        const next = { state: events.reduce(this.evolve, state), revision: nextRevision };
        this.remember(streamId, next);
        return { events, state: next.state };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= conflictRetries) throw error;
      }
    }
  }

  private remember(streamId: string, loaded: Loaded<State>) {
    this.cache.delete(streamId);
    this.cache.set(streamId, loaded);
    if (this.cache.size > cacheMax) this.cache.delete(this.cache.keys().next().value as string);
  }
}
