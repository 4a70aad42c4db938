import { billing } from '@pds/contracts';
import type { LedgerClient } from '@pds/ledger-client';
import { createLogger, RequestTimeoutError } from '@pds/service-runtime';
import { settleLater } from './settle-later';

// What the gateway does after telling a caller "not charged" while the ledger could not say: asks again, with waits of
// 1, 2, 4 … s, until the ledger answers; a charge that turns out to have been taken is refunded, once.

const ctx = { correlationId: 'c', actor: 'test' };
const charge = { accountId: 'acc_1', reservationId: 'chg_1', costCredits: 3 };
const logger = createLogger('test', 'silent');
const refused = (code: string) => ({ ok: false as const, error: { code, message: code } });
const ok = { ok: true as const, data: {} };

const ledgerAnswering = (releases: Array<'silent' | 'released' | 'captured' | 'not-found'>) => {
  const asked: string[] = [];
  const ledger = {
    releaseOrBar: async () => {
      const next = releases.shift() ?? 'silent';
      asked.push(`release:${next}`);
      if (next === 'silent') throw new RequestTimeoutError('ReleaseCredits', 1_500);
      if (next === 'released') return ok;
      return refused(next === 'captured' ? billing.ledgerErrorCodes.reservationCaptured : billing.ledgerErrorCodes.reservationNotFound);
    },
    refund: async (_ctx: unknown, data: { refundId: string; amountCredits: number }) => {
      asked.push(`refund:${data.refundId}:${data.amountCredits}`);
      return ok;
    },
  } as unknown as LedgerClient;
  return { ledger, asked };
};

describe('settleLater', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refunds a charge that was taken, once the ledger answers', async () => {
    const { ledger, asked } = ledgerAnswering(['silent', 'silent', 'captured']);
    settleLater(ledger, logger, ctx, charge);
    await jest.advanceTimersByTimeAsync(1_000 + 2_000);
    expect(asked).toEqual(['release:silent', 'release:silent']);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(asked).toEqual(['release:silent', 'release:silent', 'release:captured', 'refund:rfd_chg_1:3']);
    await jest.advanceTimersByTimeAsync(600_000);
    expect(asked).toHaveLength(4);
  });

  it('stops at a release, or at a charge the ledger never made', async () => {
    for (const end of ['released', 'not-found'] as const) {
      const { ledger, asked } = ledgerAnswering(['silent', end]);
      settleLater(ledger, logger, ctx, charge);
      await jest.advanceTimersByTimeAsync(600_000);
      expect(asked).toEqual(['release:silent', `release:${end}`]);
    }
  });

  it('gives up after 15 minutes of silence, and says so', async () => {
    const { ledger, asked } = ledgerAnswering([]);
    settleLater(ledger, logger, ctx, charge);
    await jest.advanceTimersByTimeAsync(60 * 60_000);
    // Asked at 1, 3, 7, 15 and 31 s, then every 30 s: 61 s, 91 s … 901 s, the first past 15 minutes: 4 + 30 asks.
    expect(asked.length).toBe(34);
  });
});
