import { deciderTests } from '@pds/service-runtime';
import { initialState, type AccountEvent } from './account';
import { accountDecider, LedgerError, type CommandOf } from './decide';
import { evolve } from './evolve';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const accountId = 'acc_selfservice01';
const customerId = `cst_${'a'.repeat(26)}`;
const now = '2026-04-01T10:00:00.000Z';

/** A customer's own opening, as the dashboard sends it: Basic, a trial, no key. */
const selfService = (data: Partial<CommandOf<'OpenAccount'>['data']> = {}): CommandOf<'OpenAccount'> => ({
  type: 'OpenAccount',
  data: { accountId, plan: 'basic', creditCycle: 'trial', orderingEnabled: false, origin: 'self_service', customerId, ...data },
  now,
});
const openedEvents: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: { accountId, plan: 'basic', openedAt: now, creditCycle: 'trial', orderingEnabled: false, origin: 'self_service', customerId },
  },
  // The trial's 100 credits (the owner's figure, 02-contracts: one trial per verified email, Basic limits).
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 100, reason: 'opening balance' } },
];

describe('account decider: an account a customer opens', () => {
  it('opens as a Basic trial of 100 credits with no key, its customer named', () => {
    given([]).when(selfService()).then(openedEvents);
    const state = requireOpen(openedEvents.reduce(evolve, initialState()), accountId);
    expect([state.origin, state.customerId, state.keys.size, state.creditCycle, state.nextRefreshAt]).toEqual([
      'self_service',
      customerId,
      0,
      'trial',
      null,
    ]);
    expect(state.rateLimits).toEqual({ perMinute: 10, perDay: 500, perMonth: 5_000 });
  });

  it('takes the same opening again as a repeat, and refuses another customer on the same account', () => {
    given(openedEvents).when(selfService()).then([]);
    given(openedEvents)
      .when(selfService({ customerId: `cst_${'b'.repeat(26)}` }))
      .thenThrows(LedgerError, { code: 'ACCOUNT_EXISTS' });
    // An operator's key-less opening of the same id is not the customer's repeat either.
    given(openedEvents)
      .when(selfService({ origin: 'operator', customerId: undefined }))
      .thenThrows(LedgerError, { code: 'ACCOUNT_EXISTS' });
  });

  it('refuses a customer opening anything but the trial, and a half key', () => {
    for (const asked of [
      { plan: 'standard' as const },
      { creditCycle: 'monthly' as const },
      { openingCredits: 5_000 },
      { orderingEnabled: true },
      { customerId: undefined },
    ]) {
      given([]).when(selfService(asked)).thenThrows(LedgerError, { code: 'OPENING_INVALID' });
    }
    given([])
      .when(selfService({ origin: 'operator', customerId, apiKeyHash: 'a'.repeat(64), apiKeyPrefix: 'pds_live_abcd' }))
      .thenThrows(LedgerError, { code: 'OPENING_INVALID' });
    given([])
      .when(selfService({ origin: 'operator', customerId: undefined, creditCycle: 'monthly', apiKeyHash: 'a'.repeat(64) }))
      .thenThrows(LedgerError, { code: 'OPENING_INVALID' });
  });

  it('reads an opening recorded before origins existed as an operator account with its key', () => {
    const old: AccountEvent = {
      type: 'AccountOpened',
      data: { accountId, plan: 'basic', apiKeyHash: 'c'.repeat(64), apiKeyPrefix: 'pds_live_cccc', openedAt: now },
    };
    const state = requireOpen(evolve(initialState(), old), accountId);
    expect([state.origin, state.customerId, [...state.keys.values()].map((k) => k.hash)]).toEqual([
      'operator',
      undefined,
      ['c'.repeat(64)],
    ]);
  });
});
