export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
  /** Who and why: command id, correlation id, request id, actor, operation, trace context. */
  metadata: Record<string, unknown>;
}

export interface RecordedEvent extends NewEvent {
  eventId: string;
  streamId: string;
  /** 0-based position within the stream; a stream's revision is the position of its last event. */
  streamPosition: number;
  globalPosition: number;
  /** The writing transaction; with globalPosition it orders the global log safely (see LogCursor). */
  transactionId: string;
  recordedAt: string;
}

/** `no_stream`: the stream must not exist; a number: the stream's current revision must be exactly this. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'unknown',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
  }
}

/**
 * Position in the global log. Events are ordered by (transactionId, globalPosition) and a reader only reads
 * transactions older than every one still running, so an event whose transaction commits late can never fall
 * behind a reader's position.
 */
export interface LogCursor {
  transactionId: string;
  globalPosition: number;
}
export const logStart: LogCursor = { transactionId: '0', globalPosition: 0 };

export interface ReadAllOptions {
  after: LogCursor;
  limit: number;
  /** Stream categories (the part of a stream id before the first '-') to include; all when absent. */
  categories?: string[];
  /** Only events recorded at or before this instant (used to replay history as it stood). */
  until?: Date;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
}

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<{ nextRevision: number }>;
  /**
   * Appends to several streams in one transaction: all or none, each with its own expected revision. Optional: a
   * store without it gets one append per stream (each stream's decisions depend on that stream alone, so atomicity
   * across streams is a saving in commits, not a rule of the domain).
   */
  appendToStreams?(appends: StreamAppend[]): Promise<{ nextRevisions: number[] }>;
  /** The stream's events from `fromRevision` on, at most `maxCount` of them (all when absent). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

export const streamCategory = (streamId: string) => streamId.split('-', 1)[0] ?? streamId;
