-- The usage projection's memory of each reservation's operation is kept 400 days of business time (a capture or a
-- refund comes within hours or days of its reservation); the pruning finds the old rows by time.
CREATE INDEX account_reservation_operations_by_time ON account_reservation_operations (reserved_at);
