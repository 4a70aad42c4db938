import { startDueSweep, type SweepOptions } from '../schedules/due-sweep';

/**
 * Voids reservations that nobody captured or released by their expiry (a gateway crashed, or lost the ledger's
 * answer), so their credits come back. Quarantined reservations are not due: they wait to be resolved.
 */
export const startExpirySweeper = (options: SweepOptions) =>
  startDueSweep(options, {
    name: 'expire',
    actor: 'billing-ledger:reservation-expiry',
    reason: 'not captured or released before expiry',
    dueSql: `SELECT account_id, reservation_id AS key FROM pending_reservations
              WHERE expires_at <= $1 AND NOT quarantined ORDER BY expires_at LIMIT $2`,
    commandFor: (accountId, reservationId, now) => ({ type: 'ExpireReservation', data: { accountId, reservationId }, now }),
    done: (accountId, reservationId) => options.logger.warn({ accountId, reservationId }, 'expired a stranded reservation'),
  });
