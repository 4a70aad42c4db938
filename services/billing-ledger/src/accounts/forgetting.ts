import { List } from 'immutable';
import type { AccountEvent, OpenAccount } from './account';

/**
 * How long the ledger remembers a call's reservation after making it: 7 days. Everything that can name a call's
 * reservation does so well within that:
 * - the gateway settles a call within seconds (its settle patience, 30 s), and the ledger expires a reservation left
 *   pending after its time to live (2 minutes by default);
 * - reserve, charge and capture commands are dropped once past their deadline, so a command redelivered late by the
 *   bus never reaches the account;
 * - a retried request with the same `Idempotency-Key` reuses its reservation id for 24 hours, no longer;
 * - a call's refund (`refundUnreadable`) follows its charge at once.
 * Seven days is over six times the longest of these. Reservations for orders and reports are never forgotten: their
 * refunds follow the Land Registry's or an operator's pace, with no bound the ledger could rely on, and they are few
 * (each is a paid order or report, not a call).
 */
export const callReservationMemoryMs = 7 * 24 * 3_600_000;

/**
 * A call's reservation as the account remembers it for forgetting: its id, and when it was made (or looked at again).
 * A pair rather than an object: a snapshot holds one per call remembered, read back as they are.
 */
export type DatedReservation = readonly [reservationId: string, atMs: number];
export type CallsByAge = List<DatedReservation>;
export const noCalls: CallsByAge = List();

type Making = Extract<AccountEvent, { type: 'CreditsReserved' | 'CreditsCharged' | 'CreditReservationRejected' | 'ReservationBarred' }>;

/** A call's reservation or charge, or any refusal or bar (neither took anything, so nothing can be settled or refunded). */
const forgettable = (event: Making) => event.type !== 'CreditsReserved' || (event.data.purpose ?? 'api_call') === 'api_call';

/**
 * After an event that made a reservation: dates it (when forgettable) and forgets the reservations made more than
 * `callReservationMemoryMs` before it that have settled (no part held). Time is the business time the event was decided
 * at (`at`, from its metadata), never the clock on the wall, so a fold of the whole stream and a fold from a snapshot
 * forget the same reservations at the same event. An event without a time forgets nothing and is never forgotten.
 * A reservation still held when its time comes (quarantined, say) is looked at again one memory later.
 */
export const forgetSettledCalls = (a: OpenAccount, event: Making): OpenAccount => {
  if (event.at === undefined) return a;
  const nowMs = Date.parse(event.at);
  let calls = forgettable(event) ? a.callsByAge.push([event.data.reservationId, nowMs] as const) : a.callsByAge;
  let reservations = a.reservations;
  const cutoffMs = nowMs - callReservationMemoryMs;
  for (let oldest = calls.first(); oldest && oldest[1] < cutoffMs; oldest = calls.first()) {
    calls = calls.shift();
    const [reservationId] = oldest;
    const r = reservations.get(reservationId);
    if (!r) continue;
    if (r.creditsOpen || r.cashOpen) calls = calls.push([reservationId, nowMs] as const);
    else reservations = reservations.without(reservationId);
  }
  return { ...a, callsByAge: calls, reservations };
};
