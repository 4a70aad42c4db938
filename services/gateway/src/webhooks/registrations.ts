import { webhooksPerAccountMax, type CreatedWebhook, type Webhook, type WebhookCreateRequest } from '@pds/contracts';
import type pg from 'pg';
import { newWebhookId } from './identifiers';
import { newSigningSecret, sealSecret, secretHint, type SecretKeys } from './secret-box';

// An account's webhooks, in the gateway's own tables. The secret leaves here once, in what `register` returns; the
// rows read back never carry it (nor its sealed form).

type Row = {
  webhook_id: string;
  url: string;
  events: Webhook['events'];
  description: string | null;
  created_at: Date;
  secret_hint: string;
};
const columns = 'webhook_id, url, events, description, created_at, secret_hint';
const shown = (row: Row): Webhook => ({
  webhookId: row.webhook_id,
  url: row.url,
  events: row.events,
  description: row.description,
  createdAt: row.created_at.toISOString(),
  secretHint: row.secret_hint,
});

/** The new webhook with its secret; `limit_reached` when the account has its fill already. */
export const registerWebhook = async (
  db: pg.Pool,
  keys: SecretKeys,
  request: WebhookCreateRequest & { accountId: string; now: Date },
): Promise<CreatedWebhook | 'limit_reached'> => {
  const webhookId = newWebhookId();
  const secret = newSigningSecret();
  const sealed = sealSecret(keys, webhookId, secret);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    // Two registrations of one account at once would both see room for one more: they take turns here.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhooks:${request.accountId}`]);
    const live = await client.query('SELECT 1 FROM webhooks WHERE account_id = $1 AND deleted_at IS NULL', [request.accountId]);
    if ((live.rowCount ?? 0) >= webhooksPerAccountMax) {
      await client.query('ROLLBACK');
      return 'limit_reached';
    }
    const inserted = await client.query<Row>(
      `INSERT INTO webhooks (webhook_id, account_id, url, events, description, secret_ciphertext, secret_nonce, secret_key_id, secret_hint, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${columns}`,
      [
        webhookId,
        request.accountId,
        request.url,
        request.events,
        request.description ?? null,
        sealed.ciphertext,
        sealed.nonce,
        sealed.keyId,
        secretHint(secret),
        request.now,
      ],
    );
    await client.query('COMMIT');
    return { ...shown(inserted.rows[0] as Row), secret };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/** The account's live webhooks, oldest first. */
export const listWebhooks = async (db: pg.Pool, accountId: string): Promise<Webhook[]> => {
  const sql = `SELECT ${columns} FROM webhooks WHERE account_id = $1 AND deleted_at IS NULL ORDER BY created_at, webhook_id`;
  return (await db.query<Row>(sql, [accountId])).rows.map(shown);
};

/** Whether the account has this live webhook. */
export const hasWebhook = async (db: pg.Pool, accountId: string, webhookId: string): Promise<boolean> => {
  const sql = 'SELECT 1 FROM webhooks WHERE webhook_id = $1 AND account_id = $2 AND deleted_at IS NULL';
  return ((await db.query(sql, [webhookId, accountId])).rowCount ?? 0) > 0;
};

/** Deletes the webhook and cancels what it is still owed, in one step; false when the account has no such live webhook. */
export const deleteWebhook = async (db: pg.Pool, accountId: string, webhookId: string, now: Date): Promise<boolean> => {
  const sql = `
    WITH deleted AS (
      UPDATE webhooks SET deleted_at = $3 WHERE webhook_id = $1 AND account_id = $2 AND deleted_at IS NULL RETURNING webhook_id
    ), cancelled AS (
      UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL
       WHERE webhook_id IN (SELECT webhook_id FROM deleted) AND status = 'pending'
    )
    SELECT webhook_id FROM deleted`;
  return ((await db.query(sql, [webhookId, accountId, now])).rowCount ?? 0) > 0;
};
