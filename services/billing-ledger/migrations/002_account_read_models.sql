-- Read models projected from the account streams; rebuilt by replaying the log from the start.
CREATE TABLE account_balances (
  account_id            text PRIMARY KEY,
  plan                  text NOT NULL,
  granted_credits       bigint NOT NULL DEFAULT 0,
  captured_credits      bigint NOT NULL DEFAULT 0,
  reserved_credits      bigint NOT NULL DEFAULT 0,
  available_credits     bigint GENERATED ALWAYS AS (granted_credits - captured_credits - reserved_credits) STORED,
  opened_at             timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  last_global_position  bigint NOT NULL
);

CREATE TABLE api_keys (
  key_hash    text PRIMARY KEY,
  account_id  text NOT NULL REFERENCES account_balances (account_id),
  key_prefix  text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX api_keys_account ON api_keys (account_id);
