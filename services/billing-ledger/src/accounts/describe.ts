import { billing } from '@pds/contracts';
import type { OpenAccount } from './account';

const renews = (state: OpenAccount) =>
  state.creditCycle === 'monthly' || (state.creditCycle === 'subscription' && state.subscription?.status !== 'cancelling');

const subscriptionOf = ({ subscription: s }: OpenAccount): billing.AccountDescription['subscription'] =>
  s && {
    subscriptionId: s.subscriptionId,
    status: s.status,
    currentPeriodStartsAt: s.periodStartsAt,
    currentPeriodEndsAt: s.periodEndsAt,
    planAtRenewal: s.planAtRenewal,
  };

/** The account as `GET /account` and `admin account show` answer it, at `now` (which keys are in their grace). */
export const describeAccount = (state: OpenAccount, balance: billing.LedgerBalance, now: string): billing.AccountDescription => {
  const statuses = [...state.keys.values()].map((k) => billing.apiKeyStatusAt(k, now));
  return {
    ...balance,
    openedAt: state.openedAt,
    rateLimits: state.rateLimits,
    // A subscription's allowance is restored by its next paid period, so none is promised once it is cancelling.
    monthlyAllowanceCredits: renews(state) ? state.monthlyCredits : null,
    subscription: subscriptionOf(state),
    keys: { active: statuses.filter((s) => s === 'active').length, inGrace: statuses.filter((s) => s === 'rotating').length },
  };
};
