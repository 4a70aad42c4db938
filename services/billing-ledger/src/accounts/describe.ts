import { billing } from '@pds/contracts';
import type { OpenAccount } from './account';

/** The account as `GET /account` and `admin account show` answer it, at `now` (which keys are in their grace). */
export const describeAccount = (state: OpenAccount, balance: billing.LedgerBalance, now: string): billing.AccountDescription => {
  const statuses = [...state.keys.values()].map((k) => billing.apiKeyStatusAt(k, now));
  return {
    ...balance,
    openedAt: state.openedAt,
    rateLimits: state.rateLimits,
    monthlyAllowanceCredits: state.creditCycle === 'monthly' ? state.monthlyCredits : null,
    keys: { active: statuses.filter((s) => s === 'active').length, inGrace: statuses.filter((s) => s === 'rotating').length },
  };
};
