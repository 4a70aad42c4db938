import { z } from '../zod';
import type { Plan } from './commands';

export const RateLimits = z
  .object({
    perMinute: z.number().int().positive().max(1_000_000),
    perDay: z.number().int().positive().max(100_000_000),
    perMonth: z.number().int().positive().max(1_000_000_000),
  })
  .openapi('RateLimits');
export type RateLimits = z.infer<typeof RateLimits>;

/**
 * Request limits per plan, from the specification's Limits table. Enterprise limits are set per account; an
 * Enterprise account opened without them gets these defaults.
 */
export const planRateLimits: Record<Plan, RateLimits> = {
  basic: { perMinute: 10, perDay: 500, perMonth: 5_000 },
  standard: { perMinute: 30, perDay: 2_000, perMonth: 30_000 },
  premium: { perMinute: 100, perDay: 5_000, perMonth: 100_000 },
  enterprise: { perMinute: 1_000, perDay: 100_000, perMonth: 2_000_000 },
};

/**
 * How an account's credits renew. `monthly`: the balance resets to the monthly allowance on each anniversary of the
 * account's opening (Europe/London); `subscription`: it resets when a paid period of a self-service subscription
 * arrives, not on a date, so an unpaid period refreshes nothing (an account is never opened on it: its first paid
 * period sets it); `trial` and `non_renewing`: credits last until spent and never refresh.
 */
export const creditCycles = ['monthly', 'subscription', 'trial', 'non_renewing'] as const;
export const CreditCycle = z.enum(creditCycles).openapi('CreditCycle');
export type CreditCycle = z.infer<typeof CreditCycle>;

/** Credits each monthly refresh restores, per plan. Enterprise accounts may set their own allowance. */
export const planMonthlyCredits: Record<Plan, number> = {
  basic: 1_000,
  standard: 5_000,
  premium: 20_000,
  enterprise: 100_000,
};

/** Who opened an account: an operator (`admin account open`), or a customer through the dashboard. */
export const AccountOrigin = z.enum(['operator', 'self_service']).openapi('AccountOrigin');
export type AccountOrigin = z.infer<typeof AccountOrigin>;
