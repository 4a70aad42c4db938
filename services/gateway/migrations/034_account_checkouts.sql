-- Payments a customer started in the dashboard (Stripe Checkout Sessions): written before Stripe is asked, its id the
-- request's idempotency key, so a double click or a retry after a timeout gets the same session and pays once.
CREATE TABLE account_checkouts (
  checkout_id              text PRIMARY KEY,
  account_id               text NOT NULL,
  purpose                  text NOT NULL CHECK (purpose IN ('subscription', 'top_up', 'plan_upgrade')),
  plan                     text,
  amount_pence             bigint,
  upgrade_subscription_id  text,
  upgrade_from             text,
  upgrade_to               text,
  session_id               text UNIQUE,
  url                      text,
  status                   text NOT NULL DEFAULT 'starting' CHECK (status IN ('starting', 'open', 'completed', 'expired', 'failed')),
  expires_at               timestamptz NOT NULL,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX account_checkouts_account ON account_checkouts (account_id, created_at DESC);
-- One subscription checkout open at a time for an account: two tabs cannot start two subscriptions.
CREATE UNIQUE INDEX account_checkouts_one_subscription ON account_checkouts (account_id)
  WHERE purpose = 'subscription' AND status IN ('starting', 'open');

-- The Stripe customer of each account, from its first completed checkout: later checkouts name it, so Stripe offers
-- the saved card, and events about the customer find their account by it.
CREATE TABLE stripe_customers (
  account_id   text PRIMARY KEY,
  customer_id  text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL
);
