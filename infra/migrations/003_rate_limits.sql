-- Custom (Enterprise) request limits, projected from AccountOpened; null means the plan's limits.
ALTER TABLE account_balances
  ADD COLUMN rate_per_minute integer,
  ADD COLUMN rate_per_day integer,
  ADD COLUMN rate_per_month integer;

-- Requests admitted per account and window, shared by every gateway instance. A request is admitted only when no
-- window would exceed its limit; the increments of a refused request are rolled back.
CREATE TABLE rate_limit_counters (
  account_id    text NOT NULL,
  window_kind   text NOT NULL CHECK (window_kind IN ('minute', 'day', 'month')),
  window_start  timestamptz NOT NULL,
  request_count integer NOT NULL,
  PRIMARY KEY (account_id, window_kind, window_start)
);
CREATE INDEX rate_limit_counters_age ON rate_limit_counters (window_start);
