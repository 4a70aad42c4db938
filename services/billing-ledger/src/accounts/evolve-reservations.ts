import { EventCannotApply } from '@pds/service-runtime';
import type { AccountEvent, OpenAccount, Reservation } from './account';

// How reservation events change an open account. Each names one reservation, which must be in the state the event
// says (held, for the amount it holds; captured, for a refund): decide records nothing else, so anything else
// cannot apply. Sums over many events (a refund total beyond the capture, a balance below zero) are the audit's checks.

type Of<T extends AccountEvent['type']> = Extract<AccountEvent, { type: T }>;
type OnReservation = Extract<AccountEvent, { data: { reservationId: string } }>;
type Settled = 'captured' | 'released' | 'expired';

export const cannot = (event: AccountEvent, reason: string) => new EventCannotApply(event.type, reason);

const withReservation = (a: OpenAccount, reservationId: string, r: Reservation) => a.reservations.with(reservationId, r);

/** The reservation an event names; one the account never made cannot be settled, quarantined or refunded. */
const reservationOf = (a: OpenAccount, event: OnReservation): Reservation => {
  const r = a.reservations.get(event.data.reservationId);
  if (!r) throw cannot(event, `the account has no reservation ${event.data.reservationId}`);
  return r;
};

/** A reservation id is used once, by the reservation, its one-step charge, its refusal or its bar. */
export const newReservation = (
  a: OpenAccount,
  event: Of<'CreditsReserved' | 'CreditsCharged' | 'CreditReservationRejected' | 'ReservationBarred'>,
  r: Reservation,
): OpenAccount => {
  const { reservationId } = event.data;
  if (a.reservations.has(reservationId)) throw cannot(event, `reservation ${reservationId} is already recorded`);
  return { ...a, reservations: withReservation(a, reservationId, r) };
};

/** The cash part of a reservation, recorded in the same decision as its credits and only then. */
export const reserveCash = (a: OpenAccount, event: Of<'CashReserved'>): OpenAccount => {
  const { reservationId, amountPence } = event.data;
  const r = reservationOf(a, event);
  if (r.status !== 'pending' || !r.creditsOpen || r.cashOpen) {
    throw cannot(event, `reservation ${reservationId} is not a pending credit reservation without a cash part (it is ${r.status})`);
  }
  const next: Reservation = { ...r, amountPence, cashOpen: true };
  return { ...a, reservations: withReservation(a, reservationId, next), reservedPence: a.reservedPence + amountPence };
};

/**
 * Each part (credits, cash) of a reservation leaves the held totals once, for exactly the amount it holds; the
 * reservation ends when both have. A part that is not held, or a different amount, cannot be settled.
 */
export const settle = (a: OpenAccount, event: OnReservation, status: Settled, part: 'credits' | 'cash', amount: number) => {
  const { reservationId } = event.data;
  const r = reservationOf(a, event);
  const open = part === 'credits' ? r.creditsOpen : r.cashOpen;
  if (!open || (r.status !== 'pending' && r.status !== 'quarantined')) {
    throw cannot(event, `the ${part} part of reservation ${reservationId} is not held (the reservation is ${r.status})`);
  }
  const [held, unit] = part === 'credits' ? [r.amountCredits, 'credits'] : [r.amountPence, 'pence'];
  if (amount !== held) throw cannot(event, `it settles ${amount} ${unit} of reservation ${reservationId}, which holds ${held}`);
  const credits = part === 'credits' ? r.amountCredits : 0;
  const pence = part === 'cash' ? r.amountPence : 0;
  const creditsOpen = r.creditsOpen && part !== 'credits';
  const cashOpen = r.cashOpen && part !== 'cash';
  // An ended reservation keeps no expiry: it only ever applied while the reservation was held.
  const { expiresAt: _ended, ...withoutExpiry } = r;
  const next: Reservation = creditsOpen || cashOpen ? { ...r, creditsOpen, cashOpen } : { ...withoutExpiry, creditsOpen, cashOpen, status };
  return {
    ...a,
    reservations: withReservation(a, reservationId, next),
    reservedCredits: a.reservedCredits - credits,
    reservedPence: a.reservedPence - pence,
    quarantinedPence: a.quarantinedPence - (r.status === 'quarantined' ? pence : 0),
    capturedCredits: a.capturedCredits + (status === 'captured' ? credits : 0),
    capturedPence: a.capturedPence + (status === 'captured' ? pence : 0),
  };
};

/**
 * Voids a pending reservation: its credits, and its cash when it has a cash part. A credits-only reservation has no
 * cash to settle, and its expiry carries no `amountPence`.
 */
export const expire = (a: OpenAccount, event: Of<'CreditReservationExpired'>): OpenAccount => {
  const { reservationId, amountCredits, amountPence } = event.data;
  const r = reservationOf(a, event);
  if (r.status !== 'pending') throw cannot(event, `reservation ${reservationId} is ${r.status}; only a pending one expires`);
  const withoutCredits = settle(a, event, 'expired', 'credits', amountCredits);
  if (r.cashOpen) return settle(withoutCredits, event, 'expired', 'cash', amountPence ?? 0);
  if (amountPence !== undefined) throw cannot(event, `it settles ${amountPence} pence of reservation ${reservationId}, which holds none`);
  return withoutCredits;
};

/** Holds a pending reservation, as it is, until an operator settles it. */
export const quarantine = (a: OpenAccount, event: Of<'ReservationQuarantined'>): OpenAccount => {
  const { reservationId, amountCredits, amountPence } = event.data;
  const r = reservationOf(a, event);
  if (r.status !== 'pending') throw cannot(event, `reservation ${reservationId} is ${r.status}, not pending`);
  if (amountCredits !== r.amountCredits || amountPence !== r.amountPence) {
    const [says, holds] = [`${amountCredits} credits and ${amountPence} pence`, `${r.amountCredits} credits and ${r.amountPence} pence`];
    throw cannot(event, `it quarantines ${says} of reservation ${reservationId}, which holds ${holds}`);
  }
  const next: Reservation = { ...r, status: 'quarantined' };
  return { ...a, reservations: withReservation(a, reservationId, next), quarantinedPence: a.quarantinedPence + amountPence };
};

/** Gives back part of a capture. One refund id belongs to one reservation and records each part (credits, cash) once. */
export const refund = (a: OpenAccount, event: Of<'CreditsRefunded' | 'CashRefunded'>): OpenAccount => {
  const { reservationId, refundId } = event.data;
  const r = reservationOf(a, event);
  if (r.status !== 'captured') throw cannot(event, `reservation ${reservationId} is ${r.status}, not captured`);
  const earlier = a.refunds.get(refundId) ?? { reservationId, amountCredits: 0, amountPence: 0 };
  if (earlier.reservationId !== reservationId) throw cannot(event, `refund ${refundId} belongs to reservation ${earlier.reservationId}`);
  const credits = event.type === 'CreditsRefunded' ? event.data.amountCredits : 0;
  const pence = event.type === 'CashRefunded' ? event.data.amountPence : 0;
  if ((credits > 0 && earlier.amountCredits > 0) || (pence > 0 && earlier.amountPence > 0)) {
    throw cannot(event, `refund ${refundId} of ${credits > 0 ? 'credits' : 'cash'} is already recorded`);
  }
  const next: Reservation = { ...r, refundedCredits: r.refundedCredits + credits, refundedPence: r.refundedPence + pence };
  return {
    ...a,
    reservations: withReservation(a, reservationId, next),
    refundedCredits: a.refundedCredits + credits,
    refundedPence: a.refundedPence + pence,
    refunds: new Map(a.refunds).set(refundId, {
      reservationId,
      amountCredits: earlier.amountCredits + credits,
      amountPence: earlier.amountPence + pence,
    }),
  };
};
