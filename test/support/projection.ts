import type { RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';

/** Hands a projection one batch in a transaction of its own, as its log follower does. */
export const projectBatch = async (
  pool: pg.Pool,
  handle: (events: RecordedEvent[], tx: pg.PoolClient) => Promise<void>,
  events: RecordedEvent[],
): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await handle(events, client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
};
