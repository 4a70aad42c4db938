-- Property Reports, projected from the `report` streams, and what is too large for their events: each section's
-- answer, the branding's logo and the rendered PDF. Each is stored before the event that records its SHA-256, so a
-- recorded section or document always has its bytes.

-- Each report as the status endpoint shows it; `next_step_at` is when its driver should next act (null: nothing to do).
CREATE TABLE reports (
  report_id     text PRIMARY KEY,
  account_id    text NOT NULL,
  status        text NOT NULL,
  requested_at  timestamptz NOT NULL,
  view          jsonb NOT NULL,
  next_step_at  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- The list: an account's reports, newest first, by keyset.
CREATE INDEX reports_account_requested ON reports (account_id, requested_at DESC, report_id DESC);
CREATE INDEX reports_due ON reports (next_step_at) WHERE next_step_at IS NOT NULL;

-- A section's answer: the operation's `data` and `sources`, as asked when the section was assembled.
CREATE TABLE report_sections (
  report_id  text NOT NULL,
  section    text NOT NULL,
  answer     jsonb NOT NULL,
  sha256     text NOT NULL,
  PRIMARY KEY (report_id, section)
);

-- Logos by content: a customer's logo is stored once however many reports draw it.
CREATE TABLE report_logos (
  sha256      text PRIMARY KEY,
  media_type  text NOT NULL,
  bytes       bytea NOT NULL
);

CREATE TABLE report_documents (
  report_id   text PRIMARY KEY,
  account_id  text NOT NULL,
  pdf         bytea NOT NULL,
  sha256      text NOT NULL,
  filename    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Read-model contracts `report_views` and `report_files` (contracts/src/read-models/reports), read by the gateway. The
-- analysis service keeps these columns whatever it does to its tables behind them.
CREATE VIEW report_views AS
  SELECT report_id, account_id, requested_at, view FROM reports;

CREATE VIEW report_files AS
  SELECT report_id, account_id, pdf, sha256, filename FROM report_documents;
