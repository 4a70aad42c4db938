-- Read-model contract `api_callers` (contracts/src/read-models/accounts.ts), read by the gateway to authenticate
-- every request. The ledger may change its tables freely as long as this view keeps these columns.
CREATE VIEW api_callers AS
  SELECT k.key_hash, k.account_id, b.plan, b.rate_per_minute, b.rate_per_day, b.rate_per_month
    FROM api_keys k
    JOIN account_balances b USING (account_id);
