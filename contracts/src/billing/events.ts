import { z } from '../zod';
import { Plan, ReservationPurpose } from './commands';
import { ApiKeyIssued, ApiKeyRevoked, ApiKeyRotated } from './key-events';
import {
  CreditsLapsed,
  PaymentReceived,
  PlanChanged,
  SubscriptionChangeRecorded,
  SubscriptionEnded,
  SubscriptionPaymentFailed,
  SubscriptionRenewed,
  SubscriptionStarted,
} from './payment-events';
import { AccountOrigin, CreditCycle, RateLimits } from './plans';

export { ApiKeyIssued, ApiKeyRevoked, ApiKeyRotated } from './key-events';
export * from './payment-events';

/**
 * Ledger events, stored on the stream `account-<accountId>`. Credits are whole credits, Purchase Balance amounts whole
 * pence. Who and why (command id, request id, operation, actor) travel in each event's metadata.
 */
export const AccountOpened = z.object({
  type: z.literal('AccountOpened'),
  data: z.object({
    accountId: z.string(),
    plan: Plan,
    /** Absent on an account opened from the dashboard: it has no key until its owner makes one. */
    apiKeyHash: z.string().optional(),
    apiKeyPrefix: z.string().optional(),
    openedAt: z.string(),
    /** Absent on accounts opened before the dashboard existed: an operator opened them. */
    origin: AccountOrigin.optional(),
    customerId: z.string().optional(),
    rateLimits: RateLimits.optional(),
    /** Absent on accounts opened before cycles existed: they never refresh. */
    creditCycle: CreditCycle.optional(),
    monthlyCredits: z.number().int().positive().optional(),
    orderingEnabled: z.boolean().optional(),
  }),
});
/** A monthly refresh: the balance (granted less captured, plus refunds) is set to the allowance; `adjustmentCredits` may be negative. */
export const CreditsRefreshed = z.object({
  type: z.literal('CreditsRefreshed'),
  data: z.object({
    accountId: z.string(),
    refreshedAt: z.string(),
    nextRefreshAt: z.string(),
    allowanceCredits: z.number().int().nonnegative(),
    adjustmentCredits: z.number().int(),
  }),
});
export const CreditsGranted = z.object({
  type: z.literal('CreditsGranted'),
  data: z.object({ accountId: z.string(), grantId: z.string(), amountCredits: z.number().int().positive(), reason: z.string() }),
});
export const CreditsReserved = z.object({
  type: z.literal('CreditsReserved'),
  data: z.object({
    accountId: z.string(),
    reservationId: z.string(),
    amountCredits: z.number().int().positive(),
    operation: z.string(),
    requestId: z.string(),
    expiresAt: z.string().optional(),
    purpose: ReservationPurpose.optional(),
  }),
});
/**
 * A one-step charge: credits reserved and captured in one decision, for work whose answer was ready before the charge.
 * The reservation id is used once, as a reservation's is, and the charge can be refunded as a capture can. Charges
 * recorded before this event existed are a `CreditsReserved` without expiry followed by its `CreditsCaptured`.
 */
export const CreditsCharged = z.object({
  type: z.literal('CreditsCharged'),
  // What a reservation records, less what a charge never has: it is never pending (no expiry) and is always a call's.
  data: CreditsReserved.shape.data.omit({ expiresAt: true, purpose: true }),
});
/** The Purchase Balance side of a reservation, recorded in the same append as its `CreditsReserved`. */
export const CashReserved = z.object({
  type: z.literal('CashReserved'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), amountPence: z.number().int().positive() }),
});
/** A reservation neither captured nor released by `expiresAt` is voided by the ledger, so a crash cannot strand credits. */
export const CreditReservationExpired = z.object({
  type: z.literal('CreditReservationExpired'),
  data: z.object({
    accountId: z.string(),
    reservationId: z.string(),
    amountCredits: z.number().int().positive(),
    amountPence: z.number().int().positive().optional(),
    expiresAt: z.string(),
  }),
});
export const CreditReservationRejected = z.object({
  type: z.literal('CreditReservationRejected'),
  data: z.object({
    accountId: z.string(),
    reservationId: z.string(),
    amountCredits: z.number().int().positive(),
    availableCredits: z.number().int(),
    operation: z.string(),
    requestId: z.string(),
    /** Why, as a ledger error code; absent means not enough credits. */
    reasonCode: z.string().optional(),
    amountPence: z.number().int().nonnegative().optional(),
  }),
});
export const CreditsCaptured = z.object({
  type: z.literal('CreditsCaptured'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), amountCredits: z.number().int().positive() }),
});
export const CreditsReleased = z.object({
  type: z.literal('CreditsReleased'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), amountCredits: z.number().int().positive(), reason: z.string() }),
});
/**
 * A release that found no reservation under its id, sent to settle a call whose outcome was unknown: the id is used
 * up, so a reservation or charge under it that reaches the ledger afterwards (still on its way when the release was
 * decided) is refused. Holds and moves nothing.
 */
export const ReservationBarred = z.object({
  type: z.literal('ReservationBarred'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), reason: z.string() }),
});

export const CashCaptured = z.object({
  type: z.literal('CashCaptured'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), amountPence: z.number().int().positive() }),
});
export const CashReleased = z.object({
  type: z.literal('CashReleased'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), amountPence: z.number().int().positive(), reason: z.string() }),
});
/** The outcome of a submission is unknown: the reservation's cash and credits stay held, and never expire, until resolved. */
export const ReservationQuarantined = z.object({
  type: z.literal('ReservationQuarantined'),
  data: z.object({
    accountId: z.string(),
    reservationId: z.string(),
    amountCredits: z.number().int().nonnegative(),
    amountPence: z.number().int().nonnegative(),
    reason: z.string(),
  }),
});
export const CreditsRefunded = z.object({
  type: z.literal('CreditsRefunded'),
  data: z.object({
    accountId: z.string(),
    reservationId: z.string(),
    refundId: z.string(),
    amountCredits: z.number().int().positive(),
    reason: z.string(),
  }),
});
export const CashRefunded = z.object({
  type: z.literal('CashRefunded'),
  data: z.object({
    accountId: z.string(),
    reservationId: z.string(),
    refundId: z.string(),
    amountPence: z.number().int().positive(),
    reason: z.string(),
  }),
});
export const CashDeposited = z.object({
  type: z.literal('CashDeposited'),
  data: z.object({ accountId: z.string(), depositId: z.string(), amountPence: z.number().int().positive(), reference: z.string() }),
});
export const DebtRecorded = z.object({
  type: z.literal('DebtRecorded'),
  data: z.object({ accountId: z.string(), debtId: z.string(), amountPence: z.number().int().positive(), reason: z.string() }),
});
/** Part of a deposit that paid off debt, recorded with the deposit. */
export const DebtRepaid = z.object({
  type: z.literal('DebtRepaid'),
  data: z.object({ accountId: z.string(), depositId: z.string(), amountPence: z.number().int().positive() }),
});
export const AccountHeld = z.object({ type: z.literal('AccountHeld'), data: z.object({ accountId: z.string(), reason: z.string() }) });
export const AccountHoldLifted = z.object({
  type: z.literal('AccountHoldLifted'),
  data: z.object({ accountId: z.string(), reason: z.string() }),
});
export const OrderingEntitlementChanged = z.object({
  type: z.literal('OrderingEntitlementChanged'),
  /** `by` is absent on changes recorded before customers could make them: those were all an operator's. */
  data: z.object({ accountId: z.string(), enabled: z.boolean(), reason: z.string(), by: z.enum(['operator', 'customer']).optional() }),
});

export const LedgerEvent = z.discriminatedUnion('type', [
  AccountOpened,
  CreditsGranted,
  CreditsReserved,
  CreditReservationRejected,
  CreditsCharged,
  CreditsCaptured,
  CreditsReleased,
  ReservationBarred,
  CreditReservationExpired,
  CreditsRefreshed,
  CashReserved,
  CashCaptured,
  CashReleased,
  ReservationQuarantined,
  CreditsRefunded,
  CashRefunded,
  CashDeposited,
  DebtRecorded,
  DebtRepaid,
  AccountHeld,
  AccountHoldLifted,
  OrderingEntitlementChanged,
  ApiKeyIssued,
  ApiKeyRotated,
  ApiKeyRevoked,
  PaymentReceived,
  SubscriptionStarted,
  SubscriptionRenewed,
  PlanChanged,
  SubscriptionChangeRecorded,
  SubscriptionPaymentFailed,
  SubscriptionEnded,
  CreditsLapsed,
]);
export type LedgerEvent = z.infer<typeof LedgerEvent>;

export const accountStreamCategory = 'account';
export const accountStreamId = (accountId: string) => `${accountStreamCategory}-${accountId}`;
