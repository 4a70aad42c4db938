import { ledgerEvents } from '@pds/contracts';
import { runPeriodically, type AggregateStore, type Clock, type Logger } from '@pds/service-runtime';
import type pg from 'pg';
import type { Account, AccountEvent } from '../accounts/account';
import { decide } from '../accounts/decide';

/** Reservations expired per pass; the next pass takes the rest. */
const sweepBatchMax = 200;

/**
 * Voids reservations that nobody captured or released by their expiry (a gateway crashed, or lost the ledger's
 * answer), so their credits come back. Due reservations come from the `pending_reservations` read model; the decider
 * checks again against the account stream, so a reservation settled meanwhile, or swept twice, is left alone.
 * Quarantined reservations are not due: they wait to be resolved.
 */
export const startExpirySweeper = (options: {
  db: pg.Pool;
  accounts: AggregateStore<Account, AccountEvent>;
  intervalMs: number;
  logger: Logger;
  clock: Clock;
}) =>
  runPeriodically(
    'reservation expiry sweep',
    options.intervalMs,
    async (isStopping) => {
      const at = options.clock.now();
      const { rows } = await options.db.query<{ account_id: string; reservation_id: string }>(
        `SELECT account_id, reservation_id FROM pending_reservations WHERE expires_at <= $1 AND NOT quarantined ORDER BY expires_at LIMIT $2`,
        [at, sweepBatchMax],
      );
      for (const { account_id: accountId, reservation_id: reservationId } of rows) {
        if (isStopping()) return;
        const command = { type: 'ExpireReservation' as const, data: { accountId, reservationId }, now: at.toISOString() };
        const { events } = await options.accounts.handle(ledgerEvents.accountStreamId(accountId), (state) => decide(command, state), {
          commandId: `expire:${reservationId}`,
          correlationId: `expire:${reservationId}`,
          actor: 'billing-ledger:reservation-expiry',
          reason: 'not captured or released before expiry',
        });
        if (events.length > 0) options.logger.warn({ accountId, reservationId }, 'expired a stranded reservation');
      }
    },
    options.logger,
  );
