import type { AccountOrigin, billing, CreditCycle, ledgerEvents, RateLimits } from '@pds/contracts';
import type { CallsByAge } from './forgetting';
import type { ReservationBook } from './reservation-book';

/**
 * A ledger event as the account folds it: `at` is the business time it was decided at, from its metadata (absent on
 * an event folded without its metadata, as the audit does), by which settled reservations are forgotten.
 */
export type AccountEvent = ledgerEvents.LedgerEvent & { readonly at?: string };

/** `barred`: an id released before anything was made under it (`ReservationBarred`); it holds nothing and is never made. */
export type ReservationStatus = 'pending' | 'quarantined' | 'captured' | 'released' | 'expired' | 'rejected' | 'barred';
export interface Reservation {
  amountCredits: number;
  amountPence: number;
  status: ReservationStatus;
  /** Whether each part is still held; a reservation ends when neither is. */
  creditsOpen: boolean;
  cashOpen: boolean;
  /** Why a rejected reservation was refused, so a retry gets the same answer. */
  rejectedCode?: string;
  /** When the ledger voids it if still pending; absent on reservations made before expiry existed. */
  expiresAt?: string;
  refundedCredits: number;
  refundedPence: number;
}

export interface Refund {
  reservationId: string;
  amountCredits: number;
  amountPence: number;
}

/** An API key of the account, as its events left it; whether it authenticates depends on the time asked (see `billing.apiKeyStatusAt`). */
export interface ApiKey {
  hash: string;
  prefix: string;
  name: string;
  issuedAt: string;
  /** Set by a rotation: the key stops at this time. */
  expiresAt?: string;
  replacedBy?: string;
  revoked: boolean;
}

/** A payment as first recorded: a repeat of its id must bring the same content. */
export interface Payment {
  /** SHA-256 of the canonical JSON of amount, currency and purpose. */
  contentHash: string;
  purpose: billing.PaymentPurpose;
  amountPence: number;
  /** Why the ledger could not allocate it (`SUBSCRIPTION_MISMATCH`), so a repeat gets the same answer. */
  unallocatedCode?: string;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'cancelling' | 'ended';
/** The account's self-service subscription, as its payments and Stripe's changes left it. */
export interface Subscription {
  subscriptionId: string;
  status: SubscriptionStatus;
  periodStartsAt: string;
  periodEndsAt: string;
  /** A downgrade waiting for the renewal; null when the next period keeps the plan. */
  planAtRenewal: billing.Plan | null;
  /** The last failed attempt recorded, so a repeated failure notice changes nothing. */
  failedAttempt?: { invoiceId: string; attempt: number };
}

export type Account =
  | { status: 'none' }
  | {
      status: 'open';
      accountId: string;
      plan: billing.Plan;
      /** Who opened it; a self-service account also names its customer. */
      origin: AccountOrigin;
      customerId?: string;
      /** The limits the gateway enforces: the plan's, or an Enterprise account's own. */
      rateLimits: RateLimits;
      keys: ReadonlyMap<string, ApiKey>;
      openedAt: string;
      creditCycle: CreditCycle;
      monthlyCredits: number;
      /** Next monthly refresh; null when the balance does not renew. */
      nextRefreshAt: string | null;
      grantedCredits: number;
      capturedCredits: number;
      refundedCredits: number;
      /** Sum of pending and quarantined reservations: held, not yet spent. */
      reservedCredits: number;
      depositedPence: number;
      capturedPence: number;
      refundedPence: number;
      reservedPence: number;
      quarantinedPence: number;
      debtRecordedPence: number;
      debtRepaidPence: number;
      held: boolean;
      orderingEnabled: boolean;
      reservations: ReservationBook;
      /** The calls' reservations still remembered, oldest first, for forgetting them (forgetting.ts). */
      callsByAge: CallsByAge;
      grantIds: ReadonlySet<string>;
      depositIds: ReadonlySet<string>;
      debtIds: ReadonlySet<string>;
      refunds: ReadonlyMap<string, Refund>;
      paymentIds: ReadonlyMap<string, Payment>;
      subscription: Subscription | null;
      /** An operator's disable of ordering, which the customer cannot undo; an operator's enable lifts it. */
      orderingLockedByOperator: boolean;
    };
export type OpenAccount = Extract<Account, { status: 'open' }>;

export const initialState = (): Account => ({ status: 'none' });

/** Credits the caller can spend now: granted and refunded, less spent, less held by reservations. */
export const availableCredits = (a: OpenAccount) => a.grantedCredits + a.refundedCredits - a.capturedCredits - a.reservedCredits;
/** Purchase Balance the caller can spend now; debt is paid from deposits before anything else. */
export const availablePence = (a: OpenAccount) =>
  a.depositedPence + a.refundedPence - a.debtRepaidPence - a.capturedPence - a.reservedPence;
export const debtPence = (a: OpenAccount) => a.debtRecordedPence - a.debtRepaidPence;
