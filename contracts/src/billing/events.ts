import { z } from '../zod';
import { Plan } from './commands';
import { RateLimits } from './plans';

/** Ledger events, stored on the stream `account-<accountId>`; amounts are whole credits. */
export const AccountOpened = z.object({
  type: z.literal('AccountOpened'),
  data: z.object({
    accountId: z.string(),
    plan: Plan,
    apiKeyHash: z.string(),
    apiKeyPrefix: z.string(),
    openedAt: z.string(),
    rateLimits: RateLimits.optional(),
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
  }),
});
/** A reservation neither captured nor released by `expiresAt` is voided by the ledger, so a crash cannot strand credits. */
export const CreditReservationExpired = z.object({
  type: z.literal('CreditReservationExpired'),
  data: z.object({ accountId: z.string(), reservationId: z.string(), amountCredits: z.number().int().positive(), expiresAt: z.string() }),
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

export const LedgerEvent = z.discriminatedUnion('type', [
  AccountOpened,
  CreditsGranted,
  CreditsReserved,
  CreditReservationRejected,
  CreditsCaptured,
  CreditsReleased,
  CreditReservationExpired,
]);
export type LedgerEvent = z.infer<typeof LedgerEvent>;

export const accountStreamCategory = 'account';
export const accountStreamId = (accountId: string) => `${accountStreamCategory}-${accountId}`;
