import type pg from 'pg';
import { isSecret, newSecret, secretHash } from './secrets';

export type TokenPurpose = 'verify' | 'reset';

/** How long a link works: a day to verify an address, an hour to reset a password. */
export const tokenLifetimeMs: Record<TokenPurpose, number> = { verify: 24 * 3_600_000, reset: 3_600_000 };

export interface TokenOwner {
  customerId: string;
  credentialId: string;
}

/** A new link's secret for `owner`'s current credential; only its hash is kept. */
export const issueToken = async (db: pg.Pool, purpose: TokenPurpose, owner: TokenOwner, now: Date): Promise<string> => {
  const token = newSecret();
  await db.query(
    `INSERT INTO account_tokens (token_hash, purpose, customer_id, credential_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [secretHash(token), purpose, owner.customerId, owner.credentialId, now, new Date(now.getTime() + tokenLifetimeMs[purpose])],
  );
  return token;
};

/**
 * Uses a link once: its owner when it is of this purpose, unused and unexpired, else undefined. Using a reset link
 * voids every other reset link of the customer.
 */
export const useToken = async (db: pg.Pool, purpose: TokenPurpose, token: unknown, now: Date): Promise<TokenOwner | undefined> => {
  if (!isSecret(token)) return undefined;
  const { rows } = await db.query<{ customer_id: string; credential_id: string }>(
    `UPDATE account_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING customer_id, credential_id`,
    [secretHash(token), purpose, now],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (purpose === 'reset') {
    await db.query(`UPDATE account_tokens SET used_at = $2 WHERE customer_id = $1 AND purpose = 'reset' AND used_at IS NULL`, [
      row.customer_id,
      now,
    ]);
  }
  return { customerId: row.customer_id, credentialId: row.credential_id };
};

/** Whether a link of this purpose would work, without using it (the reset form is shown before it is sent). */
export const tokenIsLive = async (db: pg.Pool, purpose: TokenPurpose, token: unknown, now: Date): Promise<boolean> => {
  if (!isSecret(token)) return false;
  const { rowCount } = await db.query(
    'SELECT 1 FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3',
    [secretHash(token), purpose, now],
  );
  return (rowCount ?? 0) > 0;
};
