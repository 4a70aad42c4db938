import { AccountDescription } from '../billing/account-description';
import { freeEnvelope } from './billing';
import { defineOperation } from './operation';

export const Account = AccountDescription.openapi('Account', {
  example: {
    accountId: 'acc_5f1c2e9a7b3d4c6e8f0a1b2c',
    plan: 'standard',
    availableCredits: 4_213,
    reservedCredits: 15,
    creditsRefreshAt: '2026-12-01T00:00:00.000Z',
    creditCycle: 'monthly',
    purchaseBalance: { availablePence: 2_450, reservedPence: 700, quarantinedPence: 0, debtPence: 0 },
    standing: { held: false, orderingEnabled: true },
    openedAt: '2026-03-01T09:12:44.000Z',
    rateLimits: { perMinute: 30, perDay: 2_000, perMonth: 30_000 },
    monthlyAllowanceCredits: 5_000,
    subscription: null,
    keys: { active: 2, inGrace: 1 },
  },
});
export const AccountResponse = freeEnvelope(Account).openapi('AccountResponse');

export const accountShow = defineOperation({
  operationId: 'account_show',
  method: 'get',
  path: '/account',
  tag: 'Account',
  summary: 'Your account: plan, limits, credits, Purchase Balance, standing',
  description:
    'The account the key belongs to, as the ledger holds it now: the plan and the rate limits enforced (the plan’s, or ' +
    'an Enterprise account’s own), credits available and reserved, the next refresh (`creditsRefreshAt`, null when the ' +
    'balance does not renew) and the allowance it restores, the Purchase Balance (available, reserved, quarantined for ' +
    'orders whose outcome is unknown, debt), standing (on hold; official-copy ordering enabled), the subscription of a ' +
    'self-service account (null if it never had one: its status, current period and a downgrade waiting for the ' +
    'renewal), and how many keys authenticate now (`inGrace`: rotated keys still working until their grace ends). A ' +
    'refresh that has fallen due is applied before answering. The same object the operator’s `account show` prints. Free, and counted against the rate ' +
    'limits like every call.',
  cost: { kind: 'free' },
  request: {},
  response: { status: 200, description: 'Your account', mediaType: 'application/json', schema: AccountResponse },
  errors: {
    SERVICE_UNAVAILABLE: 'The billing service did not answer in time; retry shortly',
  },
});
