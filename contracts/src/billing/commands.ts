import { defineCommand } from '../messaging/envelope';
import { z } from '../zod';
import { RateLimits } from './plans';

export const plans = ['basic', 'standard', 'premium', 'enterprise'] as const;
export const Plan = z.enum(plans);
export type Plan = z.infer<typeof Plan>;

const accountId = z.string().regex(/^acc_[A-Za-z0-9]{8,40}$/);
const credits = z.number().int().positive().max(1_000_000_000);

/** What the ledger reports after any command: the balance the gateway shows the caller. */
export const LedgerBalance = z.object({
  accountId,
  plan: Plan,
  availableCredits: z.number().int(),
  reservedCredits: z.number().int().nonnegative(),
  creditsRefreshAt: z.string().datetime({ offset: true }).nullable(),
});
export type LedgerBalance = z.infer<typeof LedgerBalance>;

export const OpenAccount = defineCommand(
  'OpenAccount',
  z.object({
    accountId,
    plan: Plan,
    /** SHA-256 of the API key, hex; the key itself never leaves the process that made it. */
    apiKeyHash: z.string().regex(/^[0-9a-f]{64}$/),
    apiKeyPrefix: z.string().min(4).max(24),
    openingCredits: z.number().int().min(0).max(1_000_000_000),
    /** Only for Enterprise accounts; other plans take their plan's limits. */
    rateLimits: RateLimits.optional(),
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
    operation: z.string().min(1).max(100),
    requestId: z.string().min(1).max(100),
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
  z.object({ accountId, reservationId: z.string().min(1).max(100), reason: z.string().min(1).max(200) }),
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
} as const;
