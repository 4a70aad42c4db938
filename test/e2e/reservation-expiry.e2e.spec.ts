import { billing } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import { e2eFixture } from '../support/e2e';
import { readModelAt, replayAccount, waitFor } from '../support/ledger';

const world = e2eFixture({ env: { RESERVATION_TTL_MS: '2000', RESERVATION_SWEEP_MS: '250' } });

describe('stranded reservations', () => {
  it('are voided by the ledger after their expiry and the credits come back', async () => {
    const account = await world.admin.createAccount('basic', 5);
    const testBus = await world.testBus();
    const topic = testBus.topics.commands('billing-ledger');
    const ctx = { correlationId: 'stranded', actor: 'test:crashed-gateway' };
    const reservationId = `rsv_${randomUUID()}`;
    // A gateway reserves and then crashes: nobody ever captures or releases.
    const reserved = await testBus.rpc.request(
      billing.ReserveCredits,
      topic,
      account.accountId,
      { accountId: account.accountId, reservationId, amountCredits: 3, operation: 'test', requestId: 'stranded-1' },
      ctx,
      { timeoutMs: 10_000 },
    );
    expect(reserved.ok && [reserved.data.availableCredits, reserved.data.reservedCredits]).toEqual([2, 3]);

    await waitFor(async () => (await world.admin.showAccount(account.accountId)).availableCredits === 5, 15_000);
    const balance = await world.admin.showAccount(account.accountId);
    expect([balance.availableCredits, balance.reservedCredits]).toEqual([5, 0]);

    const replayed = await replayAccount(world.databaseUrl, account.accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsReserved', 'CreditReservationExpired']);
    expect(await readModelAt(world.databaseUrl, account.accountId, replayed.lastGlobalPosition)).toEqual({
      granted: 5,
      captured: 0,
      reserved: 0,
      available: 5,
    });

    // A late capture (the gateway coming back) is refused: the caller is not charged for a call it was never answered.
    const late = await testBus.rpc.request(
      billing.CaptureCredits,
      topic,
      account.accountId,
      { accountId: account.accountId, reservationId },
      ctx,
      { timeoutMs: 10_000 },
    );
    expect(late.ok ? 'captured' : late.error.code).toBe('RESERVATION_EXPIRED');

    const { rowCount } = await world.db.query('SELECT 1 FROM pending_reservations WHERE account_id = $1', [account.accountId]);
    expect(rowCount).toBe(0);
  });

  it('leave settled reservations alone', async () => {
    const account = await world.admin.createAccount('basic', 4);
    const res = await world.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', account.apiKey);
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    const replayed = await replayAccount(world.databaseUrl, account.accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsCharged']);
    expect(replayed.availableCredits).toBe(3);
  });
});
