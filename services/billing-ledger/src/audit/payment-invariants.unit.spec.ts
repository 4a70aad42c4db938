import { accountId, may, received, standardSince, trial } from '../../../../test/support/ledger-payments';
import { initialState, type AccountEvent } from '../accounts/account';
import { evolve } from '../accounts/evolve';
import { violation } from './invariants';
import { LedgerReplay } from './replay';

/** What the audit says of `event` after `history`. */
const verdict = (history: AccountEvent[], event: AccountEvent) => violation(history.reduce(evolve, initialState()), event);
const topUp = { kind: 'top_up' } as const;
const subscribed = standardSince();
const deposited = (amountPence: number): AccountEvent => ({
  type: 'CashDeposited',
  data: { accountId, depositId: 'stripe:cs_t1', amountPence, reference: 'card top-up' },
});

describe('audit invariants of payments and subscriptions', () => {
  it('a payment id is recorded once', () => {
    const paid = [...trial, received('stripe:cs_t1', 2_500, topUp), deposited(2_500)];
    expect(verdict(paid, received('stripe:cs_t1', 2_500, topUp))).toBe('payment stripe:cs_t1 recorded twice');
    expect(verdict(paid, received('stripe:cs_t1', 2_400, topUp))).toBe('payment stripe:cs_t1 recorded twice, with other content');
  });

  it("a top-up's deposit is its payment's amount, and every top-up has one by the end", () => {
    const paid = [...trial, received('stripe:cs_t1', 2_500, topUp)];
    expect(verdict(paid, deposited(2_500))).toBeUndefined();
    expect(verdict(paid, deposited(25_000))).toBe("deposit stripe:cs_t1 is not its payment's top-up of 2500 pence");
    const replay = new LedgerReplay();
    paid.forEach((e, streamPosition) =>
      replay.apply({
        streamId: `account-${accountId}`,
        streamPosition,
        type: e.type,
        data: e.data,
        recordedAt: '2026-05-03T12:00:00.000Z',
      }),
    );
    expect(replay.results(new Date('2026-05-03T12:00:00.000Z'), 60_000)[0]?.problems).toEqual([
      'top-up payment stripe:cs_t1 without its deposit',
    ]);
  });

  it("an upgrade's grant is the difference of the allowances (Standard to Premium: 15,000)", () => {
    const upgrade = { kind: 'plan_upgrade', subscriptionId: 'sub_1', from: 'standard', to: 'premium' } as const;
    const upgraded: AccountEvent[] = [
      ...subscribed,
      received('stripe:cs_up', 10_000, upgrade),
      { type: 'PlanChanged', data: { accountId, from: 'standard', to: 'premium', reason: 'upgrade', paymentId: 'stripe:cs_up' } },
    ];
    const grant = (amountCredits: number): AccountEvent => ({
      type: 'CreditsGranted',
      data: { accountId, grantId: 'stripe:cs_up', amountCredits, reason: 'upgrade' },
    });
    expect(verdict(upgraded, grant(15_000))).toBeUndefined();
    expect(verdict(upgraded, grant(20_000))).toBe("grant stripe:cs_up is not its payment's upgrade difference");
  });

  it("a refresh to another allowance than the plan's, a lapse beyond what is available, a change from another plan", () => {
    const refresh: AccountEvent = {
      type: 'CreditsRefreshed',
      data: { accountId, refreshedAt: may.startsAt, nextRefreshAt: may.endsAt, allowanceCredits: 20_000, adjustmentCredits: 15_000 },
    };
    expect(verdict(subscribed, refresh)).toBe('refresh to 20000 credits, not the standard allowance of 5000');
    const lapse = (amountCredits: number): AccountEvent => ({ type: 'CreditsLapsed', data: { accountId, amountCredits, reason: 'ended' } });
    expect(verdict(subscribed, lapse(5_000))).toBeUndefined();
    expect(verdict(subscribed, lapse(5_001))).toBe('lapse of 5001 credits with 5000 available');
    const change: AccountEvent = { type: 'PlanChanged', data: { accountId, from: 'basic', to: 'premium', reason: 'upgrade' } };
    expect(verdict(subscribed, change)).toBe('plan change from basic on a standard account');
  });

  it("a renewal only of the account's subscription, for a later period", () => {
    const renewal = (subscriptionId: string, periodEndsAt: string): AccountEvent => ({
      type: 'SubscriptionRenewed',
      data: { accountId, subscriptionId, plan: 'standard', periodStartsAt: may.startsAt, periodEndsAt, paymentId: 'stripe:in_2' },
    });
    expect(verdict(subscribed, renewal('sub_1', '2026-07-03T12:00:00.000Z'))).toBeUndefined();
    expect(verdict(subscribed, renewal('sub_1', may.endsAt))).toBe('renewal of sub_1 for a period not later');
    expect(verdict(subscribed, renewal('sub_2', '2026-07-03T12:00:00.000Z'))).toBe("renewal of subscription sub_2, not the account's");
  });
});
