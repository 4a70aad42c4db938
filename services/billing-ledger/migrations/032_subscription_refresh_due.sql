-- A subscription's balance is refreshed by its paid periods, not by a date, so the refresh scheduler nominates only
-- monthly accounts; its index follows, so a subscription past due (its period's end passed, the payment not yet in)
-- is never scanned.
DROP INDEX IF EXISTS account_balances_refresh_due;
CREATE INDEX account_balances_refresh_due ON account_balances (credits_refresh_at) WHERE credit_cycle = 'monthly';
