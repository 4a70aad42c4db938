-- The per-minute limit becomes a sliding window: no more than the limit admitted in any 60 s, where calendar minutes
-- let a burst at hh:mm:59 and another at hh:mm+1:00 through together. Days and months stay UK calendar windows.
--
-- One row per account holds its day and month counts and numbers its admissions; the minute is a log of admission
-- times. Every admission of an account takes that account's row lock first, so admissions of one account are serial
-- across all gateway instances. Admissions are stamped with business time, never earlier than the account's previous
-- admission (gateway clocks differ by milliseconds), so an account's log is in time order and the admissions of the
-- last 60 s are the newest ones: their count is admissions_total minus the number of the oldest one still inside.
CREATE TABLE rate_limit_accounts (
  account_id        text PRIMARY KEY,
  -- Admissions recorded so far; the next one is numbered this. Greater than every seq in rate_limit_admissions.
  admissions_total  bigint NOT NULL,
  last_admitted_at  timestamptz NOT NULL,
  day_start         timestamptz NOT NULL,
  day_admissions    integer NOT NULL,
  month_start       timestamptz NOT NULL,
  month_admissions  integer NOT NULL
);

-- The minute log: one row per admission, kept until it is 2 minutes old (then rate_limit_sweep drops it).
CREATE TABLE rate_limit_admissions (
  account_id   text NOT NULL,
  admitted_at  timestamptz NOT NULL,
  seq          bigint NOT NULL,
  PRIMARY KEY (account_id, admitted_at, seq)
);

-- Decides one request and, when it is admitted, records it; a refused request writes nothing. One statement, so one
-- round trip. Returns what the account had used before this request (the gateway works out its headers from that):
-- the stamp given to this request, the admissions of the 60 s before it (later than stamped_at - 60 s), the oldest of
-- them, and, when the minute is full, the admission whose leaving makes room (the p_per_minute-th newest).
-- Lock order: the account's row, then nothing that another admission could hold, so admissions cannot deadlock;
-- the sweep takes its locks with SKIP LOCKED and never waits.
CREATE FUNCTION rate_limit_admit(
  p_account_id  text,
  p_now         timestamptz,
  p_per_minute  integer,
  p_day_start   timestamptz,
  p_per_day     integer,
  p_month_start timestamptz,
  p_per_month   integer
) RETURNS TABLE (
  admitted            boolean,
  stamped_at          timestamptz,
  minute_used         integer,
  minute_oldest_at    timestamptz,
  minute_limiting_at  timestamptz,
  day_used            integer,
  month_used          integer
) LANGUAGE plpgsql AS $$
DECLARE
  account_row  rate_limit_accounts;
  oldest_seq   bigint;
BEGIN
  SELECT * INTO account_row FROM rate_limit_accounts a WHERE a.account_id = p_account_id FOR UPDATE;
  IF NOT FOUND THEN
    -- First admission, or the first since the sweep dropped an idle account. The upsert returns the row locked even
    -- when a concurrent request created it first. Numbering continues after any admission still in the log.
    INSERT INTO rate_limit_accounts AS a
    VALUES (
      p_account_id,
      coalesce((SELECT max(l.seq) + 1 FROM rate_limit_admissions l WHERE l.account_id = p_account_id), 0),
      '-infinity', p_day_start, 0, p_month_start, 0
    )
    ON CONFLICT (account_id) DO UPDATE SET account_id = a.account_id
    RETURNING * INTO account_row;
  END IF;

  stamped_at := greatest(p_now, account_row.last_admitted_at);
  day_used := CASE WHEN account_row.day_start = p_day_start THEN account_row.day_admissions ELSE 0 END;
  month_used := CASE WHEN account_row.month_start = p_month_start THEN account_row.month_admissions ELSE 0 END;
  SELECT l.seq, l.admitted_at INTO oldest_seq, minute_oldest_at
    FROM rate_limit_admissions l
   WHERE l.account_id = p_account_id AND l.admitted_at > stamped_at - interval '60 seconds'
   ORDER BY l.admitted_at, l.seq
   LIMIT 1;
  minute_used := CASE WHEN oldest_seq IS NULL THEN 0 ELSE account_row.admissions_total - oldest_seq END;

  admitted := minute_used < p_per_minute AND day_used < p_per_day AND month_used < p_per_month;
  IF admitted THEN
    INSERT INTO rate_limit_admissions (account_id, admitted_at, seq) VALUES (p_account_id, stamped_at, account_row.admissions_total);
    UPDATE rate_limit_accounts a
       SET admissions_total = a.admissions_total + 1,
           last_admitted_at = stamped_at,
           day_start = p_day_start,
           day_admissions = day_used + 1,
           month_start = p_month_start,
           month_admissions = month_used + 1
     WHERE a.account_id = p_account_id;
  ELSIF minute_used >= p_per_minute THEN
    -- More than p_per_minute inside only after the limit was lowered; then more than the oldest must leave.
    SELECT l.admitted_at INTO minute_limiting_at
      FROM rate_limit_admissions l
     WHERE l.account_id = p_account_id AND l.admitted_at > stamped_at - interval '60 seconds'
     ORDER BY l.admitted_at, l.seq
    OFFSET minute_used - p_per_minute
     LIMIT 1;
  END IF;
  RETURN NEXT;
END
$$;

-- Drops admissions 2 minutes old (a minute past any window that could hold them) and accounts idle since before
-- this UK month (their day and month counts are spent windows and their log is empty), at most p_batch rows of
-- each per call. SKIP LOCKED: rows an admission holds are left for the next sweep, so the sweep never waits.
CREATE FUNCTION rate_limit_sweep(p_now timestamptz, p_month_start timestamptz, p_batch integer) RETURNS integer
LANGUAGE sql AS $$
  WITH old_admissions AS (
    SELECT account_id, admitted_at, seq FROM rate_limit_admissions
     WHERE admitted_at < p_now - interval '2 minutes'
     LIMIT p_batch FOR UPDATE SKIP LOCKED
  ), idle_accounts AS (
    SELECT account_id FROM rate_limit_accounts
     WHERE month_start < p_month_start AND last_admitted_at < p_now - interval '2 minutes'
     LIMIT p_batch FOR UPDATE SKIP LOCKED
  ), dropped_admissions AS (
    DELETE FROM rate_limit_admissions l USING old_admissions o
     WHERE (l.account_id, l.admitted_at, l.seq) = (o.account_id, o.admitted_at, o.seq)
    RETURNING 1
  ), dropped_accounts AS (
    DELETE FROM rate_limit_accounts a USING idle_accounts i WHERE a.account_id = i.account_id RETURNING 1
  )
  SELECT ((SELECT count(*) FROM dropped_admissions) + (SELECT count(*) FROM dropped_accounts))::integer
$$;

-- Carried over from the calendar counters, so that this migration neither resets anyone's day and month nor lets a
-- caller who just used their minute start a new one. Admissions of a calendar minute [s, s + 1 min) all happened
-- before s + 1 min (or now), so they are stamped then: they leave the sliding minute no earlier than they really do.
INSERT INTO rate_limit_accounts (account_id, admissions_total, last_admitted_at, day_start, day_admissions, month_start, month_admissions)
SELECT m.account_id, 0, '-infinity', coalesce(d.window_start, '-infinity'), coalesce(d.request_count, 0), m.window_start, m.request_count
  FROM (SELECT DISTINCT ON (account_id) account_id, window_start, request_count FROM rate_limit_counters
         WHERE window_kind = 'month' ORDER BY account_id, window_start DESC) m
  LEFT JOIN (SELECT DISTINCT ON (account_id) account_id, window_start, request_count FROM rate_limit_counters
              WHERE window_kind = 'day' ORDER BY account_id, window_start DESC) d ON d.account_id = m.account_id;

INSERT INTO rate_limit_admissions (account_id, admitted_at, seq)
SELECT c.account_id, least(c.window_start + interval '1 minute', now()),
       row_number() OVER (PARTITION BY c.account_id ORDER BY c.window_start) - 1
  FROM rate_limit_counters c CROSS JOIN generate_series(1, c.request_count)
 WHERE c.window_kind = 'minute' AND c.window_start > now() - interval '2 minutes';

UPDATE rate_limit_accounts a
   SET admissions_total = l.admissions, last_admitted_at = l.last_at
  FROM (SELECT account_id, count(*) AS admissions, max(admitted_at) AS last_at FROM rate_limit_admissions GROUP BY account_id) l
 WHERE l.account_id = a.account_id;

DROP TABLE rate_limit_counters;
