-- rate_limit_admit_many (024) kept the window's oldest admission from one request to the next and looked it up again
-- only once it had left the window, on the belief that windows only move forward. They can move back: a request is
-- stamped no earlier than the account's last admitted one, but a refused request's stamp is not kept, so after a
-- clock goes back the next request's window starts earlier than the refused one's, and an admission that had left is
-- inside again (the property of admit-many.int.spec.ts found it: 6 counted where rate_limit_admit counts 7). The
-- oldest is now looked up for every request (an index probe); the row is still locked and written once for the run
-- and the admissions inserted together. Otherwise as 024.
CREATE OR REPLACE FUNCTION rate_limit_admit_many(
  p_account_id  text,
  p_now         timestamptz[],
  p_per_minute  integer,
  p_day_start   timestamptz[],
  p_per_day     integer,
  p_month_start timestamptz[],
  p_per_month   integer
) RETURNS TABLE (
  k                   integer,
  admitted            boolean,
  stamped_at          timestamptz,
  minute_used         integer,
  minute_oldest_at    timestamptz,
  minute_limiting_at  timestamptz,
  day_used            integer,
  month_used          integer
) LANGUAGE plpgsql AS $$
DECLARE
  account_row   rate_limit_accounts;
  -- This call's admissions not yet inserted, in order; the first of them is numbered pending_first_seq.
  pending_at    timestamptz[] := '{}';
  pending_first_seq bigint;
  -- The window's oldest admission (null: none inside).
  oldest_seq    bigint;
  oldest_at     timestamptz;
  window_start  timestamptz;
  changed       boolean := false;
BEGIN
  SELECT * INTO account_row FROM rate_limit_accounts a WHERE a.account_id = p_account_id FOR UPDATE;
  IF NOT FOUND THEN
    -- As rate_limit_admit: the upsert returns the row locked even when a concurrent request created it first.
    INSERT INTO rate_limit_accounts AS a
    VALUES (
      p_account_id,
      coalesce((SELECT max(l.seq) + 1 FROM rate_limit_admissions l WHERE l.account_id = p_account_id), 0),
      '-infinity', p_day_start[1], 0, p_month_start[1], 0
    )
    ON CONFLICT (account_id) DO UPDATE SET account_id = a.account_id
    RETURNING * INTO account_row;
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_now, 1), 0) LOOP
    k := i;
    minute_limiting_at := NULL;
    stamped_at := greatest(p_now[i], account_row.last_admitted_at);
    window_start := stamped_at - interval '60 seconds';
    day_used := CASE WHEN account_row.day_start = p_day_start[i] THEN account_row.day_admissions ELSE 0 END;
    month_used := CASE WHEN account_row.month_start = p_month_start[i] THEN account_row.month_admissions ELSE 0 END;

    -- Looked up for each request: a window can start earlier than the one before it (a refused request's stamp is
    -- not kept, so after a clock goes back the next stamp is earlier), and an admission that had left is inside again.
    oldest_seq := NULL;
    oldest_at := NULL;
    SELECT l.seq, l.admitted_at INTO oldest_seq, oldest_at
      FROM rate_limit_admissions l
     WHERE l.account_id = p_account_id AND l.admitted_at > window_start
     ORDER BY l.admitted_at, l.seq
     LIMIT 1;
    IF oldest_seq IS NULL THEN
      FOR j IN 1 .. coalesce(array_length(pending_at, 1), 0) LOOP
        IF pending_at[j] > window_start THEN
          oldest_seq := pending_first_seq + j - 1;
          oldest_at := pending_at[j];
          EXIT;
        END IF;
      END LOOP;
    END IF;
    minute_oldest_at := oldest_at;
    minute_used := CASE WHEN oldest_seq IS NULL THEN 0 ELSE account_row.admissions_total - oldest_seq END;

    admitted := minute_used < p_per_minute AND day_used < p_per_day AND month_used < p_per_month;
    IF admitted THEN
      IF pending_first_seq IS NULL OR array_length(pending_at, 1) IS NULL THEN
        pending_first_seq := account_row.admissions_total;
      END IF;
      pending_at := pending_at || stamped_at;
      account_row.admissions_total := account_row.admissions_total + 1;
      account_row.last_admitted_at := stamped_at;
      account_row.day_start := p_day_start[i];
      account_row.day_admissions := day_used + 1;
      account_row.month_start := p_month_start[i];
      account_row.month_admissions := month_used + 1;
      changed := true;
    ELSIF minute_used >= p_per_minute THEN
      -- More than p_per_minute inside only after the limit was lowered; then more than the oldest must leave.
      IF array_length(pending_at, 1) IS NOT NULL THEN
        INSERT INTO rate_limit_admissions (account_id, admitted_at, seq)
        SELECT p_account_id, a.at, pending_first_seq + a.n - 1 FROM unnest(pending_at) WITH ORDINALITY AS a(at, n);
        pending_at := '{}';
        pending_first_seq := NULL;
      END IF;
      SELECT l.admitted_at INTO minute_limiting_at
        FROM rate_limit_admissions l
       WHERE l.account_id = p_account_id AND l.admitted_at > window_start
       ORDER BY l.admitted_at, l.seq
      OFFSET minute_used - p_per_minute
       LIMIT 1;
    END IF;
    RETURN NEXT;
  END LOOP;

  IF array_length(pending_at, 1) IS NOT NULL THEN
    INSERT INTO rate_limit_admissions (account_id, admitted_at, seq)
    SELECT p_account_id, a.at, pending_first_seq + a.n - 1 FROM unnest(pending_at) WITH ORDINALITY AS a(at, n);
  END IF;
  IF changed THEN
    UPDATE rate_limit_accounts a
       SET admissions_total = account_row.admissions_total,
           last_admitted_at = account_row.last_admitted_at,
           day_start = account_row.day_start,
           day_admissions = account_row.day_admissions,
           month_start = account_row.month_start,
           month_admissions = account_row.month_admissions
     WHERE a.account_id = p_account_id;
  END IF;
END
$$;
