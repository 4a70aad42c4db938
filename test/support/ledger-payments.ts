import type { AccountCommand, AccountEvent } from '@pds/billing-ledger';
import type { billing, SelfServicePlan } from '@pds/contracts';

// An account's payments and subscription for decider tests: a trial of 100 credits, then money arriving. Figures are
// the contracts' (Basic 1,000 credits a month, Standard 5,000, Premium 20,000), worked out by hand in each test.

export const accountId = 'acc_payments01';
export const now = '2026-05-03T12:00:00.000Z';
export const may = { startsAt: '2026-05-03T12:00:00.000Z', endsAt: '2026-06-03T12:00:00.000Z' };
export const june = { startsAt: '2026-06-03T12:00:00.000Z', endsAt: '2026-07-03T12:00:00.000Z' };

/** Opened two days before `now` on a Basic trial with its 100 credits. */
export const trial: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: {
      accountId,
      plan: 'basic',
      apiKeyHash: 'a'.repeat(64),
      apiKeyPrefix: 'pds_live_aaaa',
      openedAt: '2026-05-01T09:00:00.000Z',
      creditCycle: 'trial',
    },
  },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 100, reason: 'trial' } },
];

type Period = { startsAt: string; endsAt: string };
export const periodOf = (subscriptionId: string, plan: SelfServicePlan, p: Period): billing.PaymentPurpose => ({
  kind: 'subscription_period',
  subscriptionId,
  priceId: `price_${plan}`,
  plan,
  periodStartsAt: p.startsAt,
  periodEndsAt: p.endsAt,
});

export const pay = (paymentId: string, amountPence: number, purpose: billing.PaymentPurpose, at = now): AccountCommand => ({
  type: 'RecordPayment',
  data: { accountId, paymentId, amountPence, currency: 'gbp', providerRef: `pi_${paymentId.slice(10)}`, purpose },
  now: at,
});

export const received = (
  paymentId: string,
  amountPence: number,
  purpose: billing.PaymentPurpose,
  at = now,
  unallocatedCode?: string,
): AccountEvent => ({
  type: 'PaymentReceived',
  data: {
    accountId,
    paymentId,
    amountPence,
    currency: 'gbp',
    providerRef: `pi_${paymentId.slice(10)}`,
    purpose,
    receivedAt: at,
    ...(unallocatedCode ? { unallocatedCode } : {}),
  },
});

/** The trial's first Standard period paid (£99): the 100 trial credits become the Standard allowance of 5,000. */
export const standardSince = (subscriptionId = 'sub_1', p: Period = may): AccountEvent[] => [
  ...trial,
  received('stripe:in_1', 9_900, periodOf(subscriptionId, 'standard', p)),
  {
    type: 'SubscriptionStarted',
    data: { accountId, subscriptionId, plan: 'standard', periodStartsAt: p.startsAt, periodEndsAt: p.endsAt, paymentId: 'stripe:in_1' },
  },
  { type: 'PlanChanged', data: { accountId, from: 'basic', to: 'standard', reason: 'subscription', paymentId: 'stripe:in_1' } },
  {
    type: 'CreditsRefreshed',
    data: { accountId, refreshedAt: now, nextRefreshAt: p.endsAt, allowanceCredits: 5_000, adjustmentCredits: 4_900 },
  },
];

/** A one-step charge of `amountCredits` (an API call's). */
export const charged = (reservationId: string, amountCredits: number): AccountEvent => ({
  type: 'CreditsCharged',
  data: { accountId, reservationId, amountCredits, operation: 'op', requestId: 'req' },
});
