import { freshDatabase } from '../../../../test/support/environment';
import { eventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres';
import { logStart, type LogCursor, type RecordedEvent } from './types';

eventStoreContract('PostgreSQL', async () => PostgresEventStore.connect(await freshDatabase('es')));

describe('PostgreSQL global log', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    store = PostgresEventStore.connect(await freshDatabase('eslog'));
  });
  afterAll(async () => store.close());

  const readFrom = async (cursor: LogCursor) => {
    const events = await store.readAll({ after: cursor, limit: 1000 });
    const last = events[events.length - 1];
    return { events, cursor: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : cursor };
  };

  it('never skips an event whose transaction commits after a later-numbered one', async () => {
    // Transaction A takes the lower global position but commits last; B takes a higher one and commits first.
    const a = await store.pool.connect();
    const b = await store.pool.connect();
    const insert = (client: typeof a, stream: string) =>
      client.query(`INSERT INTO events (event_id, stream_id, stream_position, type, data) VALUES (gen_random_uuid(), $1, 0, 'T', '{}') RETURNING global_position`, [stream]);
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
});
