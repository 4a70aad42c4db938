import { initialState, type AccountEvent } from './account';
import { evolve } from './evolve';
import { describeAccount } from './describe';
import { requireOpen } from './ledger-error';

const accountId = 'acc_describe01';
const fold = (events: AccountEvent[]) => requireOpen(events.reduce(evolve, initialState()), accountId);
const opened = (data: Partial<Extract<AccountEvent, { type: 'AccountOpened' }>['data']>): AccountEvent => ({
  type: 'AccountOpened',
  data: {
    accountId,
    plan: 'standard',
    apiKeyHash: 'a'.repeat(64),
    apiKeyPrefix: 'pds_live_aaaa',
    openedAt: '2026-03-01T09:00:00.000Z',
    ...data,
  },
});
const balance = { accountId } as never;

describe("an account's description", () => {
  it("gives a plan's limits and allowance, or an Enterprise account's own; none on a trial", () => {
    const standard = describeAccount(fold([opened({ creditCycle: 'monthly' })]), balance, '2026-03-02T00:00:00.000Z');
    // The specification's Standard limits; the project's Standard allowance.
    expect([standard.rateLimits, standard.monthlyAllowanceCredits]).toEqual([{ perMinute: 30, perDay: 2_000, perMonth: 30_000 }, 5_000]);
    const own = { perMinute: 7, perDay: 70, perMonth: 700 };
    const enterprise = describeAccount(
      fold([opened({ plan: 'enterprise', creditCycle: 'monthly', rateLimits: own, monthlyCredits: 123 })]),
      balance,
      '2026-03-02T00:00:00.000Z',
    );
    expect([enterprise.rateLimits, enterprise.monthlyAllowanceCredits]).toEqual([own, 123]);
    expect(
      describeAccount(fold([opened({ creditCycle: 'trial' })]), balance, '2026-03-02T00:00:00.000Z').monthlyAllowanceCredits,
    ).toBeNull();
  });

  it('counts keys that authenticate at the time asked: a rotated key until its grace ends, never a revoked one', () => {
    const k = (id: string, c: string): AccountEvent => ({
      type: 'ApiKeyIssued',
      data: { accountId, keyId: id, keyHash: c.repeat(64), keyPrefix: 'pds_live_x', name: id, issuedAt: '2026-03-01T10:00:00.000Z' },
    });
    const state = fold([
      opened({}),
      k('key_bbbbbbbbbbbbbbbb', 'b'),
      k('key_cccccccccccccccc', 'c'),
      {
        type: 'ApiKeyRotated',
        data: { accountId, keyId: 'key_opening', replacedByKeyId: 'key_bbbbbbbbbbbbbbbb', expiresAt: '2026-03-02T10:00:00.000Z' },
      },
      { type: 'ApiKeyRevoked', data: { accountId, keyId: 'key_cccccccccccccccc', reason: 'x', revokedAt: '2026-03-01T11:00:00.000Z' } },
    ]);
    expect(describeAccount(state, balance, '2026-03-02T09:59:59.999Z').keys).toEqual({ active: 1, inGrace: 1 });
    expect(describeAccount(state, balance, '2026-03-02T10:00:00.000Z').keys).toEqual({ active: 1, inGrace: 0 });
  });
});
