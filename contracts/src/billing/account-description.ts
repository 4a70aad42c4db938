import { defineCommand } from '../messaging/envelope';
import { z } from '../zod';
import { AccountId as accountId, LedgerBalance, Plan } from './commands';
import { RateLimits } from './plans';

/**
 * An account as its owner and its operators see it: what `GET /account` answers and `admin account show` prints, one
 * object from one ledger command, so the two cannot disagree. The balance, then what the account is allowed.
 */
export const AccountDescription = LedgerBalance.extend({
  openedAt: z.string().datetime({ offset: true }),
  /** The limits the gateway enforces: the plan's, or an Enterprise account's own. */
  rateLimits: RateLimits,
  /** What each refresh restores; null when the balance does not renew (a trial, a non-renewing balance). */
  monthlyAllowanceCredits: z.number().int().positive().nullable(),
  /** The self-service subscription, if the account has had one; its status decides what the next period brings. */
  subscription: z
    .object({
      subscriptionId: z.string(),
      status: z.enum(['active', 'past_due', 'cancelling', 'ended']),
      currentPeriodStartsAt: z.string().datetime({ offset: true }),
      currentPeriodEndsAt: z.string().datetime({ offset: true }),
      /** A downgrade waiting for the renewal; null when the next period keeps the plan. */
      planAtRenewal: Plan.nullable(),
    })
    .nullable(),
  /** Keys that authenticate now: `active`, and `inGrace` (rotated, working until their grace ends). */
  keys: z.object({ active: z.number().int().nonnegative(), inGrace: z.number().int().nonnegative() }),
});
export type AccountDescription = z.infer<typeof AccountDescription>;

/** Reading it applies a refresh that has fallen due, as reading a balance does. */
export const DescribeAccount = defineCommand('DescribeAccount', z.object({ accountId }), AccountDescription);
