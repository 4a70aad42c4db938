import { billing, planMonthlyCredits, planRateLimits } from '@pds/contracts';
import { unhandledEvent } from '@pds/service-runtime';
import { nextAnniversaryAfter } from '../cycles/anniversaries';
import type { Account, AccountEvent, ApiKey, OpenAccount, Reservation } from './account';
import { cannot, expire, newReservation, quarantine, refund, reserveCash, settle } from './evolve-reservations';
import { evolveKey } from './evolve-keys';
import { evolvePayment } from './evolve-payments';
import { forgetSettledCalls, noCalls } from './forgetting';
import { ReservationBook } from './reservation-book';

type Of<T extends AccountEvent['type']> = Extract<AccountEvent, { type: T }>;

const nothingRefunded = { refundedCredits: 0, refundedPence: 0 };

/** Grants, deposits and debts are recorded once per id: a second one would count the same money twice. */
const once = (ids: ReadonlySet<string>, id: string, event: AccountEvent, what: string): ReadonlySet<string> => {
  if (ids.has(id)) throw cannot(event, `${what} ${id} is already recorded`);
  return new Set(ids).add(id);
};

/** What the key an account was opened with is called, since its opening named none. */
export const openingKeyName = 'Key made when the account was opened';

/** The key an account was opened with, if it was opened with one. */
const openingKey = (e: Of<'AccountOpened'>): Array<[string, ApiKey]> => {
  const { apiKeyHash: hash, apiKeyPrefix: prefix, openedAt: issuedAt } = e.data;
  if (hash === undefined || prefix === undefined) return [];
  return [[billing.openingKeyId, { hash, prefix, name: openingKeyName, issuedAt, revoked: false }]];
};

const opened = (e: Extract<AccountEvent, { type: 'AccountOpened' }>): OpenAccount => {
  const cycle = e.data.creditCycle ?? 'non_renewing';
  return {
    status: 'open',
    accountId: e.data.accountId,
    plan: e.data.plan,
    origin: e.data.origin ?? 'operator',
    ...(e.data.customerId !== undefined ? { customerId: e.data.customerId } : {}),
    rateLimits: e.data.rateLimits ?? planRateLimits[e.data.plan],
    keys: new Map(openingKey(e)),
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
    reservations: ReservationBook.empty,
    callsByAge: noCalls,
    grantIds: new Set(),
    depositIds: new Set(),
    debtIds: new Set(),
    refunds: new Map(),
    paymentIds: new Map(),
    subscription: null,
    orderingLockedByOperator: false,
  };
};

const evolveOpen = (s: OpenAccount, event: Exclude<AccountEvent, Of<'AccountOpened'>>): OpenAccount => {
  switch (event.type) {
    case 'CreditsGranted': {
      const { grantId, amountCredits } = event.data;
      return { ...s, grantedCredits: s.grantedCredits + amountCredits, grantIds: once(s.grantIds, grantId, event, 'grant') };
    }
    case 'CreditsRefreshed':
      return { ...s, grantedCredits: s.grantedCredits + event.data.adjustmentCredits, nextRefreshAt: event.data.nextRefreshAt };
    case 'CreditsReserved': {
      const { amountCredits, expiresAt } = event.data;
      const r: Reservation = {
        ...nothingRefunded,
        amountCredits,
        amountPence: 0,
        status: 'pending',
        creditsOpen: true,
        cashOpen: false,
        ...(expiresAt ? { expiresAt } : {}),
      };
      return forgetSettledCalls({ ...newReservation(s, event, r), reservedCredits: s.reservedCredits + amountCredits }, event);
    }
    case 'CreditsCharged': {
      const { amountCredits } = event.data;
      const r: Reservation = { ...nothingRefunded, amountCredits, amountPence: 0, status: 'captured', creditsOpen: false, cashOpen: false };
      return forgetSettledCalls({ ...newReservation(s, event, r), capturedCredits: s.capturedCredits + amountCredits }, event);
    }
    case 'CashReserved':
      return reserveCash(s, event);
    case 'CreditReservationRejected': {
      const { amountCredits, amountPence, reasonCode } = event.data;
      const r: Reservation = {
        ...nothingRefunded,
        amountCredits,
        amountPence: amountPence ?? 0,
        status: 'rejected',
        creditsOpen: false,
        cashOpen: false,
        ...(reasonCode ? { rejectedCode: reasonCode } : {}),
      };
      return forgetSettledCalls(newReservation(s, event, r), event);
    }
    case 'ReservationBarred': {
      const r: Reservation = {
        ...nothingRefunded,
        amountCredits: 0,
        amountPence: 0,
        status: 'barred',
        creditsOpen: false,
        cashOpen: false,
      };
      return forgetSettledCalls(newReservation(s, event, r), event);
    }
    case 'CreditsCaptured':
      return settle(s, event, 'captured', 'credits', event.data.amountCredits);
    case 'CashCaptured':
      return settle(s, event, 'captured', 'cash', event.data.amountPence);
    case 'CreditsReleased':
      return settle(s, event, 'released', 'credits', event.data.amountCredits);
    case 'CashReleased':
      return settle(s, event, 'released', 'cash', event.data.amountPence);
    case 'CreditReservationExpired':
      return expire(s, event);
    case 'ReservationQuarantined':
      return quarantine(s, event);
    case 'CreditsRefunded':
    case 'CashRefunded':
      return refund(s, event);
    case 'CashDeposited': {
      const { depositId, amountPence } = event.data;
      return { ...s, depositedPence: s.depositedPence + amountPence, depositIds: once(s.depositIds, depositId, event, 'deposit') };
    }
    case 'DebtRecorded': {
      const { debtId, amountPence } = event.data;
      return { ...s, debtRecordedPence: s.debtRecordedPence + amountPence, debtIds: once(s.debtIds, debtId, event, 'debt') };
    }
    case 'DebtRepaid':
      // Paid from the deposit recorded with it; whether it exceeds the debt is a sum, the audit's check.
      if (!s.depositIds.has(event.data.depositId)) throw cannot(event, `deposit ${event.data.depositId} is not recorded`);
      return { ...s, debtRepaidPence: s.debtRepaidPence + event.data.amountPence };
    // Standing is set, not counted: setting what is already set changes nothing (and decide records no such event).
    case 'AccountHeld':
      return { ...s, held: true };
    case 'AccountHoldLifted':
      return { ...s, held: false };
    case 'OrderingEntitlementChanged':
      // An operator's change sets or lifts the lock on ordering; a customer's leaves it (old events were all an operator's).
      return {
        ...s,
        orderingEnabled: event.data.enabled,
        orderingLockedByOperator: event.data.by === 'customer' ? s.orderingLockedByOperator : !event.data.enabled,
      };
    case 'ApiKeyIssued':
    case 'ApiKeyRotated':
    case 'ApiKeyRevoked':
      return { ...s, keys: evolveKey(s.keys, event) };
    case 'PaymentReceived':
    case 'SubscriptionStarted':
    case 'SubscriptionRenewed':
    case 'PlanChanged':
    case 'SubscriptionChangeRecorded':
    case 'SubscriptionPaymentFailed':
    case 'SubscriptionEnded':
    case 'CreditsLapsed':
      return evolvePayment(s, event);
    default:
      // Reached by no event type of the union: one added without a case here makes `event` not `never`, and this
      // line stops compiling.
      return unhandledEvent(event);
  }
};

/**
 * What an event did to the account. Every event decide records applies to the state it was decided against; one that
 * does not (an event on an account never opened, a settlement of a reservation never held) throws `EventCannotApply`
 * rather than being skipped, since the stream is then not what the ledger wrote.
 */
export const evolve = (state: Account, event: AccountEvent): Account => {
  if (event.type === 'AccountOpened') {
    if (state.status === 'open') throw cannot(event, `account ${state.accountId} is already open`);
    return opened(event);
  }
  if (state.status !== 'open') throw cannot(event, 'the account was never opened');
  return evolveOpen(state, event);
};
