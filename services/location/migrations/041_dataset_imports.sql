-- Reference-data imports under way or waiting their turn (location service). A row is a lease held by the process
-- that runs or plans the import: renewed while it works, removed when it ends, and no longer under way once it has run
-- out (the process died). Not a fact of the dataset's history (its stream records each version imported): only what
-- /healthz and the answers built from reference data say while a dataset is still arriving.
CREATE TABLE dataset_imports (
  dataset        text PRIMARY KEY,
  state          text NOT NULL CHECK (state IN ('queued', 'importing')),
  requested_by   text NOT NULL,
  -- Of the files' bytes on disk, read so far (0 to 1); null until the import has started reading.
  fraction_done  double precision,
  rows_read      bigint NOT NULL DEFAULT 0,
  since          timestamptz NOT NULL,
  -- The holder's own id for its lease, so that it renews and removes only a row it still holds.
  lease_id       text NOT NULL,
  lease_until    timestamptz NOT NULL
);

-- Read-model contract `dataset_imports_under_way` (contracts/src/read-models/datasets), read by the gateway. An import
-- of a dataset with no version serving yet is its first: until it lands, answers that need it cannot be given.
CREATE VIEW dataset_imports_under_way AS
  SELECT i.dataset, i.state, i.requested_by, i.fraction_done, i.rows_read, i.since,
         NOT EXISTS (SELECT 1 FROM dataset_versions v WHERE v.dataset = i.dataset AND v.serving) AS first_version
    FROM dataset_imports i
   WHERE i.lease_until > now();
