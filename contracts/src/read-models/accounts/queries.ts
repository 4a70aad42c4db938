import type { z } from '../../zod';
import { defineQueries } from '../read-model';
import { accountApiKeys, apiCallers } from './contract';

// The billing ledger's published reads of who holds each API key.

export type AccountApiKeyRow = z.output<typeof accountApiKeys.row>;

export const apiCallerQueries = defineQueries([apiCallers], {
  /** Whether any key of the account is readable yet (the projection runs just after the account is recorded). */
  accountHasKey: async (db, accountId: string): Promise<boolean> => {
    const sql = `SELECT 1 FROM ${apiCallers.relation} WHERE account_id = $1 LIMIT 1`;
    return ((await db.query(sql, [accountId])).rowCount ?? 0) > 0;
  },
});

const keyColumns = 'account_id, key_id, name, key_prefix, created_at, expires_at, revoked_at, replaced_by_key_id';

export const apiKeyQueries = defineQueries([accountApiKeys], {
  /** The account's keys, newest first, revoked ones included. */
  keysOf: async (db, accountId: string): Promise<AccountApiKeyRow[]> => {
    const sql = `SELECT ${keyColumns} FROM ${accountApiKeys.relation} WHERE account_id = $1 ORDER BY created_at DESC, key_id`;
    return (await db.query<AccountApiKeyRow>(sql, [accountId])).rows;
  },

  /** One key of the account; undefined for another account's key or none (so neither can be told apart). */
  keyOf: async (db, accountId: string, keyId: string): Promise<AccountApiKeyRow | undefined> => {
    const sql = `SELECT ${keyColumns} FROM ${accountApiKeys.relation} WHERE account_id = $1 AND key_id = $2`;
    return (await db.query<AccountApiKeyRow>(sql, [accountId, keyId])).rows[0];
  },
});

/**
 * The callers of a set of keys, as SQL to join in a reader's own statement: for the gateway, which identifies each
 * call and admits it against its own rate-limit tables in one round trip per batch (the charging path's hottest
 * statement), so the lookup cannot be a query of its own. `asked` names the reader's relation holding a `key_hash`
 * column and a `stamp` column (when the call was made); each of its rows with a key that authenticates at its stamp
 * comes back with the caller's `key_hash`, `key_id`, `account_id`, `plan` and the custom limits (`rate_per_minute`,
 * `rate_per_day`, `rate_per_month`; null: the plan's), as `c`, beside `a` (the asked row). A revoked key is not in the
 * view; a rotated key answers until its `expires_at`.
 */
export const callersOfAskedKeys = (asked: string): string =>
  `${asked} a JOIN ${apiCallers.relation} c ON c.key_hash = a.key_hash AND (c.expires_at IS NULL OR c.expires_at > a.stamp)`;
