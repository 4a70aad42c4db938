import { defineCommand } from '../messaging/envelope';
import { z } from '../zod';
import { AccountOrigin, CreditCycle, RateLimits } from './plans';

export const plans = ['basic', 'standard', 'premium', 'enterprise'] as const;
export const Plan = z.enum(plans);
export type Plan = z.infer<typeof Plan>;

/** An account's id, as every ledger command names it. */
export const AccountId = z.string().regex(/^acc_[A-Za-z0-9]{8,40}$/);
const accountId = AccountId;
const customerId = z.string().regex(/^cst_[a-z2-7]{26}$/);
const credits = z.number().int().positive().max(1_000_000_000);
/** Purchase Balance amounts are whole pence. */
const pence = z.number().int().positive().max(100_000_000);
const reason = z.string().min(1).max(200);
const operationId = z.string().min(1).max(100);

/** What a reservation is for: paid official-copy orders also need the ordering entitlement and an account in good standing. */
export const reservationPurposes = ['api_call', 'official_copy_order', 'report'] as const;
export const ReservationPurpose = z.enum(reservationPurposes);

/** What the ledger reports after any command: the balance the gateway shows the caller. */
export const LedgerBalance = z.object({
  accountId,
  plan: Plan,
  availableCredits: z.number().int(),
  reservedCredits: z.number().int().nonnegative(),
  creditsRefreshAt: z.string().datetime({ offset: true }).nullable(),
  creditCycle: CreditCycle,
  purchaseBalance: z.object({
    availablePence: z.number().int(),
    reservedPence: z.number().int().nonnegative(),
    /** Held for submissions whose outcome is uncertain; neither spent nor spendable until resolved. */
    quarantinedPence: z.number().int().nonnegative(),
    debtPence: z.number().int().nonnegative(),
  }),
  standing: z.object({ held: z.boolean(), orderingEnabled: z.boolean() }),
});
export type LedgerBalance = z.infer<typeof LedgerBalance>;

export const OpenAccount = defineCommand(
  'OpenAccount',
  z.object({
    accountId,
    plan: Plan,
    /**
     * SHA-256 of the API key, hex; the key itself never leaves the process that made it. Both or neither: an account
     * opened from the dashboard has no key until its owner makes one.
     */
    apiKeyHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    apiKeyPrefix: z.string().min(4).max(24).optional(),
    /** Who opened it: an operator, or a customer signing up (then a trial on the Basic plan, see `trialCredits`). */
    origin: AccountOrigin.default('operator'),
    /** The customer who signed up for it; only on self-service accounts, and what a repeat of the opening compares. */
    customerId: customerId.optional(),
    /** Credits until the first refresh; defaults to the monthly allowance on monthly accounts, else 0. */
    openingCredits: z.number().int().min(0).max(1_000_000_000).optional(),
    creditCycle: CreditCycle.default('monthly'),
    /** Only for Enterprise accounts; other plans refresh to their plan's allowance. */
    monthlyCredits: credits.optional(),
    /** Only for Enterprise accounts; other plans take their plan's limits. */
    rateLimits: RateLimits.optional(),
    orderingEnabled: z.boolean().default(false),
  }),
  LedgerBalance,
);

export const GrantCredits = defineCommand(
  'GrantCredits',
  z.object({ accountId, grantId: z.string().min(1).max(100), amountCredits: credits, reason: z.string().min(1).max(200) }),
  LedgerBalance,
);

export const ReserveCredits = defineCommand(
  'ReserveCredits',
  z.object({
    accountId,
    reservationId: z.string().min(1).max(100),
    amountCredits: credits,
    /** Purchase Balance reserved in the same step: both or neither. */
    amountPence: z.number().int().min(0).max(100_000_000).default(0),
    purpose: ReservationPurpose.default('api_call'),
    /** How long the ledger keeps the reservation before voiding it; the ledger's default suits a single API call. */
    expiresInMs: z
      .number()
      .int()
      .min(1_000)
      .max(30 * 24 * 3_600_000)
      .optional(),
    operation: operationId,
    requestId: operationId,
  }),
  LedgerBalance,
);

/**
 * Reserves and captures in one step: for work already done whose answer is ready, so that nothing is held while it
 * runs. Refused (and recorded as refused) when the credits are short; a repeat of the same id changes nothing.
 */
export const ChargeCredits = defineCommand(
  'ChargeCredits',
  z.object({
    accountId,
    reservationId: z.string().min(1).max(100),
    amountCredits: credits,
    operation: operationId,
    requestId: operationId,
  }),
  LedgerBalance,
);

export const CaptureCredits = defineCommand(
  'CaptureCredits',
  z.object({ accountId, reservationId: z.string().min(1).max(100) }),
  LedgerBalance,
);

export const ReleaseCredits = defineCommand(
  'ReleaseCredits',
  z.object({
    accountId,
    reservationId: z.string().min(1).max(100),
    reason,
    /**
     * For settling a call whose outcome is unknown: when the account has no reservation under this id, the id is
     * barred (recorded as settled before it was made), so that a reservation or charge under it still on its way is
     * refused when it arrives; answered as a release. Without it, an unknown id is refused as not found.
     */
    barUnmade: z.boolean().optional(),
  }),
  LedgerBalance,
);

/** A submission whose outcome is unknown: the reservation (cash and credits) stays held, never expires, until captured or released. */
export const QuarantineReservation = defineCommand(
  'QuarantineReservation',
  z.object({ accountId, reservationId: z.string().min(1).max(100), reason }),
  LedgerBalance,
);

/** Gives back part or all of what a captured reservation took. */
export const RefundCapture = defineCommand(
  'RefundCapture',
  z
    .object({
      accountId,
      reservationId: z.string().min(1).max(100),
      refundId: operationId,
      amountCredits: z.number().int().min(0).max(1_000_000_000).default(0),
      amountPence: z.number().int().min(0).max(100_000_000).default(0),
      reason,
    })
    .refine((r) => r.amountCredits + r.amountPence > 0, { message: 'a refund gives back credits, pence or both' }),
  LedgerBalance,
);

export const DepositPurchaseBalance = defineCommand(
  'DepositPurchaseBalance',
  z.object({ accountId, depositId: operationId, amountPence: pence, reference: reason }),
  LedgerBalance,
);

export const RecordDebt = defineCommand(
  'RecordDebt',
  z.object({ accountId, debtId: operationId, amountPence: pence, reason }),
  LedgerBalance,
);

export const SetAccountHold = defineCommand('SetAccountHold', z.object({ accountId, held: z.boolean(), reason }), LedgerBalance);

/**
 * Official-copy ordering on or off. An operator's disable locks it: the customer cannot turn it back on until an
 * operator enables it. A customer may enable it only on a paid plan, not held and not in debt.
 */
export const SetOrderingEntitlement = defineCommand(
  'SetOrderingEntitlement',
  z.object({ accountId, enabled: z.boolean(), reason, by: z.enum(['operator', 'customer']).default('operator') }),
  LedgerBalance,
);

export const GetBalance = defineCommand('GetBalance', z.object({ accountId }), LedgerBalance);

export const ledgerErrorCodes = {
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  accountExists: 'ACCOUNT_EXISTS',
  customLimitsNotAllowed: 'CUSTOM_LIMITS_NOT_ALLOWED',
  insufficientCredits: 'INSUFFICIENT_CREDITS',
  reservationNotFound: 'RESERVATION_NOT_FOUND',
  reservationCaptured: 'RESERVATION_ALREADY_CAPTURED',
  reservationReleased: 'RESERVATION_ALREADY_RELEASED',
  reservationExpired: 'RESERVATION_EXPIRED',
  reservationMismatch: 'RESERVATION_MISMATCH',
  reservationNotCaptured: 'RESERVATION_NOT_CAPTURED',
  refundExceedsCapture: 'REFUND_EXCEEDS_CAPTURE',
  refundMismatch: 'REFUND_MISMATCH',
  customAllowanceNotAllowed: 'CUSTOM_ALLOWANCE_NOT_ALLOWED',
  insufficientPurchaseBalance: 'INSUFFICIENT_PURCHASE_BALANCE',
  accountHeld: 'ACCOUNT_HELD',
  accountInDebt: 'ACCOUNT_IN_DEBT',
  orderingNotEnabled: 'ORDERING_NOT_ENABLED',
  keyNotFound: 'KEY_NOT_FOUND',
  keyNotActive: 'KEY_NOT_ACTIVE',
  keyMismatch: 'KEY_MISMATCH',
  keyLimitReached: 'KEY_LIMIT_REACHED',
  paymentMismatch: 'PAYMENT_MISMATCH',
  subscriptionMismatch: 'SUBSCRIPTION_MISMATCH',
  orderingLocked: 'ORDERING_LOCKED',
  planRequired: 'PLAN_REQUIRED',
  openingInvalid: 'OPENING_INVALID',
} as const;
