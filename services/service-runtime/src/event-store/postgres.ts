import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  streamCategory,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
} from './types';

export const appendedChannel = 'pds_events_appended';

interface EventRow {
  event_id: string;
  stream_id: string;
  stream_position: string;
  global_position: string;
  transaction_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

const columns =
  'event_id, stream_id, stream_position, global_position, transaction_id::text AS transaction_id, type, data, metadata, recorded_at';

const toRecorded = (r: EventRow): RecordedEvent => ({
  eventId: r.event_id,
  streamId: r.stream_id,
  streamPosition: Number(r.stream_position),
  globalPosition: Number(r.global_position),
  transactionId: r.transaction_id,
  type: r.type,
  data: r.data,
  metadata: r.metadata,
  recordedAt: r.recorded_at.toISOString(),
});

const revisionMatches = (expected: ExpectedRevision, actual: number) =>
  expected === 'any' || (expected === 'no_stream' ? actual === -1 : expected === actual);

const uniqueViolation = '23505';

/** The event store on PostgreSQL; the schema is in services/service-runtime/migrations. */
export class PostgresEventStore implements EventStore {
  constructor(readonly pool: pg.Pool) {}

  static connect(databaseUrl: string, maxConnections = 10): PostgresEventStore {
    return new PostgresEventStore(new pg.Pool({ connectionString: databaseUrl, max: maxConnections }));
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<{ nextRevision: number }> {
    const { nextRevisions } = await this.appendToStreams([{ streamId, events, expectedRevision: options.expectedRevision }]);
    return { nextRevision: nextRevisions[0] as number };
  }

  /** One transaction (one commit) for every stream's events; any stale revision rolls back all of them. */
  async appendToStreams(appends: StreamAppend[]): Promise<{ nextRevisions: number[] }> {
    if (appends.length === 0 || appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event per stream');
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new Error('append names a stream twice');
    const client = await this.pool.connect();
    let current: StreamAppend | undefined;
    try {
      await client.query('BEGIN');
      const nextRevisions: number[] = [];
      for (const append of appends) {
        current = append;
        nextRevisions.push(await this.insert(client, append));
      }
      // The payload names the categories appended to, so that a follower of other categories is not woken.
      const categories = [...new Set(appends.map((a) => streamCategory(a.streamId)))].join(',');
      await client.query(`SELECT pg_notify('${appendedChannel}', $1)`, [categories]);
      await client.query('COMMIT');
      return { nextRevisions };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: string }).code === uniqueViolation && current) {
        throw new WrongExpectedRevisionError(current.streamId, current.expectedRevision, 'unknown');
      }
      throw error;
    } finally {
      client.release();
    }
  }

  private async insert(client: pg.PoolClient, { streamId, events, expectedRevision }: StreamAppend): Promise<number> {
    const current = await client.query<{ revision: string | null }>(
      'SELECT max(stream_position) AS revision FROM events WHERE stream_id = $1',
      [streamId],
    );
    const revision = current.rows[0]?.revision ?? null;
    const actual = revision === null ? -1 : Number(revision);
    if (!revisionMatches(expectedRevision, actual)) throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    const values: unknown[] = [];
    const tuples = events.map((e, i) => {
      values.push(randomUUID(), streamId, actual + 1 + i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
      const b = i * 6;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::jsonb, $${b + 6}::jsonb)`;
    });
    await client.query(
      `INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata) VALUES ${tuples.join(', ')}`,
      values,
    );
    return actual + events.length;
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${columns} FROM events WHERE stream_id = $1 AND stream_position >= $2 ORDER BY stream_position`,
      [streamId, options.fromRevision ?? 0],
    );
    return rows.map(toRecorded);
  }

  // The ORDER BY names the table's columns: a bare `transaction_id` would mean the text alias in the select list
  // and sort '1001' before '730'.
  async readAll(options: ReadAllOptions, client: pg.ClientBase | pg.Pool = this.pool): Promise<RecordedEvent[]> {
    const { rows } = await client.query<EventRow>(
      `SELECT ${columns} FROM events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND ($3::text[] IS NULL OR category = ANY($3::text[]))
          AND ($4::timestamptz IS NULL OR recorded_at <= $4::timestamptz)
        ORDER BY events.transaction_id, events.global_position
        LIMIT $5`,
      [options.after.transactionId, options.after.globalPosition, options.categories ?? null, options.until ?? null, options.limit],
    );
    return rows.map(toRecorded);
  }

  /**
   * Calls `listener` after an append commits, with the stream categories it appended to (undefined when the
   * notification does not say); returns a function that stops listening.
   */
  async onAppended(listener: (categories: string[] | undefined) => void): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: (this.pool.options as pg.PoolConfig).connectionString });
    client.on('error', () => undefined); // a lost listener only slows followers down to their polling interval
    await client.connect();
    client.on('notification', (n) => listener(n.payload ? n.payload.split(',') : undefined));
    await client.query(`LISTEN ${appendedChannel}`);
    return async () => {
      await client.end().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
