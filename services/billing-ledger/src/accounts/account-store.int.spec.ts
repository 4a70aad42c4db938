import '../../../../test/support/reservation-book-equality';
import { billing } from '@pds/contracts';
import { createLogger, PostgresEventStore, PostgresSnapshotStore, type HandlerContext, type RecordedEvent } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import { runAudit } from '../../../../test/support/audit';
import { freshDatabase } from '../../../../test/support/environment';
import { projectBatch } from '../../../../test/support/projection';
import { projectAccountBalances } from '../read-models/account-balances';
import { accountSnapshotEveryEvents } from './account-snapshot';
import { accountStore } from './account-store';
import { callReservationMemoryMs } from './forgetting';
import { ledgerHandlers } from './handlers';

// The ledger's own accounts store and handlers over PostgreSQL, as the service runs them, with a business clock the
// test moves: ten days of calls (more than the 7 days a call is remembered), then a ledger started afresh, which reads
// the account from its latest snapshot and answers exactly as the one before it did; the audit, replaying every
// event, passes.

const accountId = 'acc_snapshot01';
const t0 = Date.parse('2026-03-02T00:00:00.000Z');
const hourMs = 3_600_000;
const callsPerHour = 3;
const hours = 240;

describe('billing-ledger restarted after snapshots', () => {
  let databaseUrl: string;
  let store: PostgresEventStore;
  let at = t0;
  const clock = { now: () => new Date(at) };
  const logger = createLogger('test', 'silent');
  const ctx = (): HandlerContext => ({
    commandId: randomUUID(),
    metadata: { correlationId: randomUUID(), actor: 'test', issuedAt: new Date(at).toISOString() },
    logger,
  });
  const ledger = () => {
    const accounts = accountStore(store, { snapshots: new PostgresSnapshotStore(store.pool) });
    const handlers = new Map(ledgerHandlers(accounts, clock, 120_000).map((h) => [h.spec.type, h]));
    const send = async (type: string, data: Record<string, unknown>) => {
      const h = handlers.get(type);
      if (!h) throw new Error(`no handler for ${type}`);
      return h.handle(h.spec.data.parse({ accountId, ...data }), ctx());
    };
    return { accounts, send };
  };

  beforeAll(async () => {
    databaseUrl = await freshDatabase('ledgersnap');
    store = PostgresEventStore.connect(databaseUrl);
  });
  afterAll(async () => store.close());

  it('answers balances identical to before, forgets the same calls, and the audit passes', async () => {
    const first = ledger();
    await first.send(billing.OpenAccount.type, {
      plan: 'enterprise',
      origin: 'operator',
      creditCycle: 'non_renewing',
      orderingEnabled: true,
    });
    await first.send(billing.GrantCredits.type, { grantId: 'g1', amountCredits: 100_000, reason: 'test' });
    await first.send(billing.DepositPurchaseBalance.type, { depositId: 'd1', amountPence: 5_000, reference: 'test' });
    // On the first day: an order (kept for good), a call refunded, a call released, a one-step charge.
    const order = { reservationId: 'order-1', amountCredits: 10, amountPence: 700, purpose: 'official_copy_order' };
    await first.send(billing.ReserveCredits.type, { ...order, operation: 'orderTitle', requestId: 'r-order' });
    await first.send(billing.CaptureCredits.type, { reservationId: 'order-1' });
    for (const id of ['call-refunded', 'call-released'])
      await first.send(billing.ReserveCredits.type, { reservationId: id, amountCredits: 3, operation: 'op', requestId: `r-${id}` });
    await first.send(billing.CaptureCredits.type, { reservationId: 'call-refunded' });
    await first.send(billing.RefundCapture.type, {
      reservationId: 'call-refunded',
      refundId: 'f1',
      amountCredits: 3,
      amountPence: 0,
      reason: 'x',
    });
    await first.send(billing.ReleaseCredits.type, { reservationId: 'call-released', reason: 'failed' });
    await first.send(billing.ChargeCredits.type, { reservationId: 'charge-1', amountCredits: 2, operation: 'op', requestId: 'r-c' });
    for (let h = 0; h < hours; h++) {
      at = t0 + h * hourMs;
      for (let c = 0; c < callsPerHour; c++) {
        const reservationId = `call-${h}-${c}`;
        await first.send(billing.ReserveCredits.type, {
          reservationId,
          amountCredits: 1,
          operation: 'op',
          requestId: `r-${reservationId}`,
        });
        await first.send(billing.CaptureCredits.type, { reservationId });
      }
    }
    const balance = await first.send(billing.GetBalance.type, {});
    const described = await first.send(billing.DescribeAccount.type, {});
    const before = await first.accounts.load(`account-${accountId}`);
    await first.accounts.snapshotsSettled();

    const restarted = ledger();
    expect(await restarted.send(billing.GetBalance.type, {})).toEqual(balance);
    expect(await restarted.send(billing.DescribeAccount.type, {})).toEqual(described);
    const after = await restarted.accounts.load(`account-${accountId}`);
    // It started from a snapshot: fewer than a snapshot's interval of events were folded after it.
    expect(after.revision).toBe(before.revision);
    expect(after.revision - after.snapshotRevision).toBeLessThan(accountSnapshotEveryEvents(after.state));
    expect(after.snapshotRevision).toBeGreaterThan(0);
    expect(after.state).toEqual(before.state);
    // By hand: 100,000 granted, 3 + 2 + 720 captured, 3 refunded, 10 for the order.
    expect(balance).toMatchObject({ ok: true, data: { availableCredits: 100_000 - 10 - 2 - hours * callsPerHour, reservedCredits: 0 } });
    // Remembered: the order, and the calls of hours 71 to 239 (the last call, at hour 239, forgot those made before
    // 239 − 168 = 71 hours): 169 hours of 3 calls. None of the first day's calls, charges or refusals.
    expect(callReservationMemoryMs).toBe(168 * hourMs);
    const s = after.state.status === 'open' ? after.state : undefined;
    expect(s?.reservations.size).toBe(1 + 169 * 3);
    const ids = ['order-1', 'call-refunded', 'call-released', 'charge-1', 'call-70-2', 'call-71-0'];
    expect(ids.map((id) => s?.reservations.has(id))).toEqual([true, false, false, false, false, true]);

    // A forgotten call can no longer be settled or refunded.
    expect(await restarted.send(billing.CaptureCredits.type, { reservationId: 'call-0-0' })).toMatchObject({
      ok: false,
      error: { code: billing.ledgerErrorCodes.reservationNotFound },
    });

    // The audit replays every event (all of them, forgotten or not) against the read model the ledger keeps.
    const events: RecordedEvent[] = await store.readStream(`account-${accountId}`);
    await projectBatch(store.pool, projectAccountBalances, events);
    const audit = runAudit(databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
    expect(audit.rows.find((r) => r.account_id === accountId)).toMatchObject({
      captured_credits: String(3 + 2 + hours * callsPerHour + 10),
    });
  });
});
