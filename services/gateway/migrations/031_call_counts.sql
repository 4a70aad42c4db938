-- Requests each account made with its keys, by UK calendar day and operation: the `calls` of `GET /account/usage`.
-- Counted in each gateway's memory and added here every second, so the hot path writes nothing for them.
CREATE TABLE call_counts (
  account_id    text NOT NULL,
  day           date NOT NULL,
  operation_id  text NOT NULL,
  calls         bigint NOT NULL,
  PRIMARY KEY (account_id, day, operation_id)
);
