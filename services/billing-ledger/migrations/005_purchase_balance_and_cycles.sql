-- Credit cycles, refunds, the Purchase Balance (whole pence) and account standing, projected from the account streams.
ALTER TABLE account_balances
  ADD COLUMN credit_cycle         text NOT NULL DEFAULT 'non_renewing',
  ADD COLUMN credits_refresh_at   timestamptz,
  ADD COLUMN refunded_credits     bigint NOT NULL DEFAULT 0,
  ADD COLUMN deposited_pence      bigint NOT NULL DEFAULT 0,
  ADD COLUMN captured_pence       bigint NOT NULL DEFAULT 0,
  ADD COLUMN refunded_pence       bigint NOT NULL DEFAULT 0,
  ADD COLUMN reserved_pence       bigint NOT NULL DEFAULT 0,
  ADD COLUMN quarantined_pence    bigint NOT NULL DEFAULT 0,
  ADD COLUMN debt_recorded_pence  bigint NOT NULL DEFAULT 0,
  ADD COLUMN debt_repaid_pence    bigint NOT NULL DEFAULT 0,
  ADD COLUMN held                 boolean NOT NULL DEFAULT false,
  ADD COLUMN ordering_enabled     boolean NOT NULL DEFAULT false;

-- Refunds give credits back, so the spendable balance counts them.
ALTER TABLE account_balances DROP COLUMN available_credits;
ALTER TABLE account_balances
  ADD COLUMN available_credits bigint GENERATED ALWAYS AS (granted_credits + refunded_credits - captured_credits - reserved_credits) STORED,
  ADD COLUMN available_pence bigint GENERATED ALWAYS AS
    (deposited_pence + refunded_pence - debt_repaid_pence - captured_pence - reserved_pence) STORED;

-- Monthly accounts whose refresh has fallen due; read by the ledger's refresh scheduler.
CREATE INDEX account_balances_refresh_due ON account_balances (credits_refresh_at) WHERE credits_refresh_at IS NOT NULL;

-- Quarantined reservations never expire: they wait for an operator (or the registry's answer) to settle them.
ALTER TABLE pending_reservations
  ADD COLUMN quarantined boolean NOT NULL DEFAULT false,
  ADD COLUMN amount_pence bigint NOT NULL DEFAULT 0;
