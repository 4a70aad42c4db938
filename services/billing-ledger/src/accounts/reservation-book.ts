import { Map as PersistentMap } from 'immutable';
import type { Reservation } from './account';

const noBase: ReadonlyMap<string, Reservation> = new Map();
/** A forgotten reservation, among the changes, hiding the base's. */
const forgotten = null;
type Changes = PersistentMap<string, Reservation | typeof forgotten>;
/** Below this many changes the base is not copied, however small. */
const minChangesToFold = 1_024;

/**
 * The reservations an account remembers, by id: every one it made, less the calls' reservations settled long enough
 * ago to be forgotten (forgetting.ts).
 *
 * An account's state is a value (each event makes a new one, and the one before stays valid for a batch that is
 * abandoned), so recording a reservation must not copy the others. A plain Map copied per event cost each reservation
 * event the account's whole history (bench:ledger-account: 340 µs a call after 1,000 calls, 8.3 ms after 10,000), so
 * the book is a plain Map that is never changed (`base`) and the changes since, in a persistent map that shares all
 * but what changed. A plain Map is also what a snapshot's reservations are read into: for 10,000 reservations it is
 * built in about 2 ms, a persistent map in 30 to 50 ms, most of a restarted ledger's first call. Once the changes
 * outnumber the base, both are folded into a new base (a copy of every reservation, paid for by as many changes).
 */
export class ReservationBook {
  static readonly empty = new ReservationBook(noBase, PersistentMap(), 0);

  /** A book of these reservations (a snapshot's, say); the Map becomes the book's and must not be changed after. */
  static of(reservations: Map<string, Reservation> | Array<[string, Reservation]>) {
    const base = reservations instanceof Map ? reservations : new Map(reservations);
    return new ReservationBook(base, PersistentMap(), base.size);
  }

  private constructor(
    private readonly base: ReadonlyMap<string, Reservation>,
    private readonly changes: Changes,
    /** How many reservations the book holds. */
    readonly size: number,
  ) {}

  get(reservationId: string): Reservation | undefined {
    const changed = this.changes.get(reservationId);
    if (changed === forgotten) return undefined;
    return changed ?? this.base.get(reservationId);
  }
  has(reservationId: string) {
    return this.get(reservationId) !== undefined;
  }
  /** A book with this reservation recorded (or replaced); this one is unchanged. */
  with(reservationId: string, reservation: Reservation) {
    return this.changed(this.changes.set(reservationId, reservation), this.size + (this.has(reservationId) ? 0 : 1));
  }
  /** A book without this reservation (forgotten: see forgetting.ts); this one is unchanged. */
  without(reservationId: string) {
    if (!this.has(reservationId)) return this;
    const changes = this.base.has(reservationId) ? this.changes.set(reservationId, forgotten) : this.changes.delete(reservationId);
    return this.changed(changes, this.size - 1);
  }
  *entries(): IterableIterator<[string, Reservation]> {
    for (const entry of this.base) if (!this.changes.has(entry[0])) yield entry;
    for (const [id, r] of this.changes) if (r !== forgotten) yield [id, r];
  }
  *values(): IterableIterator<Reservation> {
    for (const [, r] of this.entries()) yield r;
  }

  private changed(changes: Changes, size: number): ReservationBook {
    const next = new ReservationBook(this.base, changes, size);
    return changes.size <= Math.max(this.base.size, minChangesToFold)
      ? next
      : new ReservationBook(new Map(next.entries()), PersistentMap(), size);
  }
}
