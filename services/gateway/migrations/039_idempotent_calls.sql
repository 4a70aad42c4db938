-- Per-call operations sent with an Idempotency-Key: one row per account and key, claimed by the gateway that takes
-- the first call (INSERT … ON CONFLICT DO NOTHING), holding the answer once there is one, so that a repeat within
-- 24 hours is answered with it and charged nothing more. Several gateways share it: the claim, the wait and the take-over
-- are decided here, not in any one process's memory.
CREATE TABLE idempotent_calls (
  account_id       text NOT NULL,
  idempotency_key  text NOT NULL,
  -- SHA-256 (hex) of the canonical JSON of the operation id and its validated, normalised input.
  fingerprint      text NOT NULL,
  operation_id     text NOT NULL,
  -- The attempt's ledger reservation id: kept while the call is unsettled, so a gateway that takes the call over
  -- charges under the same id (the ledger records an id once), and replaced once the attempt is known to have charged nothing.
  reservation_id   text NOT NULL,
  -- Database time: until then the gateway that claimed the call is doing it; past it, a repeat may take it over.
  -- Null once the answer is stored.
  lease_until      timestamptz,
  -- The answer to replay: HTTP status, the payload (data and sources) and the credits the first call was charged.
  answer_status    smallint,
  answer           jsonb,
  charged_credits  integer,
  -- Business time: 24 hours from the first call; after it the key is free again.
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (account_id, idempotency_key),
  CHECK ((answer IS NULL) = (lease_until IS NOT NULL))
);

CREATE INDEX idempotent_calls_expiry ON idempotent_calls (expires_at);
