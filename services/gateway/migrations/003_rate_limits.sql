-- Requests admitted per account and window, shared by every gateway instance. A request is admitted only when no
-- window would exceed its limit; the increments of a refused request are rolled back. (The account's custom limits
-- are the ledger's: billing-ledger/migrations/003_account_rate_limits.sql.)
CREATE TABLE IF NOT EXISTS rate_limit_counters (
  account_id    text NOT NULL,
  window_kind   text NOT NULL CHECK (window_kind IN ('minute', 'day', 'month')),
  window_start  timestamptz NOT NULL,
  request_count integer NOT NULL,
  PRIMARY KEY (account_id, window_kind, window_start)
);
CREATE INDEX IF NOT EXISTS rate_limit_counters_age ON rate_limit_counters (window_start);
