-- Custom (Enterprise) request limits, projected from AccountOpened; null means the plan's limits. (These columns
-- were first added by the gateway's 003_rate_limits.sql; `IF NOT EXISTS` keeps databases migrated then as they are.)
ALTER TABLE account_balances
  ADD COLUMN IF NOT EXISTS rate_per_minute integer,
  ADD COLUMN IF NOT EXISTS rate_per_day integer,
  ADD COLUMN IF NOT EXISTS rate_per_month integer;
