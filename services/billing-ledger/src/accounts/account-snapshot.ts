import { List } from 'immutable';
import type { Account, ApiKey, OpenAccount, Payment, Refund, Reservation } from './account';
import type { DatedReservation } from './forgetting';
import { ReservationBook } from './reservation-book';

/**
 * The form of an account's snapshot. Bump it whenever `Account` changes shape or `evolve` makes something different of
 * an event (forgetting sooner or later included): snapshots of another version are then ignored, and each account is
 * folded from its events once and snapshotted anew.
 */
export const accountSnapshotVersion = 1;

/**
 * Events folded between an account's snapshots. Loading an account then reads its snapshot and at most this many
 * events after it (a few milliseconds to fold), and a busy account's snapshot (a JSON document of the reservations it
 * remembers) is written once per 1,000 events rather than on every call.
 */
export const accountSnapshotEveryEvents = 1_000;

/** An open account as JSON: its Maps, Sets and persistent collections as arrays of entries. */
interface OpenAccountJson extends Omit<
  OpenAccount,
  'keys' | 'reservations' | 'callsByAge' | 'grantIds' | 'depositIds' | 'debtIds' | 'refunds' | 'paymentIds'
> {
  keys: Array<[string, ApiKey]>;
  reservations: Array<[string, Reservation]>;
  callsByAge: Array<[string, number]>;
  grantIds: string[];
  depositIds: string[];
  debtIds: string[];
  refunds: Array<[string, Refund]>;
  paymentIds: Array<[string, Payment]>;
}
type AccountJson = { status: 'none' } | OpenAccountJson;

export const serialiseAccount = (a: Account): AccountJson => {
  if (a.status !== 'open') return a;
  return {
    ...a,
    keys: [...a.keys],
    reservations: [...a.reservations.entries()],
    callsByAge: a.callsByAge.toArray().map((c) => [c.reservationId, c.atMs]),
    grantIds: [...a.grantIds],
    depositIds: [...a.depositIds],
    debtIds: [...a.debtIds],
    refunds: [...a.refunds],
    paymentIds: [...a.paymentIds],
  };
};

/** The account a snapshot of this version holds; the snapshot store only hands over one of the same version. */
export const deserialiseAccount = (json: unknown): Account => {
  const a = json as AccountJson;
  if (a.status !== 'open') return { status: 'none' };
  return {
    ...a,
    keys: new Map(a.keys),
    reservations: ReservationBook.of(a.reservations),
    callsByAge: List(a.callsByAge.map(([reservationId, atMs]): DatedReservation => ({ reservationId, atMs }))),
    grantIds: new Set(a.grantIds),
    depositIds: new Set(a.depositIds),
    debtIds: new Set(a.debtIds),
    refunds: new Map(a.refunds),
    paymentIds: new Map(a.paymentIds),
  };
};
