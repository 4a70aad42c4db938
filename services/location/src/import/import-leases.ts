import type { Queryable } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import type { Progress } from './progress';

// Who is importing what, for those waiting on it: each import (and each import planned to run after others) holds a
// lease on its dataset's row of `dataset_imports` (migration 041), renewed while the process lives and removed when it
// ends. /healthz lists them, and while a dataset's first version is still arriving the answers that would need it say
// so instead of "not found". A lease that runs out (its process died) is no longer under way, with nothing to clear.

/** How long a lease holds without renewal, and how often the holder renews it (with its progress). */
const leaseSeconds = 60;
const renewEveryMs = 5_000;

export interface ImportLease {
  /** `progress`, with how far the import is also written on each renewal. */
  recording(progress: Progress): Progress;
  /** Renews the lease now (it renews itself every few seconds until released), with how far the import is. */
  renew(): Promise<void>;
  /** Ends the lease (the import or the plan is over, landed or not). */
  release(): Promise<void>;
}

const renewing = (renew: () => Promise<void>, onError: (error: unknown) => void) => {
  const timer = setInterval(() => void renew().catch(onError), renewEveryMs);
  timer.unref();
  return timer;
};

/**
 * Marks `datasets` as waiting their turn, asked by `requestedBy` (a plan of imports run one after another, such as the
 * demo data): leased until released. A dataset already leased by someone else is left to them.
 */
export const queueImports = async (
  db: Queryable,
  datasets: readonly string[],
  requestedBy: string,
  onError: (error: unknown) => void,
): Promise<Pick<ImportLease, 'renew' | 'release'>> => {
  const leaseId = randomUUID();
  await db.query(
    `INSERT INTO dataset_imports (dataset, state, requested_by, since, lease_id, lease_until)
     SELECT d, 'queued', $2, now(), $3, now() + make_interval(secs => $4) FROM unnest($1::text[]) d
     ON CONFLICT (dataset) DO UPDATE SET state = 'queued', requested_by = excluded.requested_by, fraction_done = NULL,
       rows_read = 0, since = excluded.since, lease_id = excluded.lease_id, lease_until = excluded.lease_until
     WHERE dataset_imports.lease_until <= now()`,
    [datasets, requestedBy, leaseId, leaseSeconds],
  );
  // Only the rows this plan still holds: one an import has taken is renewed by that import.
  const renew = async () => {
    await db.query('UPDATE dataset_imports SET lease_until = now() + make_interval(secs => $2) WHERE lease_id = $1', [
      leaseId,
      leaseSeconds,
    ]);
  };
  const timer = renewing(renew, onError);
  return {
    renew,
    release: async () => {
      clearInterval(timer);
      await db.query('DELETE FROM dataset_imports WHERE lease_id = $1', [leaseId]);
    },
  };
};

/**
 * Leases `dataset` for an import starting now, taking over its row: a queued one keeps who asked for it (the plan it
 * belongs to). Of two imports of one dataset at once, the later holds the row.
 */
export const leaseImport = async (
  db: Queryable,
  dataset: string,
  requestedBy: string,
  onError: (error: unknown) => void,
): Promise<ImportLease> => {
  const leaseId = randomUUID();
  await db.query(
    `INSERT INTO dataset_imports (dataset, state, requested_by, fraction_done, since, lease_id, lease_until)
     VALUES ($1, 'importing', $2, 0, now(), $3, now() + make_interval(secs => $4))
     ON CONFLICT (dataset) DO UPDATE SET state = 'importing', fraction_done = 0, rows_read = 0, since = excluded.since,
       lease_id = excluded.lease_id, lease_until = excluded.lease_until,
       requested_by = CASE WHEN dataset_imports.state = 'queued' AND dataset_imports.lease_until > now()
                           THEN dataset_imports.requested_by ELSE excluded.requested_by END`,
    [dataset, requestedBy, leaseId, leaseSeconds],
  );
  let fraction = 0;
  let rowsRead = 0;
  const renew = async () => {
    await db.query(
      'UPDATE dataset_imports SET lease_until = now() + make_interval(secs => $2), fraction_done = $3, rows_read = $4 WHERE lease_id = $1',
      [leaseId, leaseSeconds, fraction, rowsRead],
    );
  };
  const timer = renewing(renew, onError);
  let totalBytes = 1;
  return {
    recording: (progress) => ({
      start(total, label) {
        totalBytes = Math.max(1, total);
        progress.start(total, label);
      },
      update(bytesRead, rowsSoFar) {
        fraction = Math.min(1, bytesRead / totalBytes);
        rowsRead = rowsSoFar;
        progress.update(bytesRead, rowsSoFar);
      },
      say: (line) => progress.say(line),
      stop: () => progress.stop(),
    }),
    renew,
    release: async () => {
      clearInterval(timer);
      await db.query('DELETE FROM dataset_imports WHERE lease_id = $1', [leaseId]);
    },
  };
};
