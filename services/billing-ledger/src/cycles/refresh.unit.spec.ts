import { deciderTests } from '@pds/service-runtime';
import { availableCredits, initialState, type AccountEvent } from '../accounts/account';
import { accountDecider, type AccountCommand } from '../accounts/decide';
import { evolve } from '../accounts/evolve';
import { requireOpen } from '../accounts/ledger-error';

const given = deciderTests.given(accountDecider);
const accountId = 'acc_cycle0001';
/** The open account the events leave. */
const fold = (events: AccountEvent[]) => requireOpen(events.reduce(evolve, initialState()), accountId);
const opened: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: {
      accountId,
      plan: 'basic',
      apiKeyHash: 'b'.repeat(64),
      apiKeyPrefix: 'pds_live_abcd',
      openedAt: '2026-01-31T10:00:00.000Z',
      creditCycle: 'monthly',
    },
  },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 1_000, reason: 'opening balance' } },
];
const reservedEvent = (reservationId: string, amountCredits: number): AccountEvent => ({
  type: 'CreditsReserved',
  data: {
    accountId,
    reservationId,
    amountCredits,
    operation: 'op',
    requestId: `req-${reservationId}`,
    expiresAt: '2026-02-28T00:02:00.000Z',
  },
});
const reserve = (reservationId: string, amountCredits: number, now: string): AccountCommand => ({
  type: 'ReserveCredits',
  data: {
    accountId,
    reservationId,
    amountCredits,
    amountPence: 0,
    purpose: 'api_call',
    operation: 'op',
    requestId: `req-${reservationId}`,
  },
  now,
  expiresAt: '2026-02-28T00:02:00.000Z',
});
// 300 spent, 50 held by a reservation still pending at the anniversary.
const spent: AccountEvent[] = [
  ...opened,
  reservedEvent('spent', 300),
  { type: 'CreditsCaptured', data: { accountId, reservationId: 'spent', amountCredits: 300 } },
  reservedEvent('held', 50),
];

describe('monthly refresh', () => {
  it('is not due before the anniversary', () => {
    given(spent)
      .when(reserve('r1', 10, '2026-02-27T23:59:59.999Z'))
      .then([reservedEvent('r1', 10)]);
  });

  it('resets the balance to the allowance before the first command on or after the anniversary', () => {
    const refreshed: AccountEvent = {
      type: 'CreditsRefreshed',
      // The balance was 1000 − 300 = 700, so 300 come back; the 50 still held count against the new allowance.
      data: {
        accountId,
        refreshedAt: '2026-02-28T00:00:00.000+00:00',
        nextRefreshAt: '2026-03-31T00:00:00.000+01:00',
        allowanceCredits: 1_000,
        adjustmentCredits: 300,
      },
    };
    given(spent)
      .when(reserve('r1', 10, '2026-02-28T00:00:00.000Z'))
      .then([refreshed, reservedEvent('r1', 10)]);
    const after = fold([...spent, refreshed]);
    expect(availableCredits(after) + after.reservedCredits).toBe(1_000);
    expect(after.nextRefreshAt).toBe('2026-03-31T00:00:00.000+01:00');
  });

  it('takes away unused credits beyond the allowance (a grant lasts until the next refresh)', () => {
    const topUp: AccountEvent = { type: 'CreditsGranted', data: { accountId, grantId: 'top-up', amountCredits: 500, reason: 'goodwill' } };
    given([...opened, topUp])
      .when({ type: 'RefreshCredits', data: { accountId }, now: '2026-03-01T09:00:00.000Z' })
      .then([
        {
          type: 'CreditsRefreshed',
          data: {
            accountId,
            refreshedAt: '2026-02-28T00:00:00.000+00:00',
            nextRefreshAt: '2026-03-31T00:00:00.000+01:00',
            allowanceCredits: 1_000,
            adjustmentCredits: -500,
          },
        },
      ]);
  });

  it('makes one refresh, dated the latest anniversary, for anniversaries missed while the ledger was down', () => {
    given(spent)
      .when({ type: 'RefreshCredits', data: { accountId }, now: '2026-04-15T12:00:00.000Z' })
      .then([
        {
          type: 'CreditsRefreshed',
          data: {
            accountId,
            refreshedAt: '2026-03-31T00:00:00.000+01:00',
            nextRefreshAt: '2026-04-30T00:00:00.000+01:00',
            allowanceCredits: 1_000,
            adjustmentCredits: 300,
          },
        },
      ]);
  });

  it('never refreshes trial or non-renewing balances', () => {
    const trial: AccountEvent[] = [{ ...opened[0], data: { ...opened[0]!.data, creditCycle: 'trial' } } as AccountEvent, opened[1]!];
    given(trial).when({ type: 'RefreshCredits', data: { accountId }, now: '2027-01-01T00:00:00.000Z' }).then([]);
    expect(fold(trial).nextRefreshAt).toBeNull();
  });
});
