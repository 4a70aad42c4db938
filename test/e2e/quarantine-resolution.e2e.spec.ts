import { businessGateway } from '@pds/land-register';
import { DateTime } from 'luxon';
import { adminCommand } from '../support/admin-command';
import { runAudit } from '../support/audit';
import { e2eFixture, type Caller } from '../support/e2e';
import { replayAccount, waitFor } from '../support/ledger';
import { closedOrderEventsOf, orderEventsOf as orderEventsIn } from '../support/order-stream';

// An operator resolves a quarantined official-copy order (`admin order resolve`): land-registry-orders asks the
// registry what became of the submission and moves the order and its money on. Over the real stack, with the
// registry test environment's faults: `uncertain` (the order is recorded, then the connection dropped) and `lost`
// (the connection dropped before the order exists).
//
// Figures by hand from the spec: a register copy is 7 GBP = 700 pence of Purchase Balance and 50 credits, and
// register extraction 100 credits more. Every account opens with 5,000 pence and 10,000 credits.

const world = e2eFixture({ env: { ORDER_SWEEP_MS: '250', REGISTRY_POLL_MS: '250' } });
// Opening hours: 10:00 tomorrow in London, whatever the real time.
beforeAll(() => world.clock.set(DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 }).toJSDate()));

const openingPence = 5_000;
const openingCredits = 10_000;
/** An account's balances as it opened, and as it stands again when an order has taken nothing in the end. */
const opening = { credits: openingCredits, reservedCredits: 0, pence: openingPence, reservedPence: 0, quarantinedPence: 0 };
/** Its balances once a register copy without extraction is paid for: 700 p and 50 credits taken, nothing held. */
const oneCopyTaken = { credits: 9_950, reservedCredits: 0, pence: 4_300, reservedPence: 0, quarantinedPence: 0 };

const customer = () => world.fundedCaller({ credits: openingCredits, purchaseBalancePence: openingPence, orderingEnabled: true });

let keys = 0;
const placeOrder = async (c: Caller, titleNumber: string, extract: boolean) => {
  const body = {
    titleNumber,
    documentType: 'register',
    ...(extract ? { extractRegisterText: true } : {}),
    purchaseAuthorisation: { maximumChargePence: 700 },
  };
  const placed = await c.send('POST', '/land-registry/title-orders', body, {
    'Idempotency-Key': `quarantine-${Date.now()}-${++keys}`,
  });
  expect(placed.status).toBe(202);
  return placed.body.data.id as string;
};

const orderOf = async (c: Caller, orderId: string) => (await c.get(`/land-registry/title-orders/${orderId}`)).body.data;

/** Waits for the status endpoint to show `until`. */
const orderUntil = async (c: Caller, orderId: string, until: (o: any) => boolean, timeoutMs = 30_000) => {
  let last: any;
  await waitFor(async () => until((last = await orderOf(c, orderId))), timeoutMs).catch(() => {
    throw new Error(`order ${orderId} did not get there; last seen ${JSON.stringify(last)}`);
  });
  return last;
};
const isQuarantined = (o: any) => o?.status === 'quarantined' && o.cost.paymentStatus === 'quarantined';

/** A register order whose submission had no clear answer, held at the ledger. */
const quarantinedOrder = async (c: Caller, titleNumber: string, mode: 'uncertain' | 'lost', extract = false) => {
  await world.registry.setFaults([{ operation: 'submit', titleNumber, mode, times: 1 }]);
  const orderId = await placeOrder(c, titleNumber, extract);
  const order = await orderUntil(c, orderId, isQuarantined);
  expect(order.error.code).toBe('SUBMISSION_UNCERTAIN');
  return orderId;
};

const balances = async (c: Caller) => {
  const b = await world.admin.showAccount(c.accountId);
  const { availablePence, reservedPence, quarantinedPence } = b.purchaseBalance;
  return { credits: b.availableCredits, reservedCredits: b.reservedCredits, pence: availablePence, reservedPence, quarantinedPence };
};

/** What the ledger records of an order's reservation until it is quarantined: the credits and the cash held, then kept. */
const heldInQuarantine = ['CreditsReserved', 'CashReserved', 'ReservationQuarantined'];
/** The ledger's events for the order's reservation, in order: what was held, taken and given back. */
const ledgerEventsOf = async (c: Caller, orderId: string) =>
  (await replayAccount(world.databaseUrl, c.accountId)).events
    .filter((e) => (e.data as { reservationId?: string }).reservationId === `rsv_${orderId}`)
    .map((e) => e.type);

const orderEventsOf = (orderId: string) => orderEventsIn(world.db, orderId);

/** The operator API as it answers, refusals included. */
const resolveOverApi = async (orderId: string, body: unknown = {}) => {
  const res = await fetch(`${world.stack.adminUrl}/admin/v1/title-orders/${orderId}/resolution`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** `npm run --silent admin -- order resolve …`, as an operator types it, against this stack (without blocking this process). */
const resolveWithCli = (...args: string[]) => adminCommand(world).run('order', 'resolve', ...args);

const auditPasses = () => expect(runAudit(world.databaseUrl).code).toBe(0);

describe('resolving an uncertain submission the registry recorded', () => {
  it('captures once and completes the order with its PDF and text', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c, 'NGL918273', 'uncertain', true);
    // Held, not taken: 700 p and 50 + 100 credits.
    await waitFor(async () => (await balances(c)).quarantinedPence === 700);
    expect(await balances(c)).toEqual({
      credits: 9_850,
      reservedCredits: 150,
      pence: 4_300,
      reservedPence: 0,
      quarantinedPence: 700,
    });

    const resolved = await world.admin.resolveOrder(orderId, { reason: 'registry holds it (ticket 4711)', operator: 'alice' });
    const registryReference = (await world.registry.order(businessGateway.orderMessageId(orderId)))?.registryReference;
    // An order for the register's text goes by the Register Extract Service, whose answers carry no reference of the
    // registry's own: the registry knows it by the order's MessageID.
    expect(registryReference).toBe(businessGateway.orderMessageId(orderId));
    expect(resolved.resolution).toEqual({ finding: 'accepted', registryReference, resolvedAt: expect.any(String) });
    // Money first: captured before the command answered.
    expect(resolved.order).toMatchObject({
      id: orderId,
      error: null,
      cost: { paymentStatus: 'captured', extractionPaymentStatus: 'captured' },
    });
    expect(['with_registry', 'extracting', 'completed']).toContain(resolved.order.status);

    const done = await orderUntil(c, orderId, (o) => o.status === 'completed');
    expect(done).toMatchObject({
      error: null,
      cost: { paymentStatus: 'captured', documentCreditPaymentStatus: 'captured', extractionPaymentStatus: 'captured' },
    });
    const [doc] = done.documents;
    expect(doc).toMatchObject({ type: 'register', status: 'available', textStatus: 'ready' });
    const pdf = await c.get(doc.downloadUrl.replace('/api/v1', ''));
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(((await c.get(doc.textUrl.replace('/api/v1', ''))).body as Buffer).toString()).toContain('NGL918273');

    // 5,000 - 700 = 4,300 p; 10,000 - 150 = 9,850 credits; nothing held; captured exactly once.
    expect(await balances(c)).toEqual({
      credits: 9_850,
      reservedCredits: 0,
      pence: 4_300,
      reservedPence: 0,
      quarantinedPence: 0,
    });
    expect(await ledgerEventsOf(c, orderId)).toEqual([...heldInQuarantine, 'CreditsCaptured', 'CashCaptured']);
    // The registry was asked, never sent the order again.
    expect((await world.registry.order(businessGateway.orderMessageId(orderId)))?.submissions).toBe(1);
    const confirmed = (await orderEventsOf(orderId)).find((e) => e.type === 'SubmissionConfirmed');
    expect(confirmed?.metadata).toMatchObject({ actor: 'operator:alice', reason: 'registry holds it (ticket 4711)' });
    auditPasses();
  });
});

describe('resolving a submission the registry never received', () => {
  it('leaves the order quarantined while the registry cannot be asked, then fails it and gives everything back', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c, 'BK509231', 'lost');
    expect(await world.registry.order(businessGateway.orderMessageId(orderId))).toBeUndefined();
    await waitFor(async () => (await balances(c)).quarantinedPence === 700);
    const held = { credits: 9_950, reservedCredits: 50, pence: 4_300, reservedPence: 0, quarantinedPence: 700 };
    expect(await balances(c)).toEqual(held);
    const eventsBefore = (await orderEventsOf(orderId)).length;

    // The registry is too busy to say: nothing changes, and the operator is told to try again. (Untitled: the registry
    // holds no order to take a title from.)
    await world.registry.setFaults([{ operation: 'status', mode: 'delay' }]);
    const busy = await resolveOverApi(orderId, { reason: 'customer asked' });
    expect(busy.status).toBe(502);
    expect(busy.body).toEqual({
      success: false,
      error: { code: 'LAND_REGISTRY_ERROR', message: expect.stringMatching(/stays quarantined; try again later/) },
    });
    expect(await orderOf(c, orderId)).toMatchObject({ status: 'quarantined', cost: { paymentStatus: 'quarantined' } });
    expect(await balances(c)).toEqual(held);
    expect(await orderEventsOf(orderId)).toHaveLength(eventsBefore);
    await world.registry.clearFaults();

    const cli = await resolveWithCli('--order', orderId, '--reason', 'registry has no record');
    expect(cli).toMatchObject({ code: 0, stderr: '' });
    const resolved = JSON.parse(cli.stdout);
    expect(resolved.resolution).toEqual({ finding: 'never_received', registryReference: null, resolvedAt: expect.any(String) });
    expect(resolved.order).toMatchObject({
      id: orderId,
      status: 'failed',
      error: { code: 'SUBMISSION_NOT_RECEIVED', message: expect.stringMatching(/never reached it/) },
      cost: { paymentStatus: 'released', documentCreditPaymentStatus: 'released' },
      documents: [{ type: 'register', status: 'failed' }],
    });
    await orderUntil(c, orderId, (o) => o.status === 'failed' && o.cost.paymentStatus === 'released');

    // Back to the opening balances; the reservation released, never taken.
    expect(await balances(c)).toEqual(opening);
    expect(await ledgerEventsOf(c, orderId)).toEqual([...heldInQuarantine, 'CreditsReleased', 'CashReleased']);
    const lost = (await orderEventsOf(orderId)).find((e) => e.type === 'SubmissionLost');
    expect(lost?.metadata).toMatchObject({ actor: expect.stringMatching(/^operator:/), reason: 'registry has no record' });
    // Its money settled, the order ends in one OrderFailed, recorded by its driver.
    const closed = await closedOrderEventsOf(world.db, orderId);
    expect(closed.filter((e) => e.type === 'OrderFailed').map((e) => e.data)).toEqual([
      { accountId: c.accountId, code: 'SUBMISSION_NOT_RECEIVED', message: resolved.order.error.message, at: expect.any(String) },
    ]);
    expect(closed.at(-1)?.type).toBe('OrderFailed');
    // Resolving never submits: the registry still has no order.
    expect(await world.registry.order(businessGateway.orderMessageId(orderId))).toBeUndefined();
    auditPasses();
  });
});

describe('a repeated resolution', () => {
  it('answers the same and changes nothing', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c, 'WT371956', 'lost');
    const first = await resolveOverApi(orderId, { reason: 'first' });
    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({ status: 'failed', cost: { paymentStatus: 'released' } });
    // The driver closes the failed order after the resolution answers: its stream is compared once that is done.
    const orderEvents = await closedOrderEventsOf(world.db, orderId);
    const ledgerEvents = await ledgerEventsOf(c, orderId);
    const after = await balances(c);

    const again = await resolveOverApi(orderId, { reason: 'second' });
    expect(again).toEqual(first);
    expect(await orderEventsOf(orderId)).toEqual(orderEvents);
    expect(await ledgerEventsOf(c, orderId)).toEqual(ledgerEvents);
    expect(await balances(c)).toEqual(after);
    expect(after).toEqual(opening);
  });
});

describe('refusals', () => {
  it('refuses an order that was never quarantined (409) and an unknown order (404), changing nothing', async () => {
    const c = await customer();
    const orderId = await placeOrder(c, 'BK509231', false);
    await orderUntil(c, orderId, (o) => o.status === 'completed');
    const eventsBefore = await orderEventsOf(orderId);

    const refused = await resolveOverApi(orderId, { reason: 'by mistake' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'ORDER_NOT_QUARANTINED', message: expect.stringMatching(/is completed, not quarantined/) },
    });
    expect(await orderEventsOf(orderId)).toEqual(eventsBefore);
    expect(await balances(c)).toEqual(oneCopyTaken);

    const unknown = await resolveOverApi('ord_aaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown).toEqual({ status: 404, body: { success: false, error: { code: 'ORDER_NOT_FOUND', message: expect.any(String) } } });
    expect((await resolveOverApi('not-an-order')).status).toBe(404);
    expect((await resolveOverApi(orderId, { outcome: 'capture' })).body.error.code).toBe('INVALID_PARAMETERS');
    const cli = await resolveWithCli('--order', orderId);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('409 ORDER_NOT_QUARANTINED');
  });
});

describe('a reservation an operator settled at the ledger first', () => {
  it('captured, for an order the registry never received: the order fails and the capture is refunded in full', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c, 'CYM604817', 'lost');
    await waitFor(async () => (await balances(c)).quarantinedPence === 700);
    await world.admin.resolveReservation(c.accountId, `rsv_${orderId}`, 'capture', 'operator guessed it went through');
    expect(await balances(c)).toEqual(oneCopyTaken);

    await world.admin.resolveOrder(orderId, { reason: 'check the registry' });
    const done = await orderUntil(c, orderId, (o) => o.status === 'failed' && o.cost.paymentStatus === 'refunded');
    expect(done.error.code).toBe('SUBMISSION_NOT_RECEIVED');
    expect(await balances(c)).toEqual(opening);
    expect(await ledgerEventsOf(c, orderId)).toEqual([
      ...heldInQuarantine,
      'CreditsCaptured',
      'CashCaptured',
      'CreditsRefunded',
      'CashRefunded',
    ]);
    auditPasses();
  });

  it('released, for an order the registry holds: the release stands and the copy is delivered without charge', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c, 'NGL402216', 'uncertain');
    await waitFor(async () => (await balances(c)).quarantinedPence === 700);
    await world.admin.resolveReservation(c.accountId, `rsv_${orderId}`, 'release', 'operator guessed it was lost');

    const resolved = await world.admin.resolveOrder(orderId, { reason: 'check the registry' });
    expect(resolved.resolution.finding).toBe('accepted');
    const done = await orderUntil(c, orderId, (o) => o.status === 'completed');
    expect(done.cost.paymentStatus).toBe('released');
    expect((await c.get(done.documents[0].downloadUrl.replace('/api/v1', ''))).status).toBe(200);
    expect(await balances(c)).toEqual(opening);
    expect(await ledgerEventsOf(c, orderId)).toEqual([...heldInQuarantine, 'CreditsReleased', 'CashReleased']);
    auditPasses();
  });
});
