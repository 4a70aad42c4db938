import { Map as PersistentMap } from 'immutable';
import type { Reservation } from './account';

/**
 * The reservations an account remembers, by id: every one it made, less the calls' reservations settled long enough
 * ago to be forgotten (forgetting.ts). An account's state is a value (each event makes a new one, and the
 * one before stays valid for a batch that is abandoned), so this is a persistent map: recording a reservation shares
 * all the others instead of copying them. A plain Map copied per event cost each reservation event the account's whole
 * history: bench:ledger-account, a call's decisions took 340 µs after 1,000 calls and 8.3 ms after 10,000; now about
 * 40 µs however many.
 */
export class ReservationBook {
  static readonly empty = new ReservationBook(PersistentMap<string, Reservation>());

  /** A book of these reservations, as a snapshot lists them. */
  static of(entries: Iterable<[string, Reservation]>) {
    return new ReservationBook(PersistentMap<string, Reservation>(entries));
  }

  private constructor(private readonly byId: PersistentMap<string, Reservation>) {}

  get(reservationId: string) {
    return this.byId.get(reservationId);
  }
  has(reservationId: string) {
    return this.byId.has(reservationId);
  }
  /** A book with this reservation recorded (or replaced); this one is unchanged. */
  with(reservationId: string, reservation: Reservation) {
    return new ReservationBook(this.byId.set(reservationId, reservation));
  }
  /** A book without this reservation (forgotten: see forgetting.ts); this one is unchanged. */
  without(reservationId: string) {
    return new ReservationBook(this.byId.delete(reservationId));
  }
  get size() {
    return this.byId.size;
  }
  values() {
    return this.byId.values();
  }
  entries() {
    return this.byId.entries();
  }
}
