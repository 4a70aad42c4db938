import { planMonthlyCredits, planRateLimits } from '@pds/contracts';
import type { AccountEvent, OpenAccount, Subscription } from './account';
import { cannot } from './evolve-reservations';
import { paymentContentHash } from './payments';
import { statusAfterChange } from './subscriptions';

export type PaymentEvent = Extract<
  AccountEvent,
  {
    type:
      | 'PaymentReceived'
      | 'SubscriptionStarted'
      | 'SubscriptionRenewed'
      | 'PlanChanged'
      | 'SubscriptionChangeRecorded'
      | 'SubscriptionPaymentFailed'
      | 'SubscriptionEnded'
      | 'CreditsLapsed';
  }
>;

/** The subscription an event names: any other means the stream is not what the ledger wrote. */
const named = (s: OpenAccount, event: Extract<PaymentEvent, { data: { subscriptionId: string } }>): Subscription => {
  const current = s.subscription;
  if (current?.subscriptionId !== event.data.subscriptionId)
    throw cannot(event, `subscription ${event.data.subscriptionId} is not the account's`);
  return current;
};

/** What a payment or subscription event did to the account. */
export const evolvePayment = (s: OpenAccount, event: PaymentEvent): OpenAccount => {
  switch (event.type) {
    case 'PaymentReceived': {
      const { paymentId, amountPence, purpose, unallocatedCode } = event.data;
      if (s.paymentIds.has(paymentId)) throw cannot(event, `payment ${paymentId} is already recorded`);
      const payment = {
        contentHash: paymentContentHash(event.data),
        purpose,
        amountPence,
        ...(unallocatedCode ? { unallocatedCode } : {}),
      };
      return { ...s, paymentIds: new Map(s.paymentIds).set(paymentId, payment) };
    }
    case 'SubscriptionStarted': {
      if (s.subscription && s.subscription.status !== 'ended')
        throw cannot(event, `subscription ${s.subscription.subscriptionId} has not ended`);
      const { subscriptionId, periodStartsAt, periodEndsAt } = event.data;
      return {
        ...s,
        creditCycle: 'subscription',
        subscription: { subscriptionId, status: 'active', periodStartsAt, periodEndsAt, planAtRenewal: null },
      };
    }
    case 'SubscriptionRenewed': {
      const { periodStartsAt, periodEndsAt } = event.data;
      // A paid period clears what waited for it: a failure (the retry succeeded), a cancellation withdrawn, a downgrade applied.
      const { failedAttempt: _settled, ...current } = named(s, event);
      return { ...s, subscription: { ...current, status: 'active', periodStartsAt, periodEndsAt, planAtRenewal: null } };
    }
    case 'PlanChanged': {
      if (event.data.from !== s.plan) throw cannot(event, `the plan is ${s.plan}, not ${event.data.from}`);
      const { to } = event.data;
      const subscription = s.subscription && event.data.reason === 'upgrade' ? { ...s.subscription, planAtRenewal: null } : s.subscription;
      return { ...s, plan: to, rateLimits: planRateLimits[to], monthlyCredits: planMonthlyCredits[to], subscription };
    }
    case 'SubscriptionChangeRecorded': {
      const current = named(s, event);
      const { cancelAtPeriodEnd, planAtRenewal } = event.data;
      const status = statusAfterChange(current.status, cancelAtPeriodEnd);
      // A cancelling subscription's balance does not renew: no refresh date to show.
      return { ...s, subscription: { ...current, status, planAtRenewal }, nextRefreshAt: cancelAtPeriodEnd ? null : current.periodEndsAt };
    }
    case 'SubscriptionPaymentFailed': {
      const { invoiceId, attempt } = event.data;
      return { ...s, subscription: { ...named(s, event), status: 'past_due', failedAttempt: { invoiceId, attempt } } };
    }
    case 'SubscriptionEnded':
      return {
        ...s,
        subscription: { ...named(s, event), status: 'ended', planAtRenewal: null },
        creditCycle: 'non_renewing',
        nextRefreshAt: null,
      };
    case 'CreditsLapsed':
      // Whether it lapses more than was available is a sum over the account, the audit's check.
      return { ...s, grantedCredits: s.grantedCredits - event.data.amountCredits };
  }
};
