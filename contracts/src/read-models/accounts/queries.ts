import { defineQueries } from '../read-model';
import { apiCallers } from './contract';

// The billing ledger's published reads of who holds each API key.

export const apiCallerQueries = defineQueries([apiCallers], {
  /** Whether any key of the account is readable yet (the projection runs just after the account is recorded). */
  accountHasKey: async (db, accountId: string): Promise<boolean> => {
    const sql = `SELECT 1 FROM ${apiCallers.relation} WHERE account_id = $1 LIMIT 1`;
    return ((await db.query(sql, [accountId])).rowCount ?? 0) > 0;
  },
});

/**
 * The callers of a set of keys, as SQL to join in a reader's own statement: for the gateway, which identifies each
 * call and admits it against its own rate-limit tables in one round trip per batch (the charging path's hottest
 * statement), so the lookup cannot be a query of its own. `asked` names the reader's relation holding a `key_hash`
 * column; each of its rows with a known key comes back with the caller's `key_hash`, `account_id`, `plan` and the
 * custom limits (`rate_per_minute`, `rate_per_day`, `rate_per_month`; null: the plan's), as `c`, beside `a` (the asked
 * row).
 */
export const callersOfAskedKeys = (asked: string): string => `${asked} a JOIN ${apiCallers.relation} c ON c.key_hash = a.key_hash`;
