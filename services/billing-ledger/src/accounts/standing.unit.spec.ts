import { deciderTests } from '@pds/service-runtime';
import { accountId, now, standardSince, trial } from '../../../../test/support/ledger-payments';
import type { AccountEvent } from './account';
import { accountDecider, LedgerError, type AccountCommand } from './decide';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const set = (enabled: boolean, by: 'operator' | 'customer'): AccountCommand => ({
  type: 'SetOrderingEntitlement',
  data: { accountId, enabled, reason: 'test', by },
  now,
});
const changed = (enabled: boolean, by: 'operator' | 'customer'): AccountEvent => ({
  type: 'OrderingEntitlementChanged',
  data: { accountId, enabled, reason: 'test', by },
});
const subscribed = standardSince();

describe('account decider: ordering entitlement by the customer', () => {
  it('a customer on a paid plan turns ordering on and off', () => {
    given(subscribed)
      .when(set(true, 'customer'))
      .then([changed(true, 'customer')]);
    given([...subscribed, changed(true, 'customer')])
      .when(set(false, 'customer'))
      .then([changed(false, 'customer')]);
  });

  it('refuses a trial or an ended subscription (PLAN_REQUIRED), a held account, an account in debt', () => {
    given(trial).when(set(true, 'customer')).thenThrows(LedgerError, { code: 'PLAN_REQUIRED' });
    const ended: AccountEvent = { type: 'SubscriptionEnded', data: { accountId, subscriptionId: 'sub_1', endedAt: now, reason: 'unpaid' } };
    given([...subscribed, ended])
      .when(set(true, 'customer'))
      .thenThrows(LedgerError, { code: 'PLAN_REQUIRED' });
    given([...subscribed, { type: 'AccountHeld', data: { accountId, reason: 'x' } }])
      .when(set(true, 'customer'))
      .thenThrows(LedgerError, { code: 'ACCOUNT_HELD' });
    given([...subscribed, { type: 'DebtRecorded', data: { accountId, debtId: 'd1', amountPence: 1, reason: 'x' } }])
      .when(set(true, 'customer'))
      .thenThrows(LedgerError, { code: 'ACCOUNT_IN_DEBT' });
  });

  it("an operator's disable locks it against the customer until an operator enables it", () => {
    const locked = [...subscribed, changed(true, 'customer'), changed(false, 'operator')];
    expect(
      requireOpen(
        given(locked).thenState(() => undefined),
        accountId,
      ).orderingLockedByOperator,
    ).toBe(true);
    given(locked).when(set(true, 'customer')).thenThrows(LedgerError, { code: 'ORDERING_LOCKED' });
    // The customer may still turn off what the operator turned on.
    given([...locked, changed(true, 'operator')])
      .when(set(false, 'customer'), set(true, 'customer'))
      .then([changed(false, 'customer'), changed(true, 'customer')]);
  });

  it('an operator disabling what is already off still records the lock; a repeat records nothing', () => {
    given(subscribed)
      .when(set(false, 'operator'))
      .then([changed(false, 'operator')]);
    given([...subscribed, changed(false, 'operator')])
      .when(set(false, 'operator'))
      .then([]);
    // Changes recorded before `by` existed were an operator's.
    given([...subscribed, { type: 'OrderingEntitlementChanged', data: { accountId, enabled: false, reason: 'old' } }])
      .when(set(true, 'customer'))
      .thenThrows(LedgerError, { code: 'ORDERING_LOCKED' });
  });
});
