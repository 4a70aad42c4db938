import {
  availableCredits,
  availablePence,
  debtPence,
  type Account,
  type AccountEvent,
  type OpenAccount,
  type Reservation,
} from '../accounts/account';
import { paymentViolation } from './payment-invariants';

type Of<T extends AccountEvent['type']> = Extract<AccountEvent, { type: T }>;

const settlement = (
  s: OpenAccount,
  e: Of<'CreditsCaptured' | 'CreditsReleased' | 'CashCaptured' | 'CashReleased' | 'CreditReservationExpired'>,
) => {
  const r = s.reservations.get(e.data.reservationId);
  if (!r) return `${e.type} of unknown reservation ${e.data.reservationId}`;
  if (r.status !== 'pending' && r.status !== 'quarantined') return `${e.type} of reservation ${e.data.reservationId} already ${r.status}`;
  if (e.type === 'CreditReservationExpired') {
    if (r.status === 'quarantined') return `quarantined reservation ${e.data.reservationId} expired`;
    if (r.amountCredits !== e.data.amountCredits || r.amountPence !== (e.data.amountPence ?? 0))
      return `${e.type} amounts differ from reservation ${e.data.reservationId}`;
    return undefined;
  }
  if (e.type === 'CashCaptured' || e.type === 'CashReleased') {
    if (!r.cashOpen) return `${e.type} of reservation ${e.data.reservationId} whose cash is not held`;
    return r.amountPence === e.data.amountPence
      ? undefined
      : `${e.type} of ${e.data.amountPence} pence for a reservation of ${r.amountPence}`;
  }
  if (!r.creditsOpen) return `${e.type} of reservation ${e.data.reservationId} whose credits are not held`;
  return r.amountCredits === e.data.amountCredits
    ? undefined
    : `${e.type} of ${e.data.amountCredits} for a reservation of ${r.amountCredits}`;
};

const refund = (s: OpenAccount, e: Of<'CreditsRefunded' | 'CashRefunded'>) => {
  const r: Reservation | undefined = s.reservations.get(e.data.reservationId);
  if (!r || r.status !== 'captured') return `${e.type} of reservation ${e.data.reservationId}, which is not captured`;
  const earlier = s.refunds.get(e.data.refundId);
  if (e.type === 'CreditsRefunded') {
    if (earlier && earlier.amountCredits > 0) return `refund ${e.data.refundId} of credits recorded twice`;
    return r.refundedCredits + e.data.amountCredits > r.amountCredits
      ? `refunds of reservation ${e.data.reservationId} exceed its ${r.amountCredits} credits`
      : undefined;
  }
  if (earlier && earlier.amountPence > 0) return `refund ${e.data.refundId} of cash recorded twice`;
  return r.refundedPence + e.data.amountPence > r.amountPence
    ? `refunds of reservation ${e.data.reservationId} exceed its ${r.amountPence} pence`
    : undefined;
};

const money = (s: OpenAccount, e: AccountEvent): string | undefined => {
  switch (e.type) {
    case 'CreditsGranted':
      return s.grantIds.has(e.data.grantId) ? `grant ${e.data.grantId} recorded twice` : undefined;
    case 'CreditsRefreshed': {
      const balance = s.grantedCredits + s.refundedCredits - s.capturedCredits + e.data.adjustmentCredits;
      return balance === e.data.allowanceCredits
        ? undefined
        : `refresh leaves ${balance} credits, not the allowance of ${e.data.allowanceCredits}`;
    }
    case 'CreditsReserved':
      if (s.reservations.has(e.data.reservationId)) return `reservation ${e.data.reservationId} recorded twice`;
      return availableCredits(s) < e.data.amountCredits ? `reservation ${e.data.reservationId} overdraws the credits` : undefined;
    case 'CreditsCharged':
      if (s.reservations.has(e.data.reservationId)) return `charge ${e.data.reservationId} recorded twice`;
      return availableCredits(s) < e.data.amountCredits ? `charge ${e.data.reservationId} overdraws the credits` : undefined;
    case 'CashReserved': {
      const r = s.reservations.get(e.data.reservationId);
      if (!r || r.status !== 'pending' || r.cashOpen || r.amountPence !== 0)
        return `cash reservation ${e.data.reservationId} without its credit reservation`;
      return availablePence(s) < e.data.amountPence ? `reservation ${e.data.reservationId} overdraws the Purchase Balance` : undefined;
    }
    case 'CreditReservationRejected':
    case 'ReservationBarred':
      return s.reservations.has(e.data.reservationId) ? `reservation ${e.data.reservationId} recorded twice` : undefined;
    case 'CreditsCaptured':
    case 'CreditsReleased':
    case 'CashCaptured':
    case 'CashReleased':
    case 'CreditReservationExpired':
      return settlement(s, e);
    case 'ReservationQuarantined':
      return s.reservations.get(e.data.reservationId)?.status === 'pending'
        ? undefined
        : `quarantine of reservation ${e.data.reservationId}, which is not pending`;
    case 'CreditsRefunded':
    case 'CashRefunded':
      return refund(s, e);
    case 'CashDeposited':
      return s.depositIds.has(e.data.depositId) ? `deposit ${e.data.depositId} recorded twice` : undefined;
    case 'DebtRecorded':
      return s.debtIds.has(e.data.debtId) ? `debt ${e.data.debtId} recorded twice` : undefined;
    case 'DebtRepaid':
      return e.data.amountPence > debtPence(s) ? `repayment of ${e.data.amountPence} pence exceeds the debt of ${debtPence(s)}` : undefined;
    default:
      return undefined;
  }
};

/** Keys: a hash held by two keys would let one key speak for another; a key is rotated and revoked once. */
const keys = (s: OpenAccount, e: AccountEvent): string | undefined => {
  switch (e.type) {
    case 'ApiKeyIssued':
      return [...s.keys.values()].some((k) => k.hash === e.data.keyHash) ? `key ${e.data.keyId} reuses another key's hash` : undefined;
    case 'ApiKeyRotated':
      return s.keys.get(e.data.keyId)?.replacedBy ? `key ${e.data.keyId} rotated twice` : undefined;
    case 'ApiKeyRevoked':
      return s.keys.get(e.data.keyId)?.revoked ? `key ${e.data.keyId} revoked twice` : undefined;
    default:
      return undefined;
  }
};

/**
 * What the ledger must never show, checked event by event before `evolve`, in the audit's words: a balance below
 * zero, a settlement that does not match exactly one held reservation of the same amount, a refund beyond what was
 * captured, anything recorded twice, a key's hash reused, a payment's credits or deposit not what it paid for.
 * `evolve` refuses the impossible events among these too, but not the sums over many events (a balance, a refund
 * total), which are checked only here.
 */
export const violation = (s: Account, e: AccountEvent): string | undefined => {
  if (e.type === 'AccountOpened') return s.status === 'open' ? 'account opened twice' : undefined;
  if (s.status !== 'open') return `${e.type} before the account was opened`;
  return money(s, e) ?? keys(s, e) ?? paymentViolation(s, e);
};
