import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { e2eFixture, type Caller } from '../support/e2e';
import { waitFor } from '../support/ledger';

// Webhooks over the real stack: a receiver in this file (http on loopback, which the test stack allows), title orders
// completed by the registry test environment, and the signature checked by this file's own HMAC code, written here
// from the documented scheme rather than imported, so that the gateway's signing is checked independently.

const world = e2eFixture({
  env: {
    ORDER_SWEEP_MS: '250',
    REGISTRY_POLL_MS: '250',
    WEBHOOK_RETRY_BASE_MS: '200',
    WEBHOOK_SWEEP_MS: '100',
    WEBHOOK_TIMEOUT_MS: '2000',
  },
});

// ---- the receiver -------------------------------------------------------------------------------------------------

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  at: Date;
}
const received: Received[] = [];
/** Statuses to answer, in turn; 200 once they run out. */
let answers: number[] = [];
let receiver: Server | undefined;
let receiverPort = 0;

const startReceiver = () =>
  new Promise<void>((resolve) => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks), at: new Date() });
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    receiver.listen(receiverPort, '127.0.0.1', () => {
      receiverPort = (receiver!.address() as AddressInfo).port;
      resolve();
    });
  });
const stopReceiver = () =>
  new Promise<void>((resolve) => {
    if (!receiver) return resolve();
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
const receiverUrl = (path: string) => `http://127.0.0.1:${receiverPort}${path}`;
const arrivedAt = (path: string) => received.filter((r) => r.path === path);

beforeAll(() => startReceiver());
afterAll(() => stopReceiver());

// ---- the test's own signature check (the documented scheme, in node:crypto) -------------------------------------------

const toleranceSeconds = 300;
/** `PDS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret>`. */
const verify = (secret: string, raw: Buffer, header: string, nowSeconds: number): 'ok' | 'bad signature' | 'stale' => {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return 'stale';
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${t}.`), raw]))
    .digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'bad signature';
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---- title orders -----------------------------------------------------------------------------------------------------

const customer = () => world.fundedCaller({ credits: 10_000, purchaseBalancePence: 5_000, orderingEnabled: true });
let keys = 0;
const completedOrder = async (c: Caller) => {
  const body = { titleNumber: 'WT371956', documentType: 'plan', purchaseAuthorisation: { maximumChargePence: 700 } };
  const placed = await c.send('POST', '/land-registry/title-orders', body, { 'Idempotency-Key': `webhooks-${Date.now()}-${++keys}` });
  expect(placed.status).toBe(202);
  return placed.body.data.id as string;
};
const register = (c: Caller, path: string, events = ['title_order.completed']) =>
  c.send('POST', '/webhooks', { url: receiverUrl(path), events, description: `receiver ${path}` });

beforeAll(() => {
  // The registry is open: 10:00 in London tomorrow.
  const opening = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 });
  world.clock.set(opening.toJSDate());
});

describe('registering webhooks', () => {
  it('answers 201 with the secret once; the list shows a hint of it only; deleted, it is gone', async () => {
    const c = await customer();
    const created = await register(c, '/registering');
    expect(created.status).toBe(201);
    expect(created.headers.get('x-credits-charged')).toBe('0');
    const hook = created.body.data;
    expect(hook).toEqual({
      webhookId: expect.stringMatching(/^wh_[a-z2-7]{26}$/),
      url: receiverUrl('/registering'),
      events: ['title_order.completed'],
      description: 'receiver /registering',
      createdAt: expect.any(String),
      secretHint: `${hook.secret.slice(0, 10)}…`,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });

    const listed = await c.get('/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data.webhooks).toEqual([{ ...hook, secret: undefined }].map(({ secret: _, ...shown }) => shown));
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret.slice(10));
    const other = await customer();
    expect((await other.get('/webhooks')).body.data.webhooks).toEqual([]);
    expect((await other.send('DELETE', `/webhooks/${hook.webhookId}`)).status).toBe(404);

    const deleted = await c.send('DELETE', `/webhooks/${hook.webhookId}`);
    expect([deleted.status, deleted.body.data]).toEqual([200, { webhookId: hook.webhookId, deleted: true }]);
    const again = await c.send('DELETE', `/webhooks/${hook.webhookId}`);
    expect([again.status, again.body.error.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
    expect((await c.get(`/webhooks/${hook.webhookId}/deliveries`)).status).toBe(404);
    expect((await c.get('/webhooks')).body.data.webhooks).toEqual([]);
  });

  it('refuses targets it may not deliver to, saying why', async () => {
    const c = await customer();
    const refusals: Array<[string, RegExp]> = [
      ['http://example.com/hooks', /must be https/],
      ['https://10.0.0.1/hooks', /10\.0\.0\.1 is a private, loopback, link-local or reserved address/],
      ['https://169.254.169.254/latest', /169\.254\.169\.254 is a private/],
      ['https://[fd00::1]/hooks', /fd00::1 is a private/],
      ['https://user:pw@example.com/hooks', /credentials/],
      ['https://no-such-host.invalid/hooks', /no-such-host\.invalid does not resolve/],
    ];
    for (const [url, reason] of refusals) {
      const r = await c.send('POST', '/webhooks', { url, events: ['title_order.failed'] });
      expect({ url, status: r.status, code: r.body.error.code, message: r.body.error.message }).toEqual({
        url,
        status: 400,
        code: 'WEBHOOK_TARGET_REFUSED',
        message: expect.stringMatching(reason),
      });
    }
    const unknownEvent = await c.send('POST', '/webhooks', { url: receiverUrl('/x'), events: ['order.done'] });
    expect([unknownEvent.status, unknownEvent.body.error.code]).toEqual([400, 'INVALID_PARAMETERS']);
    expect((await c.get('/webhooks')).body.data.webhooks).toEqual([]);
  });

  it('allows ten webhooks an account', async () => {
    const c = await customer();
    for (let i = 0; i < 10; i++) expect((await register(c, `/limit-${i}`)).status).toBe(201);
    const eleventh = await register(c, '/limit-10');
    expect([eleventh.status, eleventh.body.error.code]).toEqual([409, 'WEBHOOK_LIMIT_REACHED']);
  });
});

describe('a title order completing', () => {
  it('is delivered signed, retried after 500, 500 with the same id and body, then listed with its three attempts; a manual retry sends it again', async () => {
    const c = await customer();
    const hook = (await register(c, '/orders')).body.data;
    answers = [500, 500];
    const orderId = await completedOrder(c);
    await waitFor(() => arrivedAt('/orders').length >= 3, 60_000);
    const [first, second, third] = arrivedAt('/orders') as [Received, Received, Received];

    // The body: the event, its data the order as its status endpoint shows it.
    const event = JSON.parse(first.raw.toString('utf8'));
    const shown = (await c.get(`/land-registry/title-orders/${orderId}`)).body.data;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[a-z2-7]{26}$/),
      type: 'title_order.completed',
      createdAt: expect.any(String),
      data: shown,
    });
    expect(shown.status).toBe('completed');
    expect([second.raw.equals(first.raw), third.raw.equals(first.raw)]).toEqual([true, true]);
    for (const r of [first, second, third]) {
      expect(r.headers).toMatchObject({
        'content-type': 'application/json',
        'pds-event-id': event.id,
        'pds-event-type': 'title_order.completed',
        'pds-delivery-id': expect.stringMatching(/^dlv_/),
        'user-agent': 'PDS-Webhooks/1',
      });
      // The test's own HMAC: each attempt verifies under the secret, at the time it arrived.
      expect(verify(hook.secret, r.raw, r.headers['pds-signature'] as string, Math.floor(r.at.getTime() / 1000))).toBe('ok');
    }
    const header = first.headers['pds-signature'] as string;
    const tampered = Buffer.from(first.raw.toString('utf8').replace('"completed"', '"failed"'));
    expect(verify(hook.secret, tampered, header, nowSeconds())).toBe('bad signature');
    expect(verify('whsec_not-the-secret', first.raw, header, nowSeconds())).toBe('bad signature');
    expect(verify(hook.secret, first.raw, header, Math.floor(first.at.getTime() / 1000) + toleranceSeconds + 1)).toBe('stale');

    // The deliveries endpoint lists the one delivery with its three attempts.
    let delivery: any;
    await waitFor(async () => {
      delivery = (await c.get(`/webhooks/${hook.webhookId}/deliveries`)).body.data.deliveries[0];
      return delivery?.status === 'succeeded';
    }, 10_000);
    expect(delivery).toMatchObject({
      deliveryId: first.headers['pds-delivery-id'],
      eventId: event.id,
      type: 'title_order.completed',
      nextAttemptAt: null,
    });
    expect(delivery.attempts.map((a: any) => [a.statusCode, a.error])).toEqual([
      [500, null],
      [500, null],
      [200, null],
    ]);
    for (const a of delivery.attempts) expect(a.latencyMs).toBeGreaterThanOrEqual(0);

    // Sent again by hand: the same id and body, a fourth attempt.
    const retried = await c.send('POST', `/webhooks/${hook.webhookId}/deliveries/${delivery.deliveryId}/retry`);
    expect([retried.status, retried.body.data.status, retried.body.data.deliveryId]).toEqual([202, 'pending', delivery.deliveryId]);
    await waitFor(() => arrivedAt('/orders').length >= 4, 10_000);
    expect(arrivedAt('/orders')[3]!.raw.equals(first.raw)).toBe(true);
    const missing = await c.send('POST', `/webhooks/${hook.webhookId}/deliveries/dlv_aaaaaaaaaaaaaaaaaaaaaaaaaa/retry`);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'DELIVERY_NOT_FOUND']);
  });
});

describe('a title order failing', () => {
  it('is delivered as title_order.failed once its money is given back, the order as its status shows it', async () => {
    const c = await customer();
    await register(c, '/failed', ['title_order.failed', 'title_order.completed']);
    // The registry accepts the order, then cannot fulfil it: the order fails and everything is refunded.
    await world.registry.setFaults([{ operation: 'fulfil', titleNumber: 'WT371956', mode: 'fail' }]);
    const orderId = await completedOrder(c);
    await waitFor(() => arrivedAt('/failed').length >= 1, 60_000);
    const event = JSON.parse(arrivedAt('/failed')[0]!.raw.toString('utf8'));
    const shown = (await c.get(`/land-registry/title-orders/${orderId}`)).body.data;
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: 'title_order.failed', createdAt: expect.any(String), data: shown });
    expect(shown).toMatchObject({ status: 'failed', cost: { paymentStatus: 'refunded', documentCreditPaymentStatus: 'refunded' } });
    expect(arrivedAt('/failed').map((r) => JSON.parse(r.raw.toString('utf8')).type)).toEqual(['title_order.failed']);
  });
});

describe('a crash of the gateway', () => {
  it('while the receiver is down loses nothing: once both are back, the event arrives with its id', async () => {
    const c = await customer();
    const hook = (await register(c, '/crash')).body.data;
    await stopReceiver();
    const orderId = await completedOrder(c);
    // The delivery is recorded and has failed at least once against the closed port.
    let delivery: any;
    await waitFor(async () => {
      delivery = (await c.get(`/webhooks/${hook.webhookId}/deliveries`)).body.data.deliveries[0];
      return (delivery?.attempts.length ?? 0) >= 1;
    }, 60_000);
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });

    await world.stack.kill('gateway', 'SIGKILL');
    await startReceiver();
    world.stack.spawn('gateway');
    await world.stack.waitUntilHealthy(60_000);
    await waitFor(() => arrivedAt('/crash').length >= 1, 30_000);
    const event = JSON.parse(arrivedAt('/crash')[0]!.raw.toString('utf8'));
    expect([event.id, event.data.id, event.type]).toEqual([delivery.eventId, orderId, 'title_order.completed']);
    expect(verify(hook.secret, arrivedAt('/crash')[0]!.raw, arrivedAt('/crash')[0]!.headers['pds-signature'] as string, nowSeconds())).toBe(
      'ok',
    );
  });
});
