-- The account dashboard's own tables (the gateway's; no other service reads them).

-- The customer streams' projection: who has signed up, with which password, and whether the email is theirs.
CREATE TABLE customers (
  customer_id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  account_id text NOT NULL UNIQUE,
  credential_id text NOT NULL,
  verified_at timestamptz,
  trial_opened_at timestamptz,
  created_at timestamptz NOT NULL
);

-- Password hashes (Argon2id, PHC strings), written before the event that names them; the projection deletes a
-- customer's other rows once an event names a new one.
CREATE TABLE customer_credentials (
  credential_id text PRIMARY KEY,
  customer_id text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_credentials_by_customer ON customer_credentials (customer_id);

-- Signed-in sessions: only the SHA-256 of the cookie's id is kept, so a copy of this table signs no one in.
CREATE TABLE account_sessions (
  session_hash bytea PRIMARY KEY,
  customer_id text NOT NULL,
  account_id text NOT NULL,
  csrf_key bytea NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX account_sessions_by_customer ON account_sessions (customer_id);
CREATE INDEX account_sessions_by_last_seen ON account_sessions (last_seen_at);

-- One-time links (verification, reset), hashed, bound to the credential they were made for, used once.
CREATE TABLE account_tokens (
  token_hash bytea PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  customer_id text NOT NULL,
  credential_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_by_customer ON account_tokens (customer_id, purpose);
CREATE INDEX account_tokens_by_expiry ON account_tokens (expires_at);

-- Failed sign-ins, counted per email (its hash) and per address, in business time, so every gateway agrees.
CREATE TABLE sign_in_failures (
  limit_key text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_by_key ON sign_in_failures (limit_key, failed_at);
