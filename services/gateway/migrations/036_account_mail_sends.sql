-- Mail the dashboard sent because someone asked (a sign-up's link, a reset link), per recipient (its email's hash)
-- and per asking address, in business time: a stranger cannot make it mail one inbox, or many, without end.
CREATE TABLE account_mail_sends (
  limit_key text NOT NULL,
  sent_at   timestamptz NOT NULL
);
CREATE INDEX account_mail_sends_by_key ON account_mail_sends (limit_key, sent_at);
