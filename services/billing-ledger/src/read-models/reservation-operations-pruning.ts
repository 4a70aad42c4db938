import type { Logger } from '@pds/service-runtime';
import { runPeriodically } from '@pds/service-runtime';
import type pg from 'pg';

// The usage projection remembers each reservation's (and each one-step charge's) operation, so that a later capture or
// refund, which names only the reservation, is counted against it: a row for every paid call, so the table would grow
// with history. Rows are kept for 400 days of business time, far longer than any capture or refund comes after its
// reservation; a refund of an older one would count as operation `unknown`.
//
// "Now" is the projection's own progress (the latest event it has read), not the clock: while the projection is
// rebuilt from the start, rows of events it read a moment ago are years old by the clock but new to it.

export const reservationOperationsKeptDays = 400;

export const pruneReservationOperations = async (db: pg.Pool, keptDays = reservationOperationsKeptDays): Promise<number> => {
  const { rowCount } = await db.query(
    `DELETE FROM account_reservation_operations
      WHERE reserved_at < (SELECT max(last_event_at) FROM account_usage_progress) - make_interval(days => $1)`,
    [keptDays],
  );
  return rowCount ?? 0;
};

export const startReservationOperationsPruning = (db: pg.Pool, intervalMs: number, logger: Logger) =>
  runPeriodically(
    'reservation-operations-pruning',
    intervalMs,
    async () => {
      const pruned = await pruneReservationOperations(db);
      if (pruned > 0) logger.info({ pruned }, 'old reservation operations pruned from the usage projection');
    },
    logger,
  );
