import { deciderTests } from '@pds/service-runtime';
import { accountId, charged, may, now, standardSince } from '../../../../test/support/ledger-payments';
import { availableCredits, type AccountEvent } from './account';
import { accountDecider, LedgerError, type AccountCommand } from './decide';
import { describeAccount } from './describe';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const change = (
  cancelAtPeriodEnd: boolean,
  planAtRenewal: 'basic' | 'standard' | null = null,
  subscriptionId = 'sub_1',
): AccountCommand => ({
  type: 'RecordSubscriptionChange',
  data: { accountId, subscriptionId, cancelAtPeriodEnd, planAtRenewal, stripeEventId: 'evt_1' },
  now,
});
const changed = (cancelAtPeriodEnd: boolean, planAtRenewal: 'basic' | null = null): AccountEvent => ({
  type: 'SubscriptionChangeRecorded',
  data: { accountId, subscriptionId: 'sub_1', cancelAtPeriodEnd, planAtRenewal, periodEndsAt: may.endsAt, stripeEventId: 'evt_1' },
});
const failure = (attempt: number, invoiceId = 'in_2'): AccountCommand => ({
  type: 'RecordSubscriptionPaymentFailed',
  data: { accountId, subscriptionId: 'sub_1', invoiceId, attempt, nextAttemptAt: null },
  now,
});
const end = (subscriptionId = 'sub_1'): AccountCommand => ({
  type: 'EndSubscription',
  data: { accountId, subscriptionId, endedAt: now, reason: 'cancelled' },
  now,
});
const ended: AccountEvent = { type: 'SubscriptionEnded', data: { accountId, subscriptionId: 'sub_1', endedAt: now, reason: 'cancelled' } };
const subscribed = standardSince();

describe('account decider: subscription changes', () => {
  it('cancelling stops the refresh date and the promised allowance; resuming restores both; a repeat records nothing', () => {
    const { state } = given(subscribed)
      .when(change(true))
      .then([changed(true)]);
    const cancelling = requireOpen(state, accountId);
    expect([cancelling.subscription?.status, cancelling.nextRefreshAt]).toEqual(['cancelling', null]);
    expect(describeAccount(cancelling, { accountId } as never, now).monthlyAllowanceCredits).toBeNull();
    given([...subscribed, changed(true)])
      .when(change(true))
      .then([]);
    const resumed = given([...subscribed, changed(true)])
      .when(change(false))
      .then([changed(false)]).state;
    expect([requireOpen(resumed, accountId).subscription?.status, requireOpen(resumed, accountId).nextRefreshAt]).toEqual([
      'active',
      may.endsAt,
    ]);
  });

  it('records a downgrade for the renewal; the current plan as the renewal plan is no change', () => {
    given(subscribed)
      .when(change(false, 'basic'))
      .then([changed(false, 'basic')]);
    given(subscribed).when(change(false, 'standard')).then([]);
  });

  it("refuses a change of another subscription, or when there is none; an ended subscription's change records nothing", () => {
    given(subscribed)
      .when(change(true, null, 'sub_2'))
      .thenThrows(LedgerError, { code: 'SUBSCRIPTION_MISMATCH' });
    given(subscribed.slice(0, 2)).when(change(true)).thenThrows(LedgerError, { code: 'SUBSCRIPTION_MISMATCH' });
    given([...subscribed, ended])
      .when(change(true))
      .then([]);
  });

  it('a failed payment makes it past_due and leaves the credits; the same attempt again, or a paid invoice, records nothing', () => {
    const failed = (attempt: number): AccountEvent => ({
      type: 'SubscriptionPaymentFailed',
      data: { accountId, subscriptionId: 'sub_1', invoiceId: 'in_2', attempt, nextAttemptAt: null },
    });
    const { state } = given(subscribed)
      .when(failure(1))
      .then([failed(1)]);
    expect([requireOpen(state, accountId).subscription?.status, availableCredits(requireOpen(state, accountId))]).toEqual([
      'past_due',
      5_000,
    ]);
    given([...subscribed, failed(1)])
      .when(failure(1))
      .then([]);
    given([...subscribed, failed(1)])
      .when(failure(2))
      .then([failed(2)]);
    // in_1 paid the first period (`stripe:in_1`): a failure notice for it arrived late.
    given(subscribed).when(failure(1, 'in_1')).then([]);
  });

  it('an end lapses what is available, not what a reservation holds, so the balance never goes below zero', () => {
    // 5,000 − 1,800 charged − 200 held = 3,000 available to lapse.
    const reserved: AccountEvent = {
      type: 'CreditsReserved',
      data: {
        accountId,
        reservationId: 'r1',
        amountCredits: 200,
        operation: 'op',
        requestId: 'req',
        expiresAt: '2026-05-03T12:02:00.000Z',
      },
    };
    const before = [...subscribed, charged('c1', 1_800), reserved];
    const { state } = given(before)
      .when(end())
      .then([ended, { type: 'CreditsLapsed', data: { accountId, amountCredits: 3_000, reason: 'subscription sub_1 ended (cancelled)' } }]);
    const account = requireOpen(state, accountId);
    expect([availableCredits(account), account.reservedCredits, account.creditCycle, account.nextRefreshAt, account.plan]).toEqual([
      0,
      200,
      'non_renewing',
      null,
      'standard',
    ]);
    // The held 200 captured afterwards is spent from what was held (0 left); released, it comes back (200).
    const settled = (type: 'CaptureCredits' | 'ReleaseCredits') =>
      availableCredits(
        requireOpen(
          given(before)
            .when(end(), { type, data: { accountId, reservationId: 'r1', reason: 'x' }, now } as AccountCommand)
            .result().state,
          accountId,
        ),
      );
    expect([settled('CaptureCredits'), settled('ReleaseCredits')]).toEqual([0, 200]);
  });

  it('an end with nothing available lapses nothing; a second end records nothing; another subscription is refused', () => {
    given([...subscribed, charged('c1', 5_000)])
      .when(end())
      .then([ended]);
    given([...subscribed, ended])
      .when(end())
      .then([]);
    given(subscribed).when(end('sub_2')).thenThrows(LedgerError, { code: 'SUBSCRIPTION_MISMATCH' });
  });
});
