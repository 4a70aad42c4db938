import {
  ANY,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  streamCategory,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './types';

/** Pages of the $all stream read per round trip while filtering to the requested categories. */
const allPageSize = 500;

type Stored = NonNullable<ResolvedEvent['event']>;

const toRecorded = (e: Stored, position: { commit: bigint; prepare: bigint }): RecordedEvent => ({
  eventId: e.id,
  streamId: e.streamId,
  streamPosition: Number(e.revision),
  globalPosition: Number(position.prepare),
  // The commit position plays the part of the writing transaction: $all is ordered by (commit, prepare).
  transactionId: position.commit.toString(),
  type: e.type,
  data: (e.data ?? {}) as Record<string, unknown>,
  metadata: (e.metadata ?? {}) as Record<string, unknown>,
  recordedAt: new Date(e.created).toISOString(),
});

const expected = (revision: ExpectedRevision) => (revision === 'no_stream' ? NO_STREAM : revision === 'any' ? ANY : BigInt(revision));

/**
 * The same event store on EventStoreDB (`EVENTSTORE_URL`, e.g. `esdb://localhost:2113?tls=false`). Its $all stream
 * is already commit-ordered, so the global log needs no snapshot guard here.
 */
export class EventStoreDbEventStore implements EventStore {
  constructor(private readonly client: EventStoreDBClient) {}

  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<{ nextRevision: number }> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ type: e.type, data: e.data, metadata: e.metadata })),
        { expectedRevision: expected(options.expectedRevision) },
      );
      return { nextRevision: Number(result.nextExpectedRevision) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : 'unknown';
        throw new WrongExpectedRevisionError(streamId, options.expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) {
        if (resolved.event && resolved.event.position) events.push(toRecorded(resolved.event, resolved.event.position));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const after = { commit: BigInt(options.after.transactionId), prepare: BigInt(options.after.globalPosition) };
    const isAfter = (p: { commit: bigint; prepare: bigint }) =>
      p.commit > after.commit || (p.commit === after.commit && p.prepare > after.prepare);
    const wanted = (e: Stored) =>
      !e.type.startsWith('$') &&
      (!options.categories || options.categories.includes(streamCategory(e.streamId))) &&
      (!options.until || new Date(e.created) <= options.until);
    const found: RecordedEvent[] = [];
    let from: typeof START | { commit: bigint; prepare: bigint } = options.after.transactionId === '0' ? START : after;
    for (;;) {
      let seen = 0;
      let last: { commit: bigint; prepare: bigint } | undefined;
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: from,
        maxCount: allPageSize,
      }) as AsyncIterable<AllStreamResolvedEvent>) {
        seen += 1;
        const e = resolved.event;
        if (!e || !e.position) continue;
        last = e.position;
        if (isAfter(e.position) && wanted(e)) found.push(toRecorded(e, e.position));
        if (found.length >= options.limit) return found;
      }
      if (seen < allPageSize || !last) return found;
      from = last;
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
