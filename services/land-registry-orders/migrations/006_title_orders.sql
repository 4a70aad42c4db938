-- Official-copy orders as the status endpoint shows them, projected from the `titleorder` streams. `view` is the
-- REST title order; `next_step_at` is when the order's driver should next act (null: nothing to do, e.g. completed).
CREATE TABLE title_orders (
  order_id        text PRIMARY KEY,
  account_id      text NOT NULL,
  status          text NOT NULL,
  view            jsonb NOT NULL,
  next_step_at    timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX title_orders_account ON title_orders (account_id);
CREATE INDEX title_orders_due ON title_orders (next_step_at) WHERE next_step_at IS NOT NULL;

-- The delivered PDFs and their transcriptions. Too big for events: an event records each document's SHA-256, and
-- the bytes are stored here before that event is appended, so a recorded delivery always has its document.
CREATE TABLE title_order_documents (
  document_id     text PRIMARY KEY,
  order_id        text NOT NULL,
  account_id      text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('register', 'plan')),
  pdf             bytea NOT NULL,
  sha256          text NOT NULL,
  text            text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX title_order_documents_order ON title_order_documents (order_id);
