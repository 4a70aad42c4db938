import type { WebhookEventType } from '@pds/contracts';
import type pg from 'pg';
import { deliveryIdFor } from './identifiers';
import { retryWindowMs } from './schedule';
import type { SealedSecret } from './secret-box';

// The deliveries owed, as rows: recorded by the intake before anything is sent, leased by a sender (several gateway
// processes may send; each takes rows the others have not), and updated with each attempt's outcome.

export interface WebhookEvent {
  accountId: string;
  eventId: string;
  type: WebhookEventType;
  /** The JSON sent, byte for byte, on every attempt. */
  body: string;
  /** When the event happened: webhooks registered after it are not told of it. */
  occurredAt: Date;
}

/**
 * One pending delivery for each live webhook of the account subscribed to the event's type; a delivery already
 * recorded for the webhook and event stays as it is, so meeting the event again owes nothing more.
 */
export const recordDeliveries = async (db: pg.Pool, event: WebhookEvent, now: Date): Promise<number> => {
  const subscribed = await db.query<{ webhook_id: string }>(
    `SELECT webhook_id FROM webhooks
      WHERE account_id = $1 AND deleted_at IS NULL AND $2 = ANY (events) AND created_at <= $3`,
    [event.accountId, event.type, event.occurredAt],
  );
  const webhookIds = subscribed.rows.map((r) => r.webhook_id);
  if (webhookIds.length === 0) return 0;
  const deliveryIds = webhookIds.map((id) => deliveryIdFor(id, event.eventId));
  // Joined with the webhooks again, so that one deleted meanwhile is owed nothing.
  const inserted = await db.query(
    `INSERT INTO webhook_deliveries
       (delivery_id, webhook_id, account_id, event_id, event_type, body, status, next_attempt_at, retry_until, created_at)
     SELECT owed.delivery_id, w.webhook_id, w.account_id, $3, $4, $5, 'pending', $6, $7, $6
       FROM unnest($1::text[], $2::text[]) AS owed (webhook_id, delivery_id)
       JOIN webhooks w ON w.webhook_id = owed.webhook_id AND w.deleted_at IS NULL
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [webhookIds, deliveryIds, event.eventId, event.type, event.body, now, new Date(now.getTime() + retryWindowMs)],
  );
  return inserted.rowCount ?? 0;
};

export interface LeasedDelivery {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  retryUntil: Date;
  url: string;
  sealed: SealedSecret;
}

type LeasedRow = {
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  retry_until: Date;
  url: string;
  secret_ciphertext: Buffer;
  secret_nonce: Buffer;
  secret_key_id: string;
};

/**
 * Up to `limit` deliveries due at `now`, each held until `now + leaseMs`: rows another sender is taking at this moment
 * are skipped rather than waited for, and a row whose holder died is taken again once its lease has run out.
 */
export const leaseDue = async (db: pg.Pool, now: Date, leaseMs: number, limit: number): Promise<LeasedDelivery[]> => {
  const { rows } = await db.query<LeasedRow>(
    `WITH due AS (
       SELECT delivery_id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until < $1)
        ORDER BY next_attempt_at
        LIMIT $3
          FOR UPDATE SKIP LOCKED
     ), leased AS (
       UPDATE webhook_deliveries d SET lease_until = $2 FROM due WHERE d.delivery_id = due.delivery_id
       RETURNING d.delivery_id, d.webhook_id, d.event_id, d.event_type, d.body, d.attempts, d.retry_until
     )
     SELECT leased.*, w.url, w.secret_ciphertext, w.secret_nonce, w.secret_key_id
       FROM leased JOIN webhooks w ON w.webhook_id = leased.webhook_id`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows.map((r) => ({
    deliveryId: r.delivery_id,
    webhookId: r.webhook_id,
    eventId: r.event_id,
    eventType: r.event_type,
    body: r.body,
    attempts: r.attempts,
    retryUntil: r.retry_until,
    url: r.url,
    sealed: { keyId: r.secret_key_id, nonce: r.secret_nonce, ciphertext: r.secret_ciphertext },
  }));
};

export interface AttemptOutcome {
  startedAt: Date;
  latencyMs: number;
  statusCode: number | null;
  error: string | null;
  /** What the delivery becomes: delivered, given up, or due again then. */
  next: { status: 'succeeded' } | { status: 'failed' } | { status: 'pending'; at: Date };
}

/**
 * The attempt and what it made of the delivery, in one statement. A delivery cancelled while the attempt ran (its
 * webhook deleted) stays cancelled; the attempt is recorded all the same.
 */
export const recordAttempt = async (db: pg.Pool, deliveryId: string, outcome: AttemptOutcome): Promise<void> => {
  const nextAt = outcome.next.status === 'pending' ? outcome.next.at : null;
  await db.query(
    `WITH counted AS (
       UPDATE webhook_deliveries
          SET attempts = attempts + 1,
              status = CASE WHEN status = 'pending' THEN $2 ELSE status END,
              next_attempt_at = CASE WHEN status = 'pending' THEN $3 ELSE next_attempt_at END,
              lease_until = NULL
        WHERE delivery_id = $1
        RETURNING attempts
     )
     INSERT INTO webhook_attempts (delivery_id, attempt, started_at, status_code, error, latency_ms)
     SELECT $1, attempts, $4, $5, $6, $7 FROM counted`,
    [deliveryId, outcome.next.status, nextAt, outcome.startedAt, outcome.statusCode, outcome.error, outcome.latencyMs],
  );
};
