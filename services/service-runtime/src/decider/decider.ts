import type { RecordedEvent } from '../event-store/types';

/**
 * The decider: pure business logic. `decide(command, state) → events` says what a command does (throwing a domain
 * error for one it refuses), `evolve(state, event) → state` what a recorded event did, `initialState()` the state of
 * a stream with no events. State is always the fold of a stream's events with `evolve`.
 */
export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** Where a stream's event sits, so a report can name it. */
export interface StreamLocation {
  streamId: string;
  streamPosition: number;
}

/**
 * An event the state cannot take: it names something the state does not hold (a reservation never made, an account
 * never opened, an order never requested) or contradicts it (a different amount, a second opening). `decide` never
 * produces one, so a stream holding one was written by code that disagreed with `evolve`, or by hand; folding stops
 * there rather than skipping the event and going on with a state that no longer matches the stream.
 */
export class EventCannotApply extends Error {
  override readonly name = 'EventCannotApply';

  constructor(
    readonly eventType: string,
    readonly reason: string,
    readonly location?: StreamLocation,
  ) {
    super(`${eventType}${location ? ` at ${location.streamId} position ${location.streamPosition}` : ''} cannot apply: ${reason}`);
  }

  /** The same failure, said with the stream and position of the event. */
  at(location: StreamLocation): EventCannotApply {
    return new EventCannotApply(this.eventType, this.reason, location);
  }
}

/**
 * The `default` of an exhaustive `switch (event.type)` in `evolve`: it only type-checks when every event type has its
 * case, so a new event type added to the union without one does not compile. At run time it is reached only by an
 * event the union does not describe (a cast, an unparsed record), which cannot apply either.
 */
export const unhandledEvent = (event: never): never => {
  const type = (event as { type?: unknown } | null)?.type;
  throw new EventCannotApply(typeof type === 'string' ? type : String(type), 'evolve has no case for this event type');
};

/**
 * Decides each command against the state its predecessors left, as a process manager records what it learns one step
 * after another; returns every event decided, in order, and the state they lead to.
 */
export const decideInTurn = <State, Command, Event>(
  decider: Decider<State, Command, Event>,
  commands: readonly Command[],
  state: State,
): { events: Event[]; state: State } => {
  const events: Event[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decider.decide(command, current);
    current = decided.reduce(decider.evolve, current);
    events.push(...decided);
  }
  return { events, state: current };
};

/** Folds a stream as read from the store; an event that cannot apply is reported with its stream and position. */
export const foldStream = <State, Event>(
  recorded: readonly RecordedEvent[],
  parse: (recorded: RecordedEvent) => Event,
  evolve: (state: State, event: Event) => State,
  initialState: State,
): State => {
  let state = initialState;
  for (const r of recorded) {
    const event = parse(r);
    try {
      state = evolve(state, event);
    } catch (error) {
      throw error instanceof EventCannotApply ? error.at({ streamId: r.streamId, streamPosition: r.streamPosition }) : error;
    }
  }
  return state;
};
