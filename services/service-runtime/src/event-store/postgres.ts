import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../observability/logger';
import { stage } from '../observability/tracing';
import { createPool } from '../postgres-pool';
import { backoffMs, sleep } from '../until-available';
import {
  streamCategory,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
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

const columnsOf = (t: string) =>
  `${t}.event_id, ${t}.stream_id, ${t}.stream_position, ${t}.global_position, ${t}.transaction_id::text AS transaction_id, ` +
  `${t}.type, ${t}.data, ${t}.metadata, ${t}.recorded_at`;
const columns = columnsOf('events');

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

const uniqueViolation = '23505';

/**
 * One stream's append as one statement: its current revision, and its events after it only if that is the expected
 * one ($6; null for any). Returns the revision found and how many events went in (0 when the revision was stale).
 * A stale single-stream append still notifies (its statement commits, having inserted nothing): a follower only looks.
 */
const appendSqlOf = (notify: boolean) => `
  WITH head AS (SELECT max(stream_position) AS revision FROM events WHERE stream_id = $1),
  inserted AS (
    INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata)
    SELECT e.event_id, $1, coalesce(head.revision, -1) + e.n, e.type, e.data, e.metadata
      FROM head, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(event_id, type, data, metadata, n)
     WHERE $6::bigint IS NULL OR coalesce(head.revision, -1) = $6::bigint
     ORDER BY e.n
    RETURNING 1)
  SELECT head.revision, (SELECT count(*) FROM inserted)::integer AS inserted${notify ? `, pg_notify('${appendedChannel}', $7)` : ''}
    FROM head`;
/**
 * The last (or only) stream's statement of an append notifies, $7 naming the categories; the others do not. Both are
 * prepared once per connection: parsed and planned once, not on every append (at idle, 1.4 ms a single append instead
 * of 2.0).
 */
const appendSql = {
  notifying: { name: 'append-notifying', text: appendSqlOf(true) },
  silent: { name: 'append-silent', text: appendSqlOf(false) },
};

/** What every read of the log asks of an event besides its category: after the cursor, committed, not after `until`. */
const inLogAfter = `(events.transaction_id, events.global_position) > ($1::xid8, $2::bigint)
            AND events.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            AND ($3::timestamptz IS NULL OR events.recorded_at <= $3::timestamptz)`;
const logOrder = 'ORDER BY events.transaction_id, events.global_position LIMIT $4';

/**
 * The log after a position, in commit order, up to the oldest transaction still open. The ORDER BY names the table's
 * columns: a bare `transaction_id` would mean the text alias in the select list and sort '1001' before '730'. Every
 * pass of a log follower reads it, so each form is prepared once per connection, and each is written so that its
 * generic plan (planned once, reused) is the right one and is the one PostgreSQL keeps:
 * - the whole log: a scan of `events_log_order` from the cursor (checked with EXPLAIN over 200,000 events);
 * - one category (every follower so far): that category's own run of `events_category_log_order` from the cursor.
 *   One statement for the whole log and for categories (`$3 IS NULL OR category = ANY($3)`) had a generic plan that
 *   could not use that index: a follower of a quiet category (orders, datasets) scanned every event appended since
 *   its last one, on every poll, twice a second (EXPLAIN ANALYZE: 2.9 ms over 6,850 charges' events, 63 ms over
 *   25,400; this form 0.13 ms over 7,340, and it does not grow with the log);
 * - several categories: each one's run, at most $4 events of each, merged. Its generic plan reckons on ten
 *   categories, so PostgreSQL plans it afresh on every call (48 µs a pass, measured): the reason one category has a
 *   form of its own.
 */
const readAllSql = {
  whole: { name: 'read-all', text: `SELECT ${columns} FROM events WHERE ${inLogAfter} ${logOrder}` },
  category: { name: 'read-category', text: `SELECT ${columns} FROM events WHERE events.category = $5::text AND ${inLogAfter} ${logOrder}` },
  categories: {
    name: 'read-categories',
    text: `SELECT ${columnsOf('e')}
             FROM unnest($5::text[]) AS c(category)
             CROSS JOIN LATERAL (SELECT * FROM events WHERE events.category = c.category AND ${inLogAfter} ${logOrder}) AS e
            ORDER BY e.transaction_id, e.global_position
            LIMIT $4`,
  },
};

/** The event store on PostgreSQL; the schema is in services/service-runtime/migrations. */
export class PostgresEventStore implements EventStore {
  constructor(readonly pool: pg.Pool) {}

  /** With a logger, the pool's lost connections are logged and replaced rather than ending the process (see `createPool`). */
  static connect(databaseUrl: string, maxConnections = 10, logger?: Logger): PostgresEventStore {
    return new PostgresEventStore(
      logger
        ? createPool({ connectionString: databaseUrl, max: maxConnections, name: 'event-store' }, logger)
        : new pg.Pool({ connectionString: databaseUrl, max: maxConnections }),
    );
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<{ nextRevision: number }> {
    const { nextRevisions } = await this.appendToStreams([{ streamId, events, expectedRevision: options.expectedRevision }]);
    return { nextRevision: nextRevisions[0] as number };
  }

  /**
   * One transaction (one commit) for every stream's events; any stale revision rolls back all of them. Each stream is
   * one statement (its revision checked and its events inserted together), and the notification goes with the last,
   * so appending to one stream is a single autocommit statement: one round trip.
   */
  appendToStreams(appends: StreamAppend[]): Promise<{ nextRevisions: number[] }> {
    return stage('append events', () => this.appendInOneTransaction(appends));
  }

  private async appendInOneTransaction(appends: StreamAppend[]): Promise<{ nextRevisions: number[] }> {
    if (appends.length === 0 || appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event per stream');
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new Error('append names a stream twice');
    // The payload names the categories appended to, so that a follower of other categories is not woken.
    const categories = [...new Set(appends.map((a) => streamCategory(a.streamId)))].join(',');
    if (appends.length === 1) {
      const only = appends[0] as StreamAppend;
      return { nextRevisions: [await this.insert(this.pool, only, categories)] };
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const nextRevisions: number[] = [];
      for (const [i, append] of appends.entries()) {
        nextRevisions.push(await this.insert(client, append, i === appends.length - 1 ? categories : undefined));
      }
      await client.query('COMMIT');
      return { nextRevisions };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Inserts one stream's events if its revision is as expected (and notifies, when told to); the next revision. */
  private async insert(
    db: pg.Pool | pg.PoolClient,
    { streamId, events, expectedRevision }: StreamAppend,
    notify?: string,
  ): Promise<number> {
    const expected = expectedRevision === 'any' ? null : expectedRevision === 'no_stream' ? -1 : expectedRevision;
    let rows: Array<{ revision: string | null; inserted: number }>;
    try {
      ({ rows } = await db.query({
        ...(notify === undefined ? appendSql.silent : appendSql.notifying),
        values: [
          streamId,
          events.map(() => randomUUID()),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
          expected,
          ...(notify !== undefined ? [notify] : []),
        ],
      }));
    } catch (error) {
      // Another append to the stream took the same positions first.
      if ((error as { code?: string }).code === uniqueViolation)
        throw new WrongExpectedRevisionError(streamId, expectedRevision, 'unknown');
      throw error;
    }
    const row = rows[0];
    const actual = row?.revision === null || row?.revision === undefined ? -1 : Number(row.revision);
    if (!row || row.inserted !== events.length) throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    return actual + events.length;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${columns} FROM events WHERE stream_id = $1 AND stream_position >= $2 ORDER BY stream_position LIMIT $3`,
      [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions, client: pg.ClientBase | pg.Pool = this.pool): Promise<RecordedEvent[]> {
    const values = [options.after.transactionId, options.after.globalPosition, options.until ?? null, options.limit];
    const categories = options.categories;
    const { rows } = await client.query<EventRow>(
      !categories
        ? { ...readAllSql.whole, values }
        : categories.length === 1
          ? { ...readAllSql.category, values: [...values, categories[0]] }
          : { ...readAllSql.categories, values: [...values, categories] },
    );
    return rows.map(toRecorded);
  }

  /**
   * Calls `listener` after an append commits, with the stream categories it appended to (undefined when the
   * notification does not say); returns a function that stops listening. A lost listening connection is opened again
   * with a backoff, and the listener is then called once with no categories: appends made while it was away were not
   * announced. Followers poll meanwhile, so a database that is away at start delays nothing but the first notification.
   */
  async onAppended(listener: (categories: string[] | undefined) => void): Promise<() => Promise<void>> {
    const connectionString = (this.pool.options as pg.PoolConfig).connectionString;
    let client: pg.Client | undefined;
    let stopped = false;
    const listenOnce = async (): Promise<boolean> => {
      const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
      c.on('error', () => undefined); // its 'end' follows, and listening starts again from there
      try {
        await c.connect();
        c.on('notification', (n) => listener(n.payload ? n.payload.split(',') : undefined));
        await c.query(`LISTEN ${appendedChannel}`);
      } catch {
        await c.end().catch(() => undefined);
        return false;
      }
      if (stopped) {
        await c.end().catch(() => undefined);
        return true;
      }
      client = c;
      c.once('end', () => {
        client = undefined;
        if (!stopped) void listenAgain();
      });
      return true;
    };
    const listenAgain = async () => {
      for (let attempt = 1; !stopped; attempt++) {
        await sleep(backoffMs(attempt));
        if (await listenOnce()) return listener(undefined);
      }
    };
    if (!(await listenOnce())) void listenAgain();
    return async () => {
      stopped = true;
      await client?.end().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
