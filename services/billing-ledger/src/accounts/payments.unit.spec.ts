import { deciderTests } from '@pds/service-runtime';
import {
  accountId,
  charged,
  june,
  may,
  now,
  pay,
  periodOf,
  received,
  standardSince,
  trial,
} from '../../../../test/support/ledger-payments';
import { availableCredits, type AccountEvent } from './account';
import { accountDecider, LedgerError } from './decide';
import { outcomeOf } from './handlers';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const topUp = { kind: 'top_up' } as const;
const upgrade = (subscriptionId: string, from: 'basic' | 'standard', to: 'standard' | 'premium') =>
  ({ kind: 'plan_upgrade', subscriptionId, from, to }) as const;

describe('account decider: payments', () => {
  it('a top-up deposits its amount under the payment id, paying any debt first', () => {
    const deposited: AccountEvent = {
      type: 'CashDeposited',
      data: { accountId, depositId: 'stripe:cs_t1', amountPence: 2_500, reference: 'card top-up pi_t1' },
    };
    given(trial)
      .when(pay('stripe:cs_t1', 2_500, topUp))
      .then([received('stripe:cs_t1', 2_500, topUp), deposited]);
    given([...trial, { type: 'DebtRecorded', data: { accountId, debtId: 'd1', amountPence: 1_000, reason: 'fee' } }])
      .when(pay('stripe:cs_t1', 2_500, topUp))
      .then([
        received('stripe:cs_t1', 2_500, topUp),
        deposited,
        { type: 'DebtRepaid', data: { accountId, depositId: 'stripe:cs_t1', amountPence: 1_000 } },
      ]);
  });

  it("a first period starts the subscription, takes its plan and refreshes to the plan's allowance (trial credits lapse into it)", () => {
    // 30 of the trial's 100 credits spent: 70 left, so the refresh to Standard's 5,000 adds 4,930.
    const { state } = given([...trial, charged('c1', 30)])
      .when(pay('stripe:in_1', 9_900, periodOf('sub_1', 'standard', may)))
      .then([
        received('stripe:in_1', 9_900, periodOf('sub_1', 'standard', may)),
        {
          type: 'SubscriptionStarted',
          data: {
            accountId,
            subscriptionId: 'sub_1',
            plan: 'standard',
            periodStartsAt: may.startsAt,
            periodEndsAt: may.endsAt,
            paymentId: 'stripe:in_1',
          },
        },
        { type: 'PlanChanged', data: { accountId, from: 'basic', to: 'standard', reason: 'subscription', paymentId: 'stripe:in_1' } },
        {
          type: 'CreditsRefreshed',
          data: { accountId, refreshedAt: now, nextRefreshAt: may.endsAt, allowanceCredits: 5_000, adjustmentCredits: 4_930 },
        },
      ]);
    const account = requireOpen(state, accountId);
    expect([account.creditCycle, account.plan, account.rateLimits.perMinute, availableCredits(account), account.nextRefreshAt]).toEqual([
      'subscription',
      'standard',
      30,
      5_000,
      may.endsAt,
    ]);
  });

  it('a Basic period on a Basic trial changes no plan: 100 credits refreshed to 1,000', () => {
    const events = given(trial)
      .when(pay('stripe:in_1', 2_900, periodOf('sub_1', 'basic', may)))
      .result().events;
    expect(events.map((e) => e.type)).toEqual(['PaymentReceived', 'SubscriptionStarted', 'CreditsRefreshed']);
    expect(events[2]?.data).toMatchObject({ allowanceCredits: 1_000, adjustmentCredits: 900 });
  });

  it('a later period renews, applying a scheduled downgrade; an earlier or the same period is only recorded', () => {
    // 1,200 of 5,000 spent: the renewal at Basic sets 3,800 to 1,000 (−2,800).
    const scheduled: AccountEvent = {
      type: 'SubscriptionChangeRecorded',
      data: {
        accountId,
        subscriptionId: 'sub_1',
        cancelAtPeriodEnd: false,
        planAtRenewal: 'basic',
        periodEndsAt: may.endsAt,
        stripeEventId: 'evt_1',
      },
    };
    const at = june.startsAt;
    const { state } = given([...standardSince(), charged('c1', 1_200), scheduled])
      .when(pay('stripe:in_2', 2_900, periodOf('sub_1', 'basic', june), at))
      .then([
        received('stripe:in_2', 2_900, periodOf('sub_1', 'basic', june), at),
        {
          type: 'SubscriptionRenewed',
          data: {
            accountId,
            subscriptionId: 'sub_1',
            plan: 'basic',
            periodStartsAt: june.startsAt,
            periodEndsAt: june.endsAt,
            paymentId: 'stripe:in_2',
          },
        },
        { type: 'PlanChanged', data: { accountId, from: 'standard', to: 'basic', reason: 'renewal', paymentId: 'stripe:in_2' } },
        {
          type: 'CreditsRefreshed',
          data: { accountId, refreshedAt: at, nextRefreshAt: june.endsAt, allowanceCredits: 1_000, adjustmentCredits: -2_800 },
        },
      ]);
    expect(requireOpen(state, accountId).subscription).toEqual({
      subscriptionId: 'sub_1',
      status: 'active',
      periodStartsAt: june.startsAt,
      periodEndsAt: june.endsAt,
      planAtRenewal: null,
    });
    // Another invoice for May (a late or reordered delivery): the money is recorded, the credits stay.
    given(standardSince())
      .when(pay('stripe:in_0', 9_900, periodOf('sub_1', 'standard', may)))
      .then([received('stripe:in_0', 9_900, periodOf('sub_1', 'standard', may))]);
  });

  it('a late renewal (paid after the period ended, while Stripe retried) renews and leaves past_due', () => {
    const failed: AccountEvent = {
      type: 'SubscriptionPaymentFailed',
      data: { accountId, subscriptionId: 'sub_1', invoiceId: 'in_2', attempt: 1, nextAttemptAt: '2026-06-06T12:00:00.000Z' },
    };
    const at = '2026-06-06T12:00:00.000Z';
    const { state } = given([...standardSince(), failed])
      .when(pay('stripe:in_2', 9_900, periodOf('sub_1', 'standard', june), at))
      .result();
    const account = requireOpen(state, accountId);
    expect([account.subscription?.status, account.subscription?.failedAttempt, account.nextRefreshAt, availableCredits(account)]).toEqual([
      'active',
      undefined,
      june.endsAt,
      5_000,
    ]);
  });

  it('a reordered start: June paid before May starts at June, and May then changes no credits', () => {
    const { state } = given(trial)
      .when(pay('stripe:in_2', 9_900, periodOf('sub_1', 'standard', june)), pay('stripe:in_1', 9_900, periodOf('sub_1', 'standard', may)))
      .result();
    const account = requireOpen(state, accountId);
    expect([account.subscription?.periodEndsAt, availableCredits(account), account.paymentIds.size]).toEqual([june.endsAt, 5_000, 2]);
  });

  it('a period of another subscription while one is active is recorded, unallocated, and answered SUBSCRIPTION_MISMATCH', () => {
    const command = pay('stripe:in_9', 9_900, periodOf('sub_2', 'standard', may));
    const { state } = given(standardSince())
      .when(command)
      .then([received('stripe:in_9', 9_900, periodOf('sub_2', 'standard', may), now, 'SUBSCRIPTION_MISMATCH')]);
    expect(outcomeOf(command, state)).toMatchObject({
      ok: false,
      error: { code: 'SUBSCRIPTION_MISMATCH' },
      data: { availableCredits: 5_000 },
    });
  });

  it('a period after an ended subscription starts a new one', () => {
    const ended: AccountEvent = {
      type: 'SubscriptionEnded',
      data: { accountId, subscriptionId: 'sub_1', endedAt: now, reason: 'cancelled' },
    };
    const types = given([...standardSince(), ended])
      .when(pay('stripe:in_5', 9_900, periodOf('sub_2', 'standard', june)))
      .result().events;
    expect(types.map((e) => e.type)).toEqual(['PaymentReceived', 'SubscriptionStarted', 'CreditsRefreshed']);
  });

  it('unallocated money is only recorded', () => {
    const purpose = { kind: 'unallocated', note: 'a payment link nobody made' } as const;
    given(trial)
      .when(pay('stripe:cs_u1', 700, purpose))
      .then([received('stripe:cs_u1', 700, purpose)]);
  });

  it('an upgrade raises the plan now and grants the difference of the allowances (Standard to Premium: 15,000)', () => {
    given(standardSince())
      .when(pay('stripe:cs_up', 13_334, upgrade('sub_1', 'standard', 'premium')))
      .then([
        received('stripe:cs_up', 13_334, upgrade('sub_1', 'standard', 'premium')),
        { type: 'PlanChanged', data: { accountId, from: 'standard', to: 'premium', reason: 'upgrade', paymentId: 'stripe:cs_up' } },
        {
          type: 'CreditsGranted',
          data: { accountId, grantId: 'stripe:cs_up', amountCredits: 15_000, reason: 'upgrade from standard to premium' },
        },
      ]);
  });

  it('an upgrade that does not fit (from another plan, another subscription, none) is recorded and flagged', () => {
    for (const [events, purpose] of [
      [standardSince(), upgrade('sub_1', 'basic', 'standard')],
      [standardSince(), upgrade('sub_2', 'standard', 'premium')],
      [trial, upgrade('sub_1', 'basic', 'premium')],
    ] as const) {
      given(events)
        .when(pay('stripe:cs_up', 5_000, purpose))
        .then([received('stripe:cs_up', 5_000, purpose, now, 'SUBSCRIPTION_MISMATCH')]);
    }
  });

  it('the same payment again changes nothing, whatever reference or key order; other content is PAYMENT_MISMATCH', () => {
    const paid = [...trial, received('stripe:cs_t1', 2_500, { kind: 'top_up' })];
    given(paid)
      .when(pay('stripe:cs_t1', 2_500, topUp))
      .then([]);
    const another = pay('stripe:cs_t1', 2_500, topUp);
    given(paid)
      .when({ ...another, data: { ...another.data, providerRef: 'ch_other' } } as typeof another)
      .then([]);
    given(paid)
      .when(pay('stripe:cs_t1', 2_600, topUp))
      .thenThrows(LedgerError, { code: 'PAYMENT_MISMATCH' });
    given(paid)
      .when(pay('stripe:cs_t1', 2_500, periodOf('sub_1', 'basic', may)))
      .thenThrows(LedgerError, { code: 'PAYMENT_MISMATCH' });
    // As read back from jsonb, which orders keys by length: the same content.
    const p = periodOf('sub_1', 'standard', may);
    const reordered = {
      periodEndsAt: may.endsAt,
      plan: 'standard',
      kind: 'subscription_period',
      periodStartsAt: may.startsAt,
      priceId: 'price_standard',
      subscriptionId: 'sub_1',
    } as const;
    given([...trial, received('stripe:in_1', 9_900, reordered)])
      .when(pay('stripe:in_1', 9_900, p))
      .then([]);
  });
});
