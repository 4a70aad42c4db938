import { analysis, billing, ledgerEvents, topicsFor } from '@pds/contracts';
import type { IncomingMessage, RequestOutcome } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';
import type { TestBus } from '../support/bus';
import { e2eFixture } from '../support/e2e';
import { replayAccount, waitFor } from '../support/ledger';

const world = e2eFixture();
let testBus: TestBus;
const relayed: IncomingMessage[] = [];
const rpc = () => testBus.rpc;

beforeAll(async () => {
  testBus = await world.testBus();
  const topics = testBus.topics;
  await testBus.bus.subscribe({
    groupId: `test-${randomUUID()}`,
    topics: [topics.events(ledgerEvents.accountStreamCategory)],
    fromBeginning: true,
    handle: async (m) => void relayed.push(m),
  });
});

const ctx = { correlationId: 'ledger-messaging-test', actor: 'test' };

/** Sends the same command (same id) twice, as a redelivery would, and returns both answers. */
const twice = async <S extends Parameters<TestBus['rpc']['request']>[0]>(spec: S, accountId: string, data: object) => {
  const topic = topicsFor(world.stack.options.namespace).commands('billing-ledger');
  const commandId = randomUUID();
  const send = () => rpc().request(spec, topic, accountId, data as never, ctx, { timeoutMs: 10_000, commandId });
  return [await send(), await send()];
};

describe('billing ledger over Kafka', () => {
  it('records every kind of ledger command once when it is delivered twice', async () => {
    const accountId = `acc_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const opened = await twice(billing.OpenAccount, accountId, {
      accountId,
      plan: 'basic',
      apiKeyHash: 'b'.repeat(64),
      apiKeyPrefix: 'pds_live_test',
      openingCredits: 5,
    });
    expect(opened[0]).toEqual(opened[1]);
    const granted = await twice(billing.GrantCredits, accountId, { accountId, grantId: 'top-up-1', amountCredits: 3, reason: 'test' });
    expect(granted.map((g) => g.ok && g.data.availableCredits)).toEqual([8, 8]);
    const reservationId = `rsv_${randomUUID()}`;
    const reserved = await twice(billing.ReserveCredits, accountId, {
      accountId,
      reservationId,
      amountCredits: 2,
      operation: 'test',
      requestId: 'dup',
    });
    expect(reserved.map((r) => r.ok && r.data.availableCredits)).toEqual([6, 6]);
    const released = await twice(billing.ReleaseCredits, accountId, { accountId, reservationId, reason: 'test' });
    expect(released.map((r) => r.ok && r.data.availableCredits)).toEqual([8, 8]);

    // The Purchase Balance side, holds and entitlements: each answer twice the same, each event recorded once.
    const pence = (outcomes: Array<RequestOutcome<billing.LedgerBalance>>) =>
      outcomes.map((o) => (o.ok ? [o.data.availableCredits, o.data.purchaseBalance.availablePence] : o.error.code));
    expect(pence(await twice(billing.SetOrderingEntitlement, accountId, { accountId, enabled: true, reason: 'test' }))).toEqual([
      [8, 0],
      [8, 0],
    ]);
    expect(
      pence(
        await twice(billing.DepositPurchaseBalance, accountId, { accountId, depositId: 'dep-1', amountPence: 1_400, reference: 'test' }),
      ),
    ).toEqual([
      [8, 1_400],
      [8, 1_400],
    ]);
    const order = { accountId, amountCredits: 2, amountPence: 700, purpose: 'official_copy_order', operation: 'test', requestId: 'order' };
    expect(pence(await twice(billing.ReserveCredits, accountId, { ...order, reservationId: 'order-1' }))).toEqual([
      [6, 700],
      [6, 700],
    ]);
    expect(pence(await twice(billing.CaptureCredits, accountId, { accountId, reservationId: 'order-1' }))).toEqual([
      [6, 700],
      [6, 700],
    ]);
    const refund = { accountId, reservationId: 'order-1', refundId: 'refund-1', amountCredits: 1, amountPence: 200, reason: 'test' };
    expect(pence(await twice(billing.RefundCapture, accountId, refund))).toEqual([
      [7, 900],
      [7, 900],
    ]);
    expect(pence(await twice(billing.ReserveCredits, accountId, { ...order, reservationId: 'order-2', amountCredits: 1 }))).toEqual([
      [6, 200],
      [6, 200],
    ]);
    const quarantined = await twice(billing.QuarantineReservation, accountId, { accountId, reservationId: 'order-2', reason: 'test' });
    expect(quarantined.map((q) => q.ok && q.data.purchaseBalance.quarantinedPence)).toEqual([700, 700]);
    expect(pence(await twice(billing.ReleaseCredits, accountId, { accountId, reservationId: 'order-2', reason: 'test' }))).toEqual([
      [7, 900],
      [7, 900],
    ]);
    const debt = await twice(billing.RecordDebt, accountId, { accountId, debtId: 'debt-1', amountPence: 100, reason: 'test' });
    expect(debt.map((d) => d.ok && d.data.purchaseBalance.debtPence)).toEqual([100, 100]);
    const held = await twice(billing.SetAccountHold, accountId, { accountId, held: true, reason: 'test' });
    expect(held.map((h) => h.ok && h.data.standing.held)).toEqual([true, true]);

    const replayed = await replayAccount(world.databaseUrl, accountId);
    expect(replayed.events.map((e) => e.type)).toEqual([
      'AccountOpened',
      'CreditsGranted',
      'CreditsGranted',
      'CreditsReserved',
      'CreditsReleased',
      'OrderingEntitlementChanged',
      'CashDeposited',
      'CreditsReserved',
      'CashReserved',
      'CreditsCaptured',
      'CashCaptured',
      'CreditsRefunded',
      'CashRefunded',
      'CreditsReserved',
      'CashReserved',
      'ReservationQuarantined',
      'CreditsReleased',
      'CashReleased',
      'DebtRecorded',
      'AccountHeld',
    ]);
    expect([replayed.availableCredits, replayed.availablePence]).toEqual([7, 900]);
  });

  it('charges in one step once when the charge is delivered twice; a release after it says which way it went', async () => {
    const account = await world.admin.createAccount('basic', 3);
    const { accountId } = account;
    const charge = (reservationId: string, amountCredits: number) => ({
      accountId,
      reservationId,
      amountCredits,
      operation: 'test',
      requestId: `req-${reservationId}`,
    });
    const outcome = (o: RequestOutcome<billing.LedgerBalance>) => (o.ok ? o.data.availableCredits : o.error.code);
    // 3 credits: a charge of 2 is taken once, however often it is delivered.
    expect((await twice(billing.ChargeCredits, accountId, charge('chg-1', 2))).map(outcome)).toEqual([1, 1]);
    // 1 left: a charge of 2 is refused, the same way each time, and a new id for 1 is taken.
    expect((await twice(billing.ChargeCredits, accountId, charge('chg-2', 2))).map(outcome)).toEqual([
      'INSUFFICIENT_CREDITS',
      'INSUFFICIENT_CREDITS',
    ]);
    expect((await twice(billing.ChargeCredits, accountId, charge('chg-3', 1))).map(outcome)).toEqual([0, 0]);
    // What the gateway asks when a charge goes unanswered: captured, refused (never recorded as a charge), or unknown.
    const release = (reservationId: string) => twice(billing.ReleaseCredits, accountId, { accountId, reservationId, reason: 'test' });
    expect((await release('chg-1')).map(outcome)).toEqual(['RESERVATION_ALREADY_CAPTURED', 'RESERVATION_ALREADY_CAPTURED']);
    expect((await release('chg-2')).map(outcome)).toEqual(['RESERVATION_NOT_FOUND', 'RESERVATION_NOT_FOUND']);
    expect((await release('chg-4')).map(outcome)).toEqual(['RESERVATION_NOT_FOUND', 'RESERVATION_NOT_FOUND']);
    // The gateway's release asks for a bar: a charge still on its way (handed on by a service, not ordered before the
    // release) is refused when it lands after it, however often, and takes nothing. A credit granted first shows it.
    await twice(billing.GrantCredits, accountId, { accountId, grantId: 'top-up-bar', amountCredits: 1, reason: 'test' });
    const releaseOrBar = (reservationId: string) =>
      twice(billing.ReleaseCredits, accountId, { accountId, reservationId, reason: 'test', barUnmade: true });
    expect((await releaseOrBar('chg-5')).map(outcome)).toEqual([1, 1]);
    expect((await twice(billing.ChargeCredits, accountId, charge('chg-5', 1))).map(outcome)).toEqual([
      'RESERVATION_ALREADY_RELEASED',
      'RESERVATION_ALREADY_RELEASED',
    ]);
    expect((await releaseOrBar('chg-1')).map(outcome)).toEqual(['RESERVATION_ALREADY_CAPTURED', 'RESERVATION_ALREADY_CAPTURED']);

    const replayed = await replayAccount(world.databaseUrl, accountId);
    expect(replayed.events.map((e) => e.type)).toEqual([
      'AccountOpened',
      'CreditsGranted',
      'CreditsCharged',
      'CreditReservationRejected',
      'CreditsCharged',
      'CreditsGranted',
      'ReservationBarred',
    ]);
    expect([replayed.capturedCredits, replayed.reservedCredits, replayed.availableCredits]).toEqual([3, 0, 1]);
  });

  it('charges a handed-off answer once: the working service sends it on with the charge, and the ledger replies with it', async () => {
    const { accountId } = await world.admin.createAccount('basic', 3);
    const topics = topicsFor(world.stack.options.namespace);
    const charge = { accountId, reservationId: 'chg-handed-1', amountCredits: 1, operation: 'test', requestId: 'req-handed-1' };
    const then = { topic: topics.commands('billing-ledger'), key: accountId, type: billing.ChargeCredits.type, data: charge };
    const commandId = randomUUID();
    // Worked by hand: £2,500/m²; a 20 m² extension adds £50,000; 10% uplift on £300,000 gives £330,000.
    const query = { value: 250_000, floorArea: 100, extensionArea: 20, renovationUplift: 10 };
    const ask = (data: object, id = randomUUID()) =>
      rpc().requestReply(analysis.CalculateRenovationUplift, topics.commands('analysis'), accountId, data as never, ctx, {
        timeoutMs: 10_000,
        commandId: id,
        then,
      });
    // Delivered twice (same id), as a redelivery would: the analysis answers twice, the ledger charges once.
    const [first, second] = [await ask(query, commandId), await ask(query, commandId)];
    for (const reply of [first, second]) {
      expect(reply).toMatchObject({
        inReplyTo: commandId,
        ok: true,
        handledBy: 'billing-ledger',
        data: { accountId, availableCredits: 2 },
      });
      expect(reply.answer).toMatchObject({ input: query, result: { adjustedValue: 330_000, totalChange: 80_000 } });
    }
    // A command the analysis refuses is answered by the analysis itself and never reaches the ledger.
    const refused = await ask({ ...query, value: -1 });
    expect(refused).toMatchObject({ ok: false, handledBy: 'analysis', error: { code: 'INVALID_COMMAND' } });
    expect(refused.answer).toBeUndefined();

    const replayed = await replayAccount(world.databaseUrl, accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsCharged']);
    expect([replayed.capturedCredits, replayed.availableCredits]).toEqual([1, 2]);
  });

  it('reserves, hands the work on and captures in one chain, once however often it is delivered; a refusal stops it', async () => {
    const { accountId } = await world.admin.createAccount('basic', 3);
    const topics = topicsFor(world.stack.options.namespace);
    const ledgerTopic = topics.commands('billing-ledger');
    // Worked by hand: £2,500/m²; a 20 m² extension adds £50,000; 10% uplift on £300,000 gives £330,000.
    const query = { value: 250_000, floorArea: 100, extensionArea: 20, renovationUplift: 10 };
    const chain = (reservationId: string, amountCredits: number, work: object, id = randomUUID()) => {
      const capture = { topic: ledgerTopic, key: accountId, type: billing.CaptureCredits.type, data: { accountId, reservationId } };
      const then = { topic: topics.commands('analysis'), key: reservationId, type: analysis.CalculateRenovationUplift.type, data: work };
      const reserve = { accountId, reservationId, amountCredits, operation: 'test', requestId: `req-${reservationId}` };
      return rpc().requestReply(billing.ReserveCredits, ledgerTopic, accountId, reserve, ctx, {
        timeoutMs: 10_000,
        commandId: id,
        then: { ...then, then: capture },
      });
    };
    // Delivered twice (same id), as a redelivery would: reserved once, worked twice, captured once.
    const commandId = randomUUID();
    const [first, second] = [await chain('rsv-chain-1', 2, query, commandId), await chain('rsv-chain-1', 2, query, commandId)];
    for (const reply of [first, second]) {
      expect(reply).toMatchObject({ inReplyTo: commandId, ok: true, handledBy: 'billing-ledger', data: { availableCredits: 1 } });
      expect(reply.answer).toMatchObject({ input: query, result: { adjustedValue: 330_000, totalChange: 80_000 } });
    }
    // The work refused: the analysis replies itself, and the credits stay held until the gateway releases them.
    const refused = await chain('rsv-chain-2', 1, { ...query, value: -1 });
    expect(refused).toMatchObject({ ok: false, handledBy: 'analysis', error: { code: 'INVALID_COMMAND' } });
    expect((await replayAccount(world.databaseUrl, accountId)).reservedCredits).toBe(1);
    const released = await rpc().request(
      billing.ReleaseCredits,
      ledgerTopic,
      accountId,
      { accountId, reservationId: 'rsv-chain-2', reason: 'test' },
      ctx,
      {
        timeoutMs: 10_000,
      },
    );
    expect(released).toMatchObject({ ok: true, data: { availableCredits: 1, reservedCredits: 0 } });
    // Short of credits: the ledger refuses the reservation itself, and the work is never handed on.
    const short = await chain('rsv-chain-3', 2, query);
    expect(short).toMatchObject({ ok: false, handledBy: 'billing-ledger', error: { code: 'INSUFFICIENT_CREDITS' } });
    expect(short.answer).toBeUndefined();

    const replayed = await replayAccount(world.databaseUrl, accountId);
    expect(replayed.events.map((e) => e.type)).toEqual([
      'AccountOpened',
      'CreditsGranted',
      'CreditsReserved',
      'CreditsCaptured',
      'CreditsReserved',
      'CreditsReleased',
      'CreditReservationRejected',
    ]);
    expect([replayed.capturedCredits, replayed.reservedCredits, replayed.availableCredits]).toEqual([2, 0, 1]);
  });

  it('publishes every stored account event to Kafka through the log relay', async () => {
    const account = await world.admin.createAccount('basic', 4);
    await world.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', account.apiKey);
    const stored = await replayAccount(world.databaseUrl, account.accountId);
    expect(stored.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsCharged']);
    const streamId = ledgerEvents.accountStreamId(account.accountId);
    const ofAccount = () => relayed.filter((m) => m.key === streamId);
    await waitFor(() => new Set(ofAccount().map((m) => m.headers['event-id'])).size === 3);
    const values = ofAccount().map((m) => m.value as { type: string; streamPosition: number; metadata: { commandId?: string } });
    expect([...new Map(values.map((v) => [v.streamPosition, v.type])).entries()].sort()).toEqual([
      [0, 'AccountOpened'],
      [1, 'CreditsGranted'],
      [2, 'CreditsCharged'],
    ]);
    for (const v of values) expect(v.metadata.commandId).toEqual(expect.any(String));
  });

  it('handles a command delivered twice (same id) as one', async () => {
    const account = await world.admin.createAccount('basic', 10);
    const topic = topicsFor(world.stack.options.namespace).commands('billing-ledger');
    const reserve = {
      accountId: account.accountId,
      reservationId: `rsv_${randomUUID()}`,
      amountCredits: 3,
      operation: 'test',
      requestId: 'r1',
    };
    const reserveId = randomUUID();
    const first = await rpc().request(billing.ReserveCredits, topic, account.accountId, reserve, ctx, {
      timeoutMs: 10_000,
      commandId: reserveId,
    });
    const again = await rpc().request(billing.ReserveCredits, topic, account.accountId, reserve, ctx, {
      timeoutMs: 10_000,
      commandId: reserveId,
    });
    expect(first).toEqual(again);
    expect(first.ok && first.data.availableCredits).toBe(7);

    const capture = { accountId: account.accountId, reservationId: reserve.reservationId };
    const captureId = randomUUID();
    await rpc().request(billing.CaptureCredits, topic, account.accountId, capture, ctx, { timeoutMs: 10_000, commandId: captureId });
    const recaptured = await rpc().request(billing.CaptureCredits, topic, account.accountId, capture, ctx, {
      timeoutMs: 10_000,
      commandId: captureId,
    });
    expect(recaptured.ok && recaptured.data.availableCredits).toBe(7);

    const released = await rpc().request(billing.ReleaseCredits, topic, account.accountId, { ...capture, reason: 'late' }, ctx, {
      timeoutMs: 10_000,
    });
    expect(released.ok ? 'released' : released.error.code).toBe('RESERVATION_ALREADY_CAPTURED');

    const replayed = await replayAccount(world.databaseUrl, account.accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsReserved', 'CreditsCaptured']);
    expect(replayed.availableCredits).toBe(7);
  });
});
