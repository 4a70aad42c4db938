import { planMonthlyCredits } from '@pds/contracts';
import { nextAnniversaryAfter } from '../cycles/anniversaries';
import type { Account, AccountEvent, OpenAccount, Reservation } from './account';

type Settled = 'captured' | 'released' | 'expired';

/** Each part (credits, cash) of a reservation leaves the held totals once; the reservation ends when both have. */
const settle = (a: OpenAccount, reservationId: string, status: Settled, part: 'credits' | 'cash'): OpenAccount => {
  const r = a.reservations.get(reservationId);
  const open = part === 'credits' ? r?.creditsOpen : r?.cashOpen;
  if (!r || !open || (r.status !== 'pending' && r.status !== 'quarantined')) return a;
  const credits = part === 'credits' ? r.amountCredits : 0;
  const pence = part === 'cash' ? r.amountPence : 0;
  const creditsOpen = r.creditsOpen && part !== 'credits';
  const cashOpen = r.cashOpen && part !== 'cash';
  const next: Reservation = { ...r, creditsOpen, cashOpen, status: creditsOpen || cashOpen ? r.status : status };
  return {
    ...a,
    reservations: new Map(a.reservations).set(reservationId, next),
    reservedCredits: a.reservedCredits - credits,
    reservedPence: a.reservedPence - pence,
    quarantinedPence: a.quarantinedPence - (r.status === 'quarantined' ? pence : 0),
    capturedCredits: a.capturedCredits + (status === 'captured' ? credits : 0),
    capturedPence: a.capturedPence + (status === 'captured' ? pence : 0),
  };
};

const withReservation = (a: OpenAccount, id: string, change: (r: Reservation) => Reservation): OpenAccount => {
  const r = a.reservations.get(id);
  return r ? { ...a, reservations: new Map(a.reservations).set(id, change(r)) } : a;
};

const opened = (e: Extract<AccountEvent, { type: 'AccountOpened' }>): OpenAccount => {
  const cycle = e.data.creditCycle ?? 'non_renewing';
  return {
    status: 'open',
    accountId: e.data.accountId,
    plan: e.data.plan,
    apiKeyHash: e.data.apiKeyHash,
    openedAt: e.data.openedAt,
    creditCycle: cycle,
    monthlyCredits: e.data.monthlyCredits ?? planMonthlyCredits[e.data.plan],
    nextRefreshAt: cycle === 'monthly' ? nextAnniversaryAfter(e.data.openedAt, new Date(e.data.openedAt)) : null,
    grantedCredits: 0,
    capturedCredits: 0,
    refundedCredits: 0,
    reservedCredits: 0,
    depositedPence: 0,
    capturedPence: 0,
    refundedPence: 0,
    reservedPence: 0,
    quarantinedPence: 0,
    debtRecordedPence: 0,
    debtRepaidPence: 0,
    held: false,
    orderingEnabled: e.data.orderingEnabled ?? false,
    reservations: new Map(),
    grantIds: new Set(),
    depositIds: new Set(),
    debtIds: new Set(),
    refunds: new Map(),
  };
};

const evolveOpen = (s: OpenAccount, event: AccountEvent): OpenAccount => {
  switch (event.type) {
    case 'CreditsGranted':
      return { ...s, grantedCredits: s.grantedCredits + event.data.amountCredits, grantIds: new Set(s.grantIds).add(event.data.grantId) };
    case 'CreditsRefreshed':
      return { ...s, grantedCredits: s.grantedCredits + event.data.adjustmentCredits, nextRefreshAt: event.data.nextRefreshAt };
    case 'CreditsReserved': {
      const { reservationId, amountCredits, expiresAt } = event.data;
      const r: Reservation = { amountCredits, amountPence: 0, status: 'pending', creditsOpen: true, cashOpen: false, refundedCredits: 0, refundedPence: 0, ...(expiresAt ? { expiresAt } : {}) };
      return { ...s, reservedCredits: s.reservedCredits + amountCredits, reservations: new Map(s.reservations).set(reservationId, r) };
    }
    case 'CashReserved':
      return { ...withReservation(s, event.data.reservationId, (r) => ({ ...r, amountPence: event.data.amountPence, cashOpen: true })), reservedPence: s.reservedPence + event.data.amountPence };
    case 'CreditReservationRejected': {
      const { reservationId, amountCredits, amountPence, reasonCode } = event.data;
      const r: Reservation = { amountCredits, amountPence: amountPence ?? 0, status: 'rejected', creditsOpen: false, cashOpen: false, refundedCredits: 0, refundedPence: 0, ...(reasonCode ? { rejectedCode: reasonCode } : {}) };
      return { ...s, reservations: new Map(s.reservations).set(reservationId, r) };
    }
    case 'CreditsCaptured':
      return settle(s, event.data.reservationId, 'captured', 'credits');
    case 'CashCaptured':
      return settle(s, event.data.reservationId, 'captured', 'cash');
    case 'CreditsReleased':
      return settle(s, event.data.reservationId, 'released', 'credits');
    case 'CashReleased':
      return settle(s, event.data.reservationId, 'released', 'cash');
    case 'CreditReservationExpired':
      return settle(settle(s, event.data.reservationId, 'expired', 'credits'), event.data.reservationId, 'expired', 'cash');
    case 'ReservationQuarantined':
      return { ...withReservation(s, event.data.reservationId, (r) => ({ ...r, status: 'quarantined' })), quarantinedPence: s.quarantinedPence + event.data.amountPence };
    case 'CreditsRefunded': {
      const { reservationId, refundId, amountCredits } = event.data;
      const refund = { reservationId, amountCredits: (s.refunds.get(refundId)?.amountCredits ?? 0) + amountCredits, amountPence: s.refunds.get(refundId)?.amountPence ?? 0 };
      return {
        ...withReservation(s, reservationId, (r) => ({ ...r, refundedCredits: r.refundedCredits + amountCredits })),
        refundedCredits: s.refundedCredits + amountCredits,
        refunds: new Map(s.refunds).set(refundId, refund),
      };
    }
    case 'CashRefunded': {
      const { reservationId, refundId, amountPence } = event.data;
      const refund = { reservationId, amountCredits: s.refunds.get(refundId)?.amountCredits ?? 0, amountPence: (s.refunds.get(refundId)?.amountPence ?? 0) + amountPence };
      return {
        ...withReservation(s, reservationId, (r) => ({ ...r, refundedPence: r.refundedPence + amountPence })),
        refundedPence: s.refundedPence + amountPence,
        refunds: new Map(s.refunds).set(refundId, refund),
      };
    }
    case 'CashDeposited':
      return { ...s, depositedPence: s.depositedPence + event.data.amountPence, depositIds: new Set(s.depositIds).add(event.data.depositId) };
    case 'DebtRecorded':
      return { ...s, debtRecordedPence: s.debtRecordedPence + event.data.amountPence, debtIds: new Set(s.debtIds).add(event.data.debtId) };
    case 'DebtRepaid':
      return { ...s, debtRepaidPence: s.debtRepaidPence + event.data.amountPence };
    case 'AccountHeld':
      return { ...s, held: true };
    case 'AccountHoldLifted':
      return { ...s, held: false };
    case 'OrderingEntitlementChanged':
      return { ...s, orderingEnabled: event.data.enabled };
    default:
      return s;
  }
};

export const evolve = (state: Account, event: AccountEvent): Account => {
  if (event.type === 'AccountOpened') return opened(event);
  return state.status === 'open' ? evolveOpen(state, event) : state;
};
