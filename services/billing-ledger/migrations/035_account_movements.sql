-- Each account's money movements, one row per ledger event that moves its credits or Purchase Balance (per-call
-- charges and refunds aside: account_usage_days counts those) or changes its plan or subscription, dated by the
-- event's business time and its UK calendar month. Written by the usage projection (read-model:account-usage) in the
-- same transaction as the usage days, so a statement's credits and pence are read at one position.
CREATE TABLE account_movements (
  account_id       text NOT NULL,
  global_position  bigint NOT NULL,
  at               timestamptz NOT NULL,
  month            text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  kind             text NOT NULL,
  reference_id     text,
  operation        text,
  amount_credits   bigint NOT NULL DEFAULT 0,
  amount_pence     bigint NOT NULL DEFAULT 0,
  description      text NOT NULL,
  PRIMARY KEY (account_id, global_position)
);
CREATE INDEX account_movements_by_month ON account_movements (account_id, month, global_position);

-- Read-model contract `account_movements_view` (contracts/src/read-models/account-movements/contract.ts).
CREATE VIEW account_movements_view AS
  SELECT account_id, global_position, at, month, kind, reference_id, operation, amount_credits, amount_pence, description
    FROM account_movements;

-- The usage projection replays the ledger from its first event, so the movements start with each account's opening.
TRUNCATE account_usage_days, account_reservation_operations, account_usage_progress;
DELETE FROM log_checkpoints WHERE name = 'read-model:account-usage';
