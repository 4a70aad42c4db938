import type { Delivery } from '@pds/contracts';
import type pg from 'pg';
import { retryWindowMs } from './schedule';

// What a webhook's owner sees of its deliveries, and the manual retry. Pages go newest first by (created_at,
// delivery_id); the cursor is that pair for the last row shown, opaque to the caller.

type Row = {
  delivery_id: string;
  event_id: string;
  event_type: Delivery['type'];
  status: Delivery['status'];
  created_at: Date;
  next_attempt_at: Date | null;
  attempts: Array<{ at: string; status_code: number | null; error: string | null; latency_ms: number }>;
};

const select = `
  SELECT d.delivery_id, d.event_id, d.event_type, d.status, d.created_at, d.next_attempt_at,
         COALESCE((SELECT json_agg(json_build_object('at', a.started_at, 'status_code', a.status_code, 'error', a.error,
                                                     'latency_ms', a.latency_ms) ORDER BY a.attempt)
                     FROM webhook_attempts a WHERE a.delivery_id = d.delivery_id), '[]') AS attempts
    FROM webhook_deliveries d`;

const shown = (row: Row): Delivery => ({
  deliveryId: row.delivery_id,
  eventId: row.event_id,
  type: row.event_type,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
  attempts: row.attempts.map((a) => ({
    at: new Date(a.at).toISOString(),
    statusCode: a.status_code,
    error: a.error,
    latencyMs: a.latency_ms,
  })),
});

type Cursor = { createdAt: Date; deliveryId: string };
const writeCursor = (row: Row) => Buffer.from(JSON.stringify([row.created_at.toISOString(), row.delivery_id])).toString('base64url');

/** The position a cursor names, or undefined when the text is not a cursor this endpoint gave. */
export const readCursor = (text: string): Cursor | undefined => {
  try {
    const [at, deliveryId] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at !== 'string' || typeof deliveryId !== 'string' || !/^dlv_[a-z2-7]{26}$/.test(deliveryId)) return undefined;
    const createdAt = new Date(at);
    return Number.isNaN(createdAt.getTime()) ? undefined : { createdAt, deliveryId };
  } catch {
    return undefined;
  }
};

export const deliveryPage = async (
  db: pg.Pool,
  webhookId: string,
  page: { limit: number; after?: Cursor },
): Promise<{ deliveries: Delivery[]; nextCursor: string | null }> => {
  const after = page.after ? 'AND (d.created_at, d.delivery_id) < ($3, $4)' : '';
  const values = [webhookId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.deliveryId] : [])];
  const sql = `${select} WHERE d.webhook_id = $1 ${after} ORDER BY d.created_at DESC, d.delivery_id DESC LIMIT $2`;
  const rows = (await db.query<Row>(sql, values)).rows;
  const shownRows = rows.slice(0, page.limit);
  const last = shownRows[shownRows.length - 1];
  return { deliveries: shownRows.map(shown), nextCursor: rows.length > page.limit && last ? writeCursor(last) : null };
};

/**
 * Queues the delivery to be sent again now, with the same body and event id, and a fresh window of retries; the
 * attempts made so far stay listed. Undefined when the webhook has no such delivery.
 */
export const retryDelivery = async (db: pg.Pool, webhookId: string, deliveryId: string, now: Date): Promise<Delivery | undefined> => {
  const updated = await db.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, retry_until = $4
      WHERE webhook_id = $1 AND delivery_id = $2`,
    [webhookId, deliveryId, now, new Date(now.getTime() + retryWindowMs)],
  );
  if ((updated.rowCount ?? 0) === 0) return undefined;
  const row = (await db.query<Row>(`${select} WHERE d.delivery_id = $1`, [deliveryId])).rows[0];
  return row && shown(row);
};
