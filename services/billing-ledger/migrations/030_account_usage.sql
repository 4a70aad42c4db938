-- What each account spent on what, by UK calendar day (of each event's business time): the ledger's side of
-- `GET /account/usage` and the dashboard's usage page. Projected from the account streams by its own follower
-- (read-model:account-usage), so the balances the gateway authenticates against never wait for it.

-- The operation of every reservation and one-step charge, so a capture or refund (which names only the reservation)
-- is counted against it.
CREATE TABLE account_reservation_operations (
  account_id      text NOT NULL,
  reservation_id  text NOT NULL,
  operation       text NOT NULL,
  reserved_at     timestamptz NOT NULL,
  PRIMARY KEY (account_id, reservation_id)
);

CREATE TABLE account_usage_days (
  account_id        text NOT NULL,
  day               date NOT NULL,
  operation         text NOT NULL,
  charges           bigint NOT NULL DEFAULT 0,
  credits_charged   bigint NOT NULL DEFAULT 0,
  refunds           bigint NOT NULL DEFAULT 0,
  credits_refunded  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day, operation)
);

-- How far the projection has read each account: the business time of its latest event seen (the answer's `asOf`).
CREATE TABLE account_usage_progress (
  account_id            text PRIMARY KEY,
  last_global_position  bigint NOT NULL,
  last_event_at         timestamptz NOT NULL
);

-- Read-model contract `account_usage_days_view` (contracts/src/read-models/account-usage/contract.ts).
CREATE VIEW account_usage_days_view AS
  SELECT u.account_id, u.day, u.operation, u.charges, u.credits_charged, u.refunds, u.credits_refunded
    FROM account_usage_days u;

-- Read-model contract `account_usage_progress_view`.
CREATE VIEW account_usage_progress_view AS
  SELECT account_id, last_global_position, last_event_at FROM account_usage_progress;
