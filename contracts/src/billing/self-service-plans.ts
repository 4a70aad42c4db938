import { z } from '../zod';
import type { Plan } from './commands';

/** The plans a customer can buy in the dashboard; Enterprise accounts are still made by an operator. */
export const selfServicePlans = ['basic', 'standard', 'premium'] as const;
export const SelfServicePlan = z.enum(selfServicePlans);
export type SelfServicePlan = z.infer<typeof SelfServicePlan>;

/**
 * A month of each plan, in whole pence. A proposal awaiting the owner's decision (and whether it includes VAT); the
 * specification names no prices, only each plan's limits.
 */
export const planMonthlyPricePence: Record<SelfServicePlan, number> = { basic: 2_900, standard: 9_900, premium: 29_900 };

/** Credits a new self-service account starts with: Basic limits, no card, never refreshed. */
export const trialCredits = 100;

/** A card top-up of the Purchase Balance: £10 to £1,000, in whole pounds. */
export const topUpPence = { min: 1_000, max: 100_000, step: 100 } as const;

/** Stripe will not take a card payment under 30p, so a smaller upgrade charge is raised to it. */
export const upgradeChargeMinPence = 30;

/** Plans from the least to the most: an upgrade moves up this list. */
export const planRank = (plan: Plan): number => (['basic', 'standard', 'premium', 'enterprise'] as const).indexOf(plan);

/**
 * An upgrade's charge now: the difference between the two monthly prices for the part of the current period still to
 * run, rounded up to whole pence (integer arithmetic: the product stays far below 2^53), at least 30p.
 */
export const upgradeChargePence = (
  from: SelfServicePlan,
  to: SelfServicePlan,
  period: { startsAt: string; endsAt: string },
  now: Date,
): number => {
  if (planRank(to) <= planRank(from)) throw new RangeError(`${to} is not an upgrade from ${from}`);
  const startsMs = Date.parse(period.startsAt);
  const endsMs = Date.parse(period.endsAt);
  if (!(endsMs > startsMs)) throw new RangeError(`the period ${period.startsAt} to ${period.endsAt} is empty`);
  const leftMs = Math.min(Math.max(endsMs - now.getTime(), 0), endsMs - startsMs);
  const differencePence = planMonthlyPricePence[to] - planMonthlyPricePence[from];
  const proRataPence = Math.ceil((differencePence * leftMs) / (endsMs - startsMs));
  return Math.max(proRataPence, upgradeChargeMinPence);
};
