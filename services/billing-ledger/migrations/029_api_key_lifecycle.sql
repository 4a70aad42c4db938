-- Keys issued, rotated and revoked after an account's opening (ApiKeyIssued, ApiKeyRotated, ApiKeyRevoked). A revoked
-- key's row stays, so the account's key list shows it; `api_callers` leaves it out, and carries a rotated key's end
-- (`expires_at`) for the gateway to compare with each request's time.
ALTER TABLE api_keys
  ADD COLUMN key_id text,
  ADD COLUMN name text,
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN revoked_at timestamptz,
  ADD COLUMN replaced_by_key_id text;
-- Every key before these columns was the one its account was opened with.
UPDATE api_keys SET key_id = 'key_opening', name = 'Key made when the account was opened' WHERE key_id IS NULL;
ALTER TABLE api_keys ALTER COLUMN key_id SET NOT NULL, ALTER COLUMN name SET NOT NULL;
CREATE UNIQUE INDEX api_keys_account_key ON api_keys (account_id, key_id);

-- Read-model contract `api_callers` (contracts/src/read-models/accounts/contract.ts): new columns go last, as a
-- view's columns may only be added at its end.
CREATE OR REPLACE VIEW api_callers AS
  SELECT k.key_hash, k.account_id, b.plan, b.rate_per_minute, b.rate_per_day, b.rate_per_month, k.key_id, k.expires_at
    FROM api_keys k
    JOIN account_balances b USING (account_id)
   WHERE k.revoked_at IS NULL;

-- Read-model contract `account_api_keys`: an account's keys as its owner sees them, without their hashes.
CREATE VIEW account_api_keys AS
  SELECT account_id, key_id, name, key_prefix, created_at, expires_at, revoked_at, replaced_by_key_id
    FROM api_keys;
