import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { freshDatabase } from '../../../../test/support/environment';
import { LogFollower } from './log-follower';
import { eventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres';
import { logStart, type LogCursor, type RecordedEvent } from './types';

eventStoreContract('PostgreSQL', async () => PostgresEventStore.connect(await freshDatabase('es')));

const waitUntil = async (ok: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('PostgreSQL global log', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    store = PostgresEventStore.connect(await freshDatabase('eslog'));
  });
  afterAll(async () => store.close());

  const readCursor = (events: RecordedEvent[]): LogCursor => {
    const last = events[events.length - 1] as RecordedEvent;
    return { transactionId: last.transactionId, globalPosition: last.globalPosition };
  };

  const readFrom = async (cursor: LogCursor) => {
    const events = await store.readAll({ after: cursor, limit: 1000 });
    const last = events[events.length - 1];
    return { events, cursor: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : cursor };
  };

  it('orders the log by transaction id as a number, not as text', async () => {
    // Written directly with chosen transaction ids: 10 sorts before 9 as text but after it as a number.
    await store.pool.query(
      `INSERT INTO events (event_id, stream_id, stream_position, type, data, transaction_id)
       VALUES (gen_random_uuid(), 'order-ten', 0, 'T', '{}', '10'::xid8), (gen_random_uuid(), 'order-nine', 0, 'T', '{}', '9'::xid8)`,
    );
    const events = await store.readAll({ after: logStart, limit: 10, categories: ['order'] });
    expect(events.map((e) => [e.streamId, e.transactionId])).toEqual([
      ['order-nine', '9'],
      ['order-ten', '10'],
    ]);
  });

  it('never skips an event whose transaction commits after a later-numbered one', async () => {
    // Transaction A takes the lower global position but commits last; B takes a higher one and commits first.
    const a = await store.pool.connect();
    const b = await store.pool.connect();
    const insert = (client: typeof a, stream: string) =>
      client.query(
        `INSERT INTO events (event_id, stream_id, stream_position, type, data) VALUES (gen_random_uuid(), $1, 0, 'T', '{}') RETURNING global_position`,
        [stream],
      );
    try {
      await a.query('BEGIN');
      const posA = Number((await insert(a, 'late-a')).rows[0].global_position);
      await b.query('BEGIN');
      const posB = Number((await insert(b, 'late-b')).rows[0].global_position);
      expect(posA).toBeLessThan(posB);
      await b.query('COMMIT');

      // A reader now must not move past A's position: B is held back while A is still open.
      const first = await readFrom(logStart);
      expect(first.events.map((e: RecordedEvent) => e.streamId)).not.toContain('late-b');

      await a.query('COMMIT');
      const second = await readFrom(first.cursor);
      expect(second.events.map((e: RecordedEvent) => e.streamId)).toEqual(['late-a', 'late-b']);
      expect((await readFrom(second.cursor)).events).toEqual([]);
    } finally {
      a.release();
      b.release();
    }
  });

  it('says which categories an append wrote to, and wakes a follower only for its own', async () => {
    const heard: Array<string[] | undefined> = [];
    const stopListening = await store.onAppended((categories) => heard.push(categories));
    const handled: string[] = [];
    // Polls only once a minute: anything it handles within the test came from a notification.
    const follower = new LogFollower({
      store,
      name: `wake-test-${randomUUID()}`,
      categories: ['parcel'],
      logger: pino({ level: 'silent' }),
      pollIntervalMs: 60_000,
      handle: async (events) => void handled.push(...events.map((e) => e.streamId)),
    });
    await follower.start();
    try {
      const event = { type: 'T', data: {}, metadata: {} };
      await store.appendToStreams([
        { streamId: 'ledger-1', events: [event], expectedRevision: 'no_stream' },
        { streamId: 'survey-1', events: [event], expectedRevision: 'no_stream' },
      ]);
      await store.appendToStream('parcel-1', [event], { expectedRevision: 'no_stream' });
      await waitUntil(() => heard.length >= 2 && handled.includes('parcel-1'), 10_000);
      expect(heard.slice(-2)).toEqual([['ledger', 'survey'], ['parcel']]);
      expect(handled).toEqual(['parcel-1']);
    } finally {
      await follower.stop();
      await stopListening();
    }
  });

  it('follows at once an append notified while a pass is handling, with or without a transaction around the handler', async () => {
    for (const transactional of [true, false]) {
      const name = `during-pass-${randomUUID()}`;
      // A category of its own: a new follower starts from the beginning of the log.
      const category = `crate${randomUUID().replace(/-/g, '')}`;
      const handled: string[] = [];
      const event = { type: 'T', data: {}, metadata: {} };
      // Polls only once a minute: the second stream, appended while the first pass is handling, can only be found by
      // the notification that came during that pass.
      const follower = new LogFollower({
        store,
        name,
        categories: [category],
        logger: pino({ level: 'silent' }),
        pollIntervalMs: 60_000,
        transactional,
        handle: async (events) => {
          handled.push(...events.map((e) => e.streamId));
          if (handled.length === 1) await store.appendToStream(`${category}-2`, [event], { expectedRevision: 'no_stream' });
        },
      });
      await follower.start();
      try {
        await store.appendToStream(`${category}-1`, [event], { expectedRevision: 'no_stream' });
        await waitUntil(() => handled.length >= 2, 10_000);
        expect(handled).toEqual([`${category}-1`, `${category}-2`]);
      } finally {
        await follower.stop();
      }
      // The checkpoint is stored either way: it names the second stream's event.
      const { rows } = await store.pool.query<{ global_position: string }>('SELECT global_position FROM log_checkpoints WHERE name = $1', [
        name,
      ]);
      const second = (await store.readStream(`${category}-2`))[0] as RecordedEvent;
      expect(Number(rows[0]?.global_position)).toBe(second.globalPosition);
    }
  });

  it('reads several categories merged in commit order, the limit counting across them', async () => {
    const start = await store.readAll({ after: logStart, limit: 100_000 });
    const cursor = start.length > 0 ? readCursor(start) : logStart;
    for (const stream of ['merge_a-1', 'merge_b-1', 'merge_c-1', 'merge_a-2', 'merge_b-2']) {
      await store.appendToStream(stream, [{ type: 'T', data: {}, metadata: {} }], { expectedRevision: 'no_stream' });
    }
    const first = await store.readAll({ after: cursor, limit: 3, categories: ['merge_a', 'merge_b'] });
    expect(first.map((e) => e.streamId)).toEqual(['merge_a-1', 'merge_b-1', 'merge_a-2']);
    const rest = await store.readAll({ after: readCursor(first), limit: 3, categories: ['merge_a', 'merge_b'] });
    expect(rest.map((e) => e.streamId)).toEqual(['merge_b-2']);
  });

  it("reads a quiet category from that category's own events, not from every event appended since its last", async () => {
    await store.appendToStream('quiet-1', [{ type: 'T', data: {}, metadata: {} }], { expectedRevision: 'no_stream' });
    const [quiet] = await store.readAll({ after: logStart, limit: 10, categories: ['quiet'] });
    await store.pool.query(
      `INSERT INTO events (event_id, stream_id, stream_position, type, data)
       SELECT gen_random_uuid(), 'busy-' || i, 0, 'T', '{}' FROM generate_series(1, 5000) AS i`,
    );
    await store.pool.query('ANALYZE events');
    const client = await store.pool.connect();
    try {
      // A follower's connection reads the same prepared statement over and over; its cached generic plan is the one
      // that has to be right, so it is the one looked at.
      await client.query('SET plan_cache_mode = force_generic_plan');
      const after = readCursor([quiet as RecordedEvent]);
      expect(await store.readAll({ after, limit: 500, categories: ['quiet'] }, client)).toEqual([]);
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }> }>(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE "read-category"('${after.transactionId}', ${after.globalPosition}, NULL, 500, 'quiet')`,
      );
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      // Scanning the 5,000 busy events took 93 blocks (the previous form of the statement); the quiet category's own
      // index run takes a handful.
      expect((plan?.['Shared Hit Blocks'] ?? 0) + (plan?.['Shared Read Blocks'] ?? 0)).toBeLessThan(20);
    } finally {
      client.release(true); // not back to the pool with its plan setting
    }
  });
});
