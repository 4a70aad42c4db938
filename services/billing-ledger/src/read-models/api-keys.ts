import type { ledgerEvents } from '@pds/contracts';
import type pg from 'pg';

/**
 * Keys issued, rotated and revoked, into `api_keys` (behind the views `api_callers` and `account_api_keys`). Applied
 * with the balances in the same transaction, so the gateway stops admitting a revoked key as soon as the account's
 * row shows the event.
 */
export const projectKey = async (tx: pg.PoolClient, e: ledgerEvents.LedgerEvent): Promise<void> => {
  switch (e.type) {
    case 'ApiKeyIssued': {
      const d = e.data;
      await tx.query(
        `INSERT INTO api_keys (key_hash, account_id, key_prefix, created_at, key_id, name) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key_hash) DO NOTHING`,
        [d.keyHash, d.accountId, d.keyPrefix, d.issuedAt, d.keyId, d.name],
      );
      return;
    }
    case 'ApiKeyRotated':
      await tx.query('UPDATE api_keys SET expires_at = $3, replaced_by_key_id = $4 WHERE account_id = $1 AND key_id = $2', [
        e.data.accountId,
        e.data.keyId,
        e.data.expiresAt,
        e.data.replacedByKeyId,
      ]);
      return;
    case 'ApiKeyRevoked':
      await tx.query('UPDATE api_keys SET revoked_at = $3 WHERE account_id = $1 AND key_id = $2', [
        e.data.accountId,
        e.data.keyId,
        e.data.revokedAt,
      ]);
      return;
    default:
      return;
  }
};
