-- The event store: one table of events, per-stream positions for optimistic concurrency, and a global log ordered by
-- (transaction_id, global_position) that readers follow only past pg_snapshot_xmin, so that an event whose
-- transaction commits late is never skipped by a reader that already went past its global_position.
CREATE TABLE events (
  global_position  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id   xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id         uuid NOT NULL UNIQUE,
  stream_id        text NOT NULL,
  stream_position  bigint NOT NULL CHECK (stream_position >= 0),
  category         text GENERATED ALWAYS AS (split_part(stream_id, '-', 1)) STORED,
  type             text NOT NULL,
  data             jsonb NOT NULL,
  metadata         jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT events_stream_position_unique UNIQUE (stream_id, stream_position)
);
CREATE INDEX events_log_order ON events (transaction_id, global_position);
CREATE INDEX events_category_log_order ON events (category, transaction_id, global_position);

-- Where each follower of the global log (Kafka relay, projections) has got to.
CREATE TABLE log_checkpoints (
  name             text PRIMARY KEY,
  transaction_id   xid8 NOT NULL,
  global_position  bigint NOT NULL,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
