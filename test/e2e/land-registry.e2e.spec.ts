import { businessGateway } from '@pds/land-register';
import { DateTime } from 'luxon';
import { runAudit } from '../support/audit';
import { registryTestAddresses } from '../support/datasets';
import { chargedCredits as charged, e2eFixture, type Caller } from '../support/e2e';
import { waitFor } from '../support/ledger';
import { closedOrderEventsOf } from '../support/order-stream';

// The Land Registry endpoints over the real stack, with the registry test environment behind land-registry-orders.
// Prices by hand from the spec: 25 credits a lookup or availability check; an official copy is 700 pence of Purchase
// Balance and 50 credits per PDF, and 100 credits more for register extraction.

// The registry test environment's titles are found by UPRN through their addresses, as Business Gateway searches by address.
const world = e2eFixture({ env: { ORDER_SWEEP_MS: '250', REGISTRY_POLL_MS: '250' }, imports: [registryTestAddresses] });

/** Business time for every service and the registry: a wall-clock moment in London. */
const setLondonTime = (local: string) => world.clock.set(DateTime.fromISO(local, { zone: 'Europe/London' }).toJSDate());
const registryOpenHour = () =>
  setLondonTime(DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 }).toISO() as string);

const customer = async (options: { pence?: number; ordering?: boolean; credits?: number } = {}) =>
  world.fundedCaller({
    credits: options.credits ?? 10_000,
    purchaseBalancePence: options.pence ?? 5_000,
    orderingEnabled: options.ordering ?? true,
  });

/** A placement charges nothing yet: it reserves the order's credits, charged when the registry accepts the order. */
const reserved = (r: { headers: Headers }) => Number(r.headers.get('x-credits-reserved'));

const orderBody = (
  titleNumber: string,
  documentType: 'register' | 'plan' | 'both',
  extract = false,
  extra: Record<string, unknown> = {},
) => ({
  titleNumber,
  documentType,
  ...(extract ? { extractRegisterText: true } : {}),
  purchaseAuthorisation: { maximumChargePence: documentType === 'both' ? 1400 : 700 },
  ...extra,
});
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;
const placeOrder = (c: Caller, body: unknown, key = newKey()) =>
  c.send('POST', '/land-registry/title-orders', body, { 'Idempotency-Key': key });

/** Money moves after the status does (the driver settles at the ledger next): an ended order is read once settled. */
const settled = (o: any) =>
  o.status === 'completed' ||
  (o.status === 'failed' && ['released', 'refunded'].includes(o.cost.paymentStatus)) ||
  (o.status === 'quarantined' && o.cost.paymentStatus === 'quarantined');

const orderUntil = async (c: Caller, orderId: string, statuses: string[], timeoutMs = 30_000) => {
  let last: any;
  await waitFor(async () => {
    last = (await c.get(`/land-registry/title-orders/${orderId}`)).body;
    return statuses.includes(last?.data?.status) && (statuses.includes('waiting_for_registry') || settled(last.data));
  }, timeoutMs).catch(() => {
    throw new Error(`order ${orderId} did not reach ${statuses.join('/')}; last seen ${JSON.stringify(last)}`);
  });
  return last.data;
};

const balances = async (c: Caller) => {
  const b = await world.admin.showAccount(c.accountId);
  return {
    credits: b.availableCredits,
    pence: b.purchaseBalance.availablePence,
    reservedPence: b.purchaseBalance.reservedPence,
    quarantinedPence: b.purchaseBalance.quarantinedPence,
  };
};
const auditPasses = () => expect(runAudit(world.databaseUrl).code).toBe(0);

/** A failed order's stream ends in one `OrderFailed`, for its account and with the error its status shows. */
const endsInOneOrderFailed = async (c: Caller, done: any) => {
  const events = await closedOrderEventsOf(world.db, done.id);
  expect(events.filter((e) => e.type === 'OrderFailed')).toHaveLength(1);
  expect(events.at(-1)).toMatchObject({
    type: 'OrderFailed',
    data: { accountId: c.accountId, code: done.error.code, message: done.error.message },
  });
};

describe('title lookup', () => {
  beforeAll(() => registryOpenHour());

  it('finds titles by UPRN and by address and postcode for 25 credits each', async () => {
    const c = await customer();
    const byUprn = await c.send('POST', '/land-registry/title-matches', { uprn: '100081240517' });
    expect(byUprn.status).toBe(200);
    expect(byUprn.body.data).toEqual({
      status: 'matched',
      count: 1,
      titles: [{ titleNumber: 'BK509231', tenure: 'freehold', matchedAddress: expect.stringContaining('14 Larkspur Close') }],
    });
    expect(byUprn.body.billing).toEqual({ mode: 'prepaid', creditsCharged: 25, creditsRemaining: 9_975, creditsRefreshAt: null });

    const byAddress = await c.send('POST', '/land-registry/title-matches', {
      address: 'Hawthorn Court, 22 Ellery Road',
      postcode: 'nw5 9zz',
    });
    expect(byAddress.status).toBe(200);
    expect(byAddress.body.data.count).toBe(2);
    expect(byAddress.body.data.titles.map((x: any) => x.titleNumber).sort()).toEqual(['NGL402216', 'NGL918273']);
    expect(charged(byAddress)).toBe(25);
    expect((await balances(c)).credits).toBe(9_950);
  });

  it('refuses bodies that are not exactly one alternative, and places outside England and Wales, charging nothing', async () => {
    const c = await customer();
    for (const body of [
      {},
      { uprn: '1', address: 'x y', postcode: 'RG40 9ZZ' },
      { uprn: '12a' },
      { address: '14 Larkspur Close' },
      { uprn: '1', extra: true },
    ]) {
      const r = await c.send('POST', '/land-registry/title-matches', body);
      expect([r.status, r.body.error.code, charged(r)]).toEqual([400, 'INVALID_PARAMETERS', 0]);
      expect(r.headers.get('x-credits-remaining')).toBe('10000');
    }
    const scottish = await c.send('POST', '/land-registry/title-matches', { address: '1 Princes Street', postcode: 'EH2 2EQ' });
    expect([scottish.status, scottish.body.error.code, charged(scottish)]).toEqual([400, 'OUTSIDE_ENGLAND_AND_WALES', 0]);
    expect((await balances(c)).credits).toBe(10_000);
  });

  it('answers 503 with a retry time and charges nothing when the registry delays the lookup', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'search', mode: 'delay', retryAfterSeconds: 120 }]);
    const r = await c.send('POST', '/land-registry/title-matches', { uprn: '100081240517' });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('LAND_REGISTRY_DELAYED');
    expect(Date.parse(r.body.error.retryAfter)).toBeGreaterThan(Date.now());
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(charged(r)).toBe(0);
    expect((await balances(c)).credits).toBe(10_000);
  });
});

describe('document availability', () => {
  beforeAll(() => registryOpenHour());

  it('shows status, documents and the full pricing object for 25 credits, placing no order', async () => {
    const c = await customer();
    const r = await c.get('/land-registry/titles/WT371956');
    expect(r.status).toBe(200);
    expect(charged(r)).toBe(25);
    expect(r.body.data.title).toMatchObject({ titleNumber: 'WT371956', applicationsPending: false, status: 'open' });
    expect(r.body.data.documents.register).toEqual({ status: 'available', backdated: false });
    expect(r.body.data.documents.plan).toEqual({ status: 'available', backdated: false });
    expect(r.body.data.documents.referred.some((d: any) => d.status === 'unavailable')).toBe(true);
    expect(r.body.data.documents.referred.some((d: any) => d.planOnly === true)).toBe(true);
    const price = (registryPence: number, servicePence: number, documentCredits: number, extractionCredits: number) => ({
      registryPence,
      servicePence,
      totalPence: registryPence + servicePence,
      documentCredits,
      extractionCredits,
      totalCredits: documentCredits + extractionCredits,
    });
    expect(r.body.data.pricing).toEqual({
      currency: 'GBP',
      register: price(300, 400, 50, 0),
      plan: price(300, 400, 50, 0),
      both: price(600, 800, 100, 0),
      registerWithExtraction: price(300, 400, 50, 100),
      bothWithExtraction: price(600, 800, 100, 100),
    });
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([9_975, 5_000]);
  });

  it('reports pending applications, closed titles with their continuation, and unknown titles (404, free)', async () => {
    const c = await customer();
    const pending = await c.get('/land-registry/titles/CH682140');
    expect(pending.body.data.title.applicationsPending).toBe(true);
    expect(pending.body.data.documents.register.backdated).toBe(true);
    const closed = await c.get('/land-registry/titles/WSX118204');
    expect(closed.body.data.title).toMatchObject({ status: 'closed', continuedUnderTitleNumber: 'WSX402781' });
    const unknown = await c.get('/land-registry/titles/ZZ999999');
    expect([unknown.status, unknown.body.error.code, charged(unknown)]).toEqual([404, 'TITLE_NOT_FOUND', 0]);
    expect((await c.get('/land-registry/titles/AB')).status).toBe(400);
    expect((await balances(c)).credits).toBe(10_000 - 50);
  });
});

describe('official copy orders', () => {
  beforeAll(() => registryOpenHour());

  it('orders a register with extraction: 202, captured at acceptance, PDF and text for the owner only', async () => {
    const c = await customer();
    const other = await customer();
    const placed = await placeOrder(c, orderBody('BK509231', 'register', true));
    expect(placed.status).toBe(202);
    expect([charged(placed), reserved(placed)]).toEqual([0, 150]);
    expect(placed.body.billing).toEqual({
      mode: 'prepaid',
      creditsCharged: 0,
      creditsReserved: 150,
      creditsRemaining: 9_850,
      creditsRefreshAt: null,
    });
    expect(placed.body.data).toMatchObject({
      titleNumber: 'BK509231',
      documentType: 'register',
      cost: { totalPence: 700, totalCredits: 150, extractionCredits: 100 },
    });
    const orderId = placed.body.data.id as string;

    const done = await orderUntil(c, orderId, ['completed', 'failed', 'quarantined']);
    expect(done.status).toBe('completed');
    expect(done.cost).toMatchObject({
      paymentStatus: 'captured',
      documentCreditPaymentStatus: 'captured',
      extractionPaymentStatus: 'captured',
    });
    const [doc] = done.documents;
    expect(doc).toMatchObject({ type: 'register', status: 'available', textStatus: 'ready', extraction: { status: 'ready' } });
    expect(doc.extraction.data.title).toMatchObject({ titleNumber: 'BK509231', tenure: 'Freehold' });
    expect(doc.extraction.data.parties.some((p: any) => p.role === 'proprietor')).toBe(true);

    const pdf = await c.get(doc.downloadUrl.replace('/api/v1', ''));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await c.get(doc.textUrl.replace('/api/v1', ''));
    expect(text.status).toBe(200);
    expect((text.body as Buffer).toString()).toContain('BK509231');

    // Someone else's order and documents do not exist for another account.
    expect((await other.get(`/land-registry/title-orders/${orderId}`)).status).toBe(404);
    expect((await other.get(doc.downloadUrl.replace('/api/v1', ''))).status).toBe(404);
    expect((await c.get(`/land-registry/title-orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa`)).status).toBe(404);

    const b = await balances(c);
    expect([b.credits, b.pence, b.reservedPence]).toEqual([9_850, 4_300, 0]);
    const status = await c.get(`/land-registry/title-orders/${orderId}`);
    expect(charged(status)).toBe(0);
    auditPasses();
  });

  it('orders both documents for 1400 pence and 100 credits', async () => {
    const c = await customer();
    const placed = await placeOrder(c, orderBody('WT371956', 'both'));
    expect(placed.status).toBe(202);
    // Read at once, the order is there: the 202 waits until its status endpoint can show it (never a 404 just after).
    const first = await c.get(`/land-registry/title-orders/${placed.body.data.id}`);
    expect([first.status, first.body.data?.id]).toEqual([200, placed.body.data.id]);
    const done = await orderUntil(c, placed.body.data.id, ['completed', 'failed']);
    expect(done.documents.map((d: any) => [d.type, d.status, d.textUrl])).toEqual([
      ['register', 'available', null],
      ['plan', 'available', null],
    ]);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([9_900, 3_600]);
  });

  it('refuses each invalid order before reserving anything', async () => {
    const c = await customer();
    const cases: Array<[unknown, Record<string, string>, number, string]> = [
      [orderBody('BK509231', 'register'), {}, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
      [orderBody('BK509231', 'register'), { 'Idempotency-Key': 'short' }, 400, 'INVALID_IDEMPOTENCY_KEY'],
      [orderBody('BK509231', 'register', false, { surprise: 1 }), { 'Idempotency-Key': newKey() }, 400, 'INVALID_PARAMETERS'],
      [
        { ...orderBody('BK509231', 'register'), purchaseAuthorisation: { maximumChargePence: 1400 } },
        { 'Idempotency-Key': newKey() },
        422,
        'PURCHASE_AUTHORISATION_MISMATCH',
      ],
      [
        { ...orderBody('BK509231', 'register'), purchaseAuthorisation: { maximumChargePence: 500 } },
        { 'Idempotency-Key': newKey() },
        400,
        'INVALID_PARAMETERS',
      ],
      [orderBody('BK509231', 'plan', true), { 'Idempotency-Key': newKey() }, 400, 'EXTRACTION_NOT_AVAILABLE_FOR_PLAN'],
      [orderBody('ZZ999999', 'register'), { 'Idempotency-Key': newKey() }, 404, 'TITLE_NOT_FOUND'],
      [orderBody('WSX118204', 'register'), { 'Idempotency-Key': newKey() }, 409, 'TITLE_CLOSED'],
      [orderBody('CH682140', 'register'), { 'Idempotency-Key': newKey() }, 409, 'BACKDATED_COPY_NOT_CONFIRMED'],
    ];
    for (const [body, headers, status, code] of cases) {
      const r = await c.send('POST', '/land-registry/title-orders', body, headers);
      expect([r.status, r.body.error?.code, charged(r)]).toEqual([status, code, 0]);
      expect(r.headers.get('x-credits-remaining')).toBe('10000');
    }
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([10_000, 5_000]);
  });

  it('refuses an order the credits cannot cover (402) and a call without a valid key (401), charging nothing', async () => {
    const c = await customer({ credits: 149 });
    const r = await placeOrder(c, orderBody('BK509231', 'register', true));
    expect([r.status, r.body.error.code, charged(r), r.headers.get('x-credits-remaining')]).toEqual([
      402,
      'INSUFFICIENT_CREDITS',
      0,
      '149',
    ]);
    const b = await world.admin.showAccount(c.accountId);
    expect([b.availableCredits, b.reservedCredits, b.purchaseBalance.availablePence, b.purchaseBalance.reservedPence]).toEqual([
      149, 0, 5_000, 0,
    ]);
    const anonymous = await world.send('POST', '/land-registry/title-matches', 'not-a-key', { uprn: '100081240517' });
    expect([anonymous.status, anonymous.body.error.code, charged(anonymous)]).toEqual([401, 'UNAUTHORIZED', 0]);
  });

  it('refuses accounts without the entitlement, on hold, in debt or short of Purchase Balance, with nothing reserved', async () => {
    const notEnabled = await customer({ ordering: false });
    const held = await customer();
    await world.admin.setHold(held.accountId, true, 'test');
    const indebted = await customer();
    await world.admin.recordDebt(indebted.accountId, 10_000, 'chargeback');
    const poor = await customer({ pence: 699 });
    for (const [c, status, code] of [
      [notEnabled, 403, 'ORDERING_NOT_ENABLED'],
      [held, 403, 'ACCOUNT_HELD'],
      [indebted, 403, 'ACCOUNT_IN_DEBT'],
      [poor, 402, 'INSUFFICIENT_PURCHASE_BALANCE'],
    ] as const) {
      const r = await placeOrder(c, orderBody('BK509231', 'register'));
      expect([r.status, r.body.error.code, charged(r)]).toEqual([status, code, 0]);
      const b = await world.admin.showAccount(c.accountId);
      expect([b.availableCredits, b.reservedCredits, b.purchaseBalance.reservedPence]).toEqual([10_000, 0, 0]);
    }
    auditPasses();
  });

  it('answers a retry with the same key with the same order, and a different body under that key with 422', async () => {
    const c = await customer();
    const key = newKey();
    const first = await placeOrder(c, orderBody('NGL918273', 'register'), key);
    // The title number is normalised once, before the request is compared: ' ngl 918273 ' is the same order.
    const again = await placeOrder(c, orderBody(' ngl 918273 ', 'register'), key);
    expect([first.status, again.status]).toEqual([202, 202]);
    expect([again.body.data.id, again.body.data.titleNumber]).toEqual([first.body.data.id, 'NGL918273']);
    expect([reserved(first), reserved(again), charged(first), charged(again)]).toEqual([50, 0, 0, 0]);
    const different = await placeOrder(c, orderBody('NGL918273', 'register', true), key);
    expect([different.status, different.body.error.code, charged(different)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED', 0]);
    await orderUntil(c, first.body.data.id, ['completed']);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([9_950, 4_300]);
  });

  it('places one order and charges once for two concurrent requests with the same key', async () => {
    const c = await customer();
    const key = newKey();
    const [a, b] = await Promise.all([
      placeOrder(c, orderBody('BK509231', 'register'), key),
      placeOrder(c, orderBody('BK509231', 'register'), key),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(reserved(a) + reserved(b)).toBe(50);
    await orderUntil(c, a.body.data.id, ['completed']);
    const after = await balances(c);
    expect([after.credits, after.pence]).toEqual([9_950, 4_300]);
    expect(
      (await world.registry.orders())
        .filter((o) => o.messageId === businessGateway.orderMessageId(a.body.data.id))
        .map((o) => o.submissions),
    ).toEqual([1]);
    auditPasses();
  });
});

describe('failure paths', () => {
  beforeAll(() => registryOpenHour());

  it('releases cash and credits when the registry refuses the order', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'submit', titleNumber: 'BK509231', mode: 'reject' }]);
    const placed = await placeOrder(c, orderBody('BK509231', 'register', true));
    expect(placed.status).toBe(202);
    const done = await orderUntil(c, placed.body.data.id, ['failed', 'completed', 'quarantined']);
    expect(done).toMatchObject({ status: 'failed', cost: { paymentStatus: 'released', extractionPaymentStatus: 'released' } });
    await endsInOneOrderFailed(c, done);
    await waitFor(async () => (await balances(c)).credits === 10_000);
    const b = await balances(c);
    expect([b.credits, b.pence, b.reservedPence]).toEqual([10_000, 5_000, 0]);
    auditPasses();
  });

  it('quarantines an uncertain submission with the cash reservation kept', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'submit', titleNumber: 'NGL918273', mode: 'uncertain' }]);
    const placed = await placeOrder(c, orderBody('NGL918273', 'register'));
    const done = await orderUntil(c, placed.body.data.id, ['quarantined', 'failed', 'completed']);
    expect(done).toMatchObject({ status: 'quarantined', error: { code: 'SUBMISSION_UNCERTAIN' } });
    await waitFor(async () => (await balances(c)).quarantinedPence === 700);
    const b = await balances(c);
    expect([b.credits, b.pence, b.quarantinedPence]).toEqual([9_950, 4_300, 700]);
    auditPasses();
  });

  it('refunds everything when the registry cannot fulfil an accepted order', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'fulfil', titleNumber: 'WT371956', mode: 'fail' }]);
    const placed = await placeOrder(c, orderBody('WT371956', 'both'));
    const done = await orderUntil(c, placed.body.data.id, ['failed', 'completed']);
    expect(done).toMatchObject({ status: 'failed', cost: { paymentStatus: 'refunded' } });
    await endsInOneOrderFailed(c, done);
    await waitFor(async () => (await balances(c)).pence === 5_000);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([10_000, 5_000]);
    auditPasses();
  });

  it('keeps the PDF and refunds only the 100 extraction credits when extraction fails', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'fulfil', titleNumber: 'BK509231', mode: 'unreadable' }]);
    const placed = await placeOrder(c, orderBody('BK509231', 'register', true));
    const done = await orderUntil(c, placed.body.data.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', cost: { paymentStatus: 'captured', extractionPaymentStatus: 'refunded' } });
    expect(done.documents[0]).toMatchObject({ status: 'available', textStatus: 'failed', extraction: { status: 'failed' } });
    const pdf = await c.get(done.documents[0].downloadUrl.replace('/api/v1', ''));
    expect(pdf.status).toBe(200);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([10_000 - 50, 4_300]);
    auditPasses();
  });
});

describe('registry opening hours', () => {
  it.each([
    ['March', '2026-03-28T23:30', '2026-03-29T06:30:00+01:00'],
    ['October', '2026-10-24T23:30', '2026-10-25T06:30:00+00:00'],
  ])('queues an order placed at 23:30 before the %s clock change until 06:30, then submits it', async (_month, placedAt, opening) => {
    setLondonTime(placedAt);
    const c = await customer();
    const placed = await placeOrder(c, orderBody('BK509231', 'register'));
    expect(placed.status).toBe(202);
    expect(placed.body.data).toMatchObject({ status: 'waiting_for_registry', retryAfter: opening, cost: { paymentStatus: 'reserved' } });
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await c.get(`/land-registry/title-orders/${placed.body.data.id}`)).body.data.status).toBe('waiting_for_registry');
    expect((await world.registry.orders()).some((o) => o.messageId === businessGateway.orderMessageId(placed.body.data.id))).toBe(false);

    world.clock.set(opening);
    const done = await orderUntil(c, placed.body.data.id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(
      (await world.registry.orders())
        .filter((o) => o.messageId === businessGateway.orderMessageId(placed.body.data.id))
        .map((o) => o.submissions),
    ).toEqual([1]);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([9_950, 4_300]);
  });
});

describe('a crash of land-registry-orders', () => {
  it('between reservation and submission loses nothing and submits once', async () => {
    setLondonTime('2026-11-25T23:30');
    const c = await customer();
    const placed = await placeOrder(c, orderBody('BK509231', 'register', true));
    expect(placed.body.data.status).toBe('waiting_for_registry');
    await world.stack.kill('land-registry-orders');
    world.clock.set(placed.body.data.retryAfter);
    world.stack.spawn('land-registry-orders');
    await world.stack.waitUntilHealthy(60_000);
    const done = await orderUntil(c, placed.body.data.id, ['completed', 'failed', 'quarantined'], 60_000);
    expect(done.status).toBe('completed');
    expect(
      (await world.registry.orders())
        .filter((o) => o.messageId === businessGateway.orderMessageId(placed.body.data.id))
        .map((o) => o.submissions),
    ).toEqual([1]);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([9_850, 4_300]);
    auditPasses();
  });

  it('during submission resumes from the registry without submitting again', async () => {
    registryOpenHour();
    const c = await customer();
    await world.registry.setFaults([{ operation: 'submit', titleNumber: 'WT371956', mode: 'slow', delayMs: 4_000 }]);
    const placed = await placeOrder(c, orderBody('WT371956', 'register'));
    const orderId = placed.body.data.id as string;
    await waitFor(async () => (await world.registry.orders()).some((o) => o.messageId === businessGateway.orderMessageId(orderId)), 10_000);
    await world.stack.kill('land-registry-orders');
    await world.registry.clearFaults();
    world.stack.spawn('land-registry-orders');
    await world.stack.waitUntilHealthy(60_000);
    const done = await orderUntil(c, orderId, ['completed', 'failed', 'quarantined'], 60_000);
    expect(done.status).toBe('completed');
    expect(
      (await world.registry.orders()).filter((o) => o.messageId === businessGateway.orderMessageId(orderId)).map((o) => o.submissions),
    ).toEqual([1]);
    const b = await balances(c);
    expect([b.credits, b.pence]).toEqual([9_950, 4_300]);
    auditPasses();
  });
});

describe('test register extraction', () => {
  it('is free and returns the synthetic register read back out of its PDF', async () => {
    const c = await customer();
    const r = await c.send('POST', '/land-registry/test-register-extraction', {});
    expect(r.status).toBe(200);
    expect(charged(r)).toBe(0);
    expect(r.body.data.document).toEqual(
      expect.objectContaining({ type: 'synthetic_test_register', official: false, registryOrdered: false }),
    );
    expect(r.body.data.analysis.title.titleNumber).toBe(r.body.data.fixture.titleNumber);
    expect((await c.send('POST', '/land-registry/test-register-extraction', { any: 1 })).status).toBe(400);
    expect((await balances(c)).credits).toBe(10_000);
  });
});

describe('an unreachable registry', () => {
  it('answers 502 LAND_REGISTRY_ERROR and charges nothing', async () => {
    registryOpenHour();
    const c = await customer();
    await world.stack.kill('registry-simulator');
    try {
      const lookup = await c.send('POST', '/land-registry/title-matches', { uprn: '100081240517' });
      expect([lookup.status, lookup.body.error.code, charged(lookup)]).toEqual([502, 'LAND_REGISTRY_ERROR', 0]);
      const availability = await c.get('/land-registry/titles/BK509231');
      expect([availability.status, availability.body.error.code, charged(availability)]).toEqual([502, 'LAND_REGISTRY_ERROR', 0]);
      const order = await placeOrder(c, orderBody('BK509231', 'register'));
      expect([order.status, order.body.error.code, charged(order)]).toEqual([502, 'LAND_REGISTRY_ERROR', 0]);
    } finally {
      await world.stack.startRegistrySimulator();
    }
    const b = await balances(c);
    expect([b.credits, b.pence, b.reservedPence]).toEqual([10_000, 5_000, 0]);
  });
});
