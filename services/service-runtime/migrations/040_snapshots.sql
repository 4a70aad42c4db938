-- Snapshots of an aggregate's state, so that loading a long stream reads the latest snapshot and the events after it
-- instead of the whole stream. One row per stream and snapshot version: a newer snapshot replaces an older one, and a
-- snapshot of another version (the state's shape or its evolve changed) is left unread. A snapshot is a cache of the
-- fold of the events: losing one loses nothing, and the events stay the record.
CREATE TABLE snapshots (
  stream_id  text NOT NULL,
  version    integer NOT NULL,
  -- The stream position of the last event folded into the state.
  revision   bigint NOT NULL CHECK (revision >= 0),
  -- json, not jsonb: kept as written and handed back as it is, which for a state of megabytes is most of a load's time
  -- saved (never queried inside, so jsonb's parsing would buy nothing).
  state      json NOT NULL,
  taken_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (stream_id, version)
);
