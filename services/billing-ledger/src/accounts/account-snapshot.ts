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

/** The fewest events folded between an account's snapshots. */
export const accountSnapshotMinEvents = 1_000;

/**
 * Events folded between an account's snapshots: at least 1,000, and a tenth of the reservations it remembers. A
 * snapshot's cost (serialising, writing and, on the database, storing the JSON document) grows with the reservations
 * remembered, so a busy account remembering 100,000 calls written every 1,000 events spent most of the ledger's time
 * writing snapshots (bench:charging: 735 calls/s, against 1,842 with this interval). Loading an account reads its
 * snapshot and at most this many events after it: a tenth as many events as the snapshot holds reservations, so a
 * restarted ledger's first load grows by a bounded part, while the steady path never loads (its state is cached).
 */
export const accountSnapshotEveryEvents = (account: Account): number =>
  Math.max(accountSnapshotMinEvents, account.status === 'open' ? Math.ceil(account.reservations.size / 10) : 0);

/**
 * A reservation as a row of its fields (id, credits, pence, status, which parts are open, refunded credits and pence,
 * expiry, refusal code): a busy account remembers tens of thousands, and as objects their names would be most of the
 * snapshot (bench:ledger-account: 2.3 MB for 10,000 reservations as objects, loaded in 60 ms).
 */
type ReservationRow = [string, number, number, Reservation['status'], number, number, number, string | null, string | null];
const creditsOpenBit = 1;
const cashOpenBit = 2;

const rowOf = ([id, r]: [string, Reservation]): ReservationRow => [
  id,
  r.amountCredits,
  r.amountPence,
  r.status,
  (r.creditsOpen ? creditsOpenBit : 0) | (r.cashOpen ? cashOpenBit : 0),
  r.refundedCredits,
  r.refundedPence,
  r.expiresAt ?? null,
  r.rejectedCode ?? null,
];
// Fields set one by one, not spread: a restarted ledger reads tens of thousands of these before its first answer.
const reservationOf = (row: ReservationRow): Reservation => {
  const [, amountCredits, amountPence, status, open, refundedCredits, refundedPence, expiresAt, rejectedCode] = row;
  const r: Reservation = {
    amountCredits,
    amountPence,
    status,
    creditsOpen: (open & creditsOpenBit) !== 0,
    cashOpen: (open & cashOpenBit) !== 0,
    refundedCredits,
    refundedPence,
  };
  if (expiresAt !== null) r.expiresAt = expiresAt;
  if (rejectedCode !== null) r.rejectedCode = rejectedCode;
  return r;
};

/**
 * The rows read straight into the book's Map, with no array of entries between: a restarted ledger's first call
 * allocates little else, and its young heap (a megabyte or two when the process starts) is collected less often.
 */
const bookOf = (rows: ReservationRow[]) => {
  const reservations = new Map<string, Reservation>();
  for (const row of rows) reservations.set(row[0], reservationOf(row));
  return ReservationBook.of(reservations);
};

/** An open account as JSON: its Maps, Sets and persistent collections as arrays of entries. */
interface OpenAccountJson extends Omit<
  OpenAccount,
  'keys' | 'reservations' | 'callsByAge' | 'grantIds' | 'depositIds' | 'debtIds' | 'refunds' | 'paymentIds'
> {
  keys: Array<[string, ApiKey]>;
  reservations: ReservationRow[];
  /** Each call's reservation by its row's index in `reservations` (by its id when it has none), and its time. */
  callsByAge: Array<[number | string, number]>;
  grantIds: string[];
  depositIds: string[];
  debtIds: string[];
  refunds: Array<[string, Refund]>;
  paymentIds: Array<[string, Payment]>;
}
type AccountJson = { status: 'none' } | OpenAccountJson;

/** A call's id is the longest part of its entry; the row of its reservation says it in a few digits. */
const callsByRow = (calls: DatedReservation[], rows: ReservationRow[]): Array<[number | string, number]> => {
  const indexOf = new Map(rows.map((row, i) => [row[0], i]));
  return calls.map(([id, atMs]) => [indexOf.get(id) ?? id, atMs]);
};

export const serialiseAccount = (a: Account): AccountJson => {
  if (a.status !== 'open') return a;
  const reservations = Array.from(a.reservations.entries(), rowOf);
  return {
    ...a,
    keys: [...a.keys],
    reservations,
    callsByAge: callsByRow(a.callsByAge.toArray(), reservations),
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
    reservations: bookOf(a.reservations),
    callsByAge: List(
      a.callsByAge.map(([ref, atMs]): DatedReservation => [
        typeof ref === 'number' ? (a.reservations[ref] as ReservationRow)[0] : ref,
        atMs,
      ]),
    ),
    grantIds: new Set(a.grantIds),
    depositIds: new Set(a.depositIds),
    debtIds: new Set(a.debtIds),
    refunds: new Map(a.refunds),
    paymentIds: new Map(a.paymentIds),
  };
};
