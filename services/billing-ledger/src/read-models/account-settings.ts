import type { ledgerEvents } from '@pds/contracts';

/**
 * Columns of `account_balances` an event sets outright (the counters it moves are `deltaOf`'s). A plan change takes
 * the new plan's limits (the custom columns cleared: `api_callers` then answers the plan's), so the gateway admits by
 * them from the next call; a subscription's cycle and next refresh follow its payments and changes.
 */
export const settingsOf = (e: ledgerEvents.LedgerEvent): Record<string, unknown> => {
  switch (e.type) {
    case 'CreditsRefreshed':
      return { credits_refresh_at: e.data.nextRefreshAt };
    case 'AccountHeld':
      return { held: true };
    case 'AccountHoldLifted':
      return { held: false };
    case 'OrderingEntitlementChanged':
      return { ordering_enabled: e.data.enabled };
    case 'PlanChanged':
      return { plan: e.data.to, rate_per_minute: null, rate_per_day: null, rate_per_month: null };
    case 'SubscriptionStarted':
      return { credit_cycle: 'subscription' };
    case 'SubscriptionChangeRecorded':
      return { credits_refresh_at: e.data.cancelAtPeriodEnd ? null : e.data.periodEndsAt };
    case 'SubscriptionEnded':
      return { credit_cycle: 'non_renewing', credits_refresh_at: null };
    default:
      return {};
  }
};
