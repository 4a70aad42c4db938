-- rate_limit_sweep finds each account's old admissions through the log's own key, (account_id, admitted_at), and
-- deletes them by their tuple ids. 007's form picked old rows by a scan of the whole log and joined them back to the
-- log for its DELETE, so each statement of a sweep read the whole log: with one account admitted 1,000 times a second
-- (a log of 190,000 rows when the sweep comes, 63,000 to drop, in 7 statements) a sweep took 760 ms of PostgreSQL at
-- once, every minute; this form takes 200 ms (bench:rate-limit-sweep, medians of 4).
--
-- Unchanged: at most p_batch admissions and p_batch idle accounts a call; rows locked elsewhere are skipped (SKIP
-- LOCKED), so the sweep never waits; admissions of an account whose row has gone are found too, as the accounts are
-- read from the log (a skip scan of its key: one index descent per account), not from rate_limit_accounts. Each
-- account's old rows go oldest first, the accounts in key order; a row this statement has locked cannot move, so its
-- tuple id still names it when the DELETE comes.
CREATE OR REPLACE FUNCTION rate_limit_sweep(p_now timestamptz, p_month_start timestamptz, p_batch integer) RETURNS integer
LANGUAGE sql AS $$
  WITH RECURSIVE logged(account_id) AS (
    (SELECT l.account_id FROM rate_limit_admissions l ORDER BY l.account_id LIMIT 1)
    UNION ALL
    SELECT (SELECT l.account_id FROM rate_limit_admissions l WHERE l.account_id > logged.account_id ORDER BY l.account_id LIMIT 1)
      FROM logged WHERE logged.account_id IS NOT NULL
  ), old_admissions AS (
    SELECT o.ctid
      FROM logged
     CROSS JOIN LATERAL (
       SELECT l.ctid FROM rate_limit_admissions l
        WHERE l.account_id = logged.account_id AND l.admitted_at < p_now - interval '2 minutes'
        ORDER BY l.admitted_at
        LIMIT p_batch
          FOR UPDATE SKIP LOCKED) o
     LIMIT p_batch
  ), idle_accounts AS (
    SELECT account_id FROM rate_limit_accounts
     WHERE month_start < p_month_start AND last_admitted_at < p_now - interval '2 minutes'
     LIMIT p_batch FOR UPDATE SKIP LOCKED
  ), dropped_admissions AS (
    DELETE FROM rate_limit_admissions l WHERE l.ctid = ANY (ARRAY(SELECT ctid FROM old_admissions)) RETURNING 1
  ), dropped_accounts AS (
    DELETE FROM rate_limit_accounts a USING idle_accounts i WHERE a.account_id = i.account_id RETURNING 1
  )
  SELECT ((SELECT count(*) FROM dropped_admissions) + (SELECT count(*) FROM dropped_accounts))::integer
$$;
