import { counter } from '@pds/service-runtime';
import type { AccountEvent } from './account';

/** What happened to reservations, by the event that says so: the movements a platform team watches. */
const outcomeOf: Partial<Record<AccountEvent['type'], string>> = {
  CreditsReserved: 'opened',
  CreditsCharged: 'charged',
  CreditsCaptured: 'captured',
  CreditsReleased: 'released',
  CreditReservationExpired: 'expired',
  CreditReservationRejected: 'rejected',
  ReservationBarred: 'barred',
  ReservationQuarantined: 'quarantined',
};

const reservations = counter({
  name: 'pds_ledger_reservations_total',
  help: 'Reservations recorded by this ledger process, by outcome: opened, captured, released, expired, quarantined, rejected, barred (released before made), and charged (opened and captured at once).',
  labelNames: ['outcome'] as const,
});

/** Counts each committed event once, in the process that recorded it. */
export const countRecorded = (events: AccountEvent[]): void => {
  for (const e of events) {
    const outcome = outcomeOf[e.type];
    if (outcome) reservations.inc({ outcome });
  }
};
