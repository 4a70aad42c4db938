import { orderEvents } from '@pds/contracts';
import type pg from 'pg';
import { waitFor } from './ledger';

export interface StoredOrderEvent {
  type: string;
  data: any;
  metadata: any;
}

/** An official-copy order's events as its stream holds them, in order. */
export const orderEventsOf = async (db: pg.Pool, orderId: string): Promise<StoredOrderEvent[]> =>
  (
    await db.query<StoredOrderEvent>('SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [
      orderEvents.orderStreamId(orderId),
    ])
  ).rows;

/** Long enough for several of the driver's sweeps (the e2e stacks sweep every 250 ms) to have had their chance. */
const severalSweepsMs = 1_000;

/**
 * A failed order's stream once its driver has closed it (`OrderFailed`, recorded after the money is settled), read
 * again after several more sweeps, so a test can tell one `OrderFailed` from a repeat recorded later.
 */
export const closedOrderEventsOf = async (db: pg.Pool, orderId: string, timeoutMs = 10_000): Promise<StoredOrderEvent[]> => {
  await waitFor(async () => (await orderEventsOf(db, orderId)).some((e) => e.type === 'OrderFailed'), timeoutMs);
  await new Promise((resolve) => setTimeout(resolve, severalSweepsMs));
  return orderEventsOf(db, orderId);
};
