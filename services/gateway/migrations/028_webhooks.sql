-- Webhooks: an account's registrations, the deliveries owed to each (an outbox: a delivery is recorded before it is
-- sent, so a crash loses none) and every attempt made. Plain tables rather than events: no money moves, and the
-- signing secret must never reach the event store, which is relayed to Kafka. The secret is kept encrypted
-- (AES-256-GCM under the key named by secret_key_id), because the sender needs it whole to sign.
CREATE TABLE webhooks (
  webhook_id text PRIMARY KEY,
  account_id text NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  secret_ciphertext bytea NOT NULL,
  secret_nonce bytea NOT NULL,
  secret_key_id text NOT NULL,
  secret_hint text NOT NULL,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX webhooks_live_by_account ON webhooks (account_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  delivery_id text PRIMARY KEY,
  webhook_id text NOT NULL REFERENCES webhooks (webhook_id),
  account_id text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  -- The exact bytes sent, every attempt.
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- Retries stop once this has passed (24 h after the event, or after a manual retry).
  retry_until timestamptz NOT NULL,
  -- A sender holds the row until then; another sender takes it only once the lease has run out (the holder crashed).
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, created_at DESC, delivery_id DESC);

CREATE TABLE webhook_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries (delivery_id),
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  status_code integer,
  error text,
  latency_ms integer NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);
