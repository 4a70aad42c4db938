-- Reservations not yet captured, released or expired, with when the ledger voids them; read by the expiry sweeper.
CREATE TABLE pending_reservations (
  account_id      text NOT NULL,
  reservation_id  text NOT NULL,
  amount_credits  integer NOT NULL,
  expires_at      timestamptz NOT NULL,
  PRIMARY KEY (account_id, reservation_id)
);
CREATE INDEX pending_reservations_due ON pending_reservations (expires_at);
