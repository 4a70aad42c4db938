-- Requests each account made with its keys, by UK calendar day and operation: the `calls` of `GET /account/usage`.
-- Counted in each gateway's memory and added here every second, so the hot path writes nothing for them.
CREATE TABLE call_counts (
  account_id    text NOT NULL,
  day           date NOT NULL,
  operation_id  text NOT NULL,
  calls         bigint NOT NULL,
  PRIMARY KEY (account_id, day, operation_id)
);

-- When each key last made a call (to the second it was written: counted in memory, written every second with the calls).
CREATE TABLE api_key_last_used (
  account_id    text NOT NULL,
  key_id        text NOT NULL,
  last_used_at  timestamptz NOT NULL,
  PRIMARY KEY (account_id, key_id)
);
