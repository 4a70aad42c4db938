import { z } from '../zod';

export const Billing = z
  .object({
    mode: z.literal('prepaid'),
    creditsCharged: z.number().int().nonnegative(),
    creditsRemaining: z.number().int().nullable(),
    creditsRefreshAt: z
      .string()
      .datetime({ offset: true })
      .nullable()
      .openapi({ description: 'Next monthly credit refresh; null for trial and non-renewing balances' }),
    creditsReserved: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .openapi({ description: 'Order placement only: credits held by the order, charged when the registry accepts it (0 for a replay)' }),
  })
  .openapi('Billing');
export type Billing = z.infer<typeof Billing>;

/** Header names of the billing and rate-limit headers, spelled once. */
export const billingHeaders = {
  charged: 'X-Credits-Charged',
  remaining: 'X-Credits-Remaining',
  refreshAt: 'X-Credits-Refresh-At',
  /** Order placement only: credits the order holds, to be charged when the registry accepts it. */
  reserved: 'X-Credits-Reserved',
} as const;

export const successEnvelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data, billing: Billing });

/** Rate-limit headers on every authenticated response; the reset is Unix time in seconds. */
export const rateLimitHeaders = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const;

/** Free calls (order status, test register extraction) answer without the billing object; the headers still say 0. */
export const freeEnvelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data });
