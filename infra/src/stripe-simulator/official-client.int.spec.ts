import { stripeObjects } from '@pds/contracts';
import { createLogger } from '@pds/service-runtime';
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { StripeControl } from '../stripe-control';
import { startStripeSimulator, type RunningStripeSimulator } from './simulator';

// The official `stripe` package, configured as the payments adapter configures it, against the test environment: every
// answer parsed by contracts' shapes, every delivery verified by the package's constructEvent. No database needed.

const secretKey = 'sk_test_official_client';
const webhookSecret = 'whsec_official_client_test';
const prices = [
  {
    id: 'price_test_basic',
    productId: 'prod_test_basic',
    nickname: 'basic',
    unitAmountPence: 2_900,
    currency: 'gbp' as const,
    recurring: true,
  },
  {
    id: 'price_test_standard',
    productId: 'prod_test_standard',
    nickname: 'standard',
    unitAmountPence: 9_900,
    currency: 'gbp' as const,
    recurring: true,
  },
];
const startMs = Date.parse('2026-01-31T10:00:00Z');
let nowMs = startMs;

interface Delivery {
  event: Stripe.Event;
}
const deliveries: Delivery[] = [];
let receiver: Server;
let receiverUrl: string;
let sim: RunningStripeSimulator;
let stripe: Stripe;
let control: StripeControl;

const waitFor = async <T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const eventsFor = (objectId: string) =>
  deliveries.filter((d) => (d.event.data.object as { id: string }).id === objectId).map((d) => d.event);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), webhookSecret);
        stripeObjects.StripeEvent.parse(event);
        deliveries.push({ event });
        res.writeHead(200).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/account/stripe/webhook`;
  sim = await startStripeSimulator({
    secretKey,
    webhookSecret,
    webhookUrl: receiverUrl,
    prices,
    clock: { now: () => new Date(nowMs) },
    sweepMs: 0,
    retryBaseMs: 50,
    logger: createLogger('stripe-simulator-test', 'silent'),
  });
  const url = new URL(sim.url);
  stripe = new Stripe(secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 2, telemetry: false });
  control = new StripeControl(sim.url);
});
afterEach(() => control.clearFaults());
afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const subscribe = (accountId: string) =>
  stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_test_basic', quantity: 1 }],
    client_reference_id: accountId,
    customer_email: `${accountId}@example.com`,
    metadata: { accountId, purpose: 'subscription' },
    subscription_data: { metadata: { accountId } },
    allowed_payment_method_types: ['card'],
    success_url: 'http://127.0.0.1:8080/account/plan/paid?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:8080/account/plan',
    expires_at: Math.floor(nowMs / 1000) + 3_600,
  });

const topUp = (pence: number, idempotencyKey?: string) =>
  stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'gbp', unit_amount: pence, product_data: { name: 'Purchase Balance top-up' } }, quantity: 1 }],
      client_reference_id: 'acc_topup',
      metadata: { accountId: 'acc_topup', purpose: 'top_up' },
      success_url: 'http://127.0.0.1:8080/account/balance/paid?session={CHECKOUT_SESSION_ID}',
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );

/** Types a card on the hosted page as a person's browser posts the form. */
const pay = (session: { url: string | null }, card: string) =>
  fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });

describe('the official client against the Stripe test environment', () => {
  it('subscribes: a session made and read back, paid on the hosted page, its subscription and invoice read, the events verified', async () => {
    const created = stripeObjects.StripeCheckoutSession.parse(await subscribe('acc_sub1'));
    expect(created).toMatchObject({ status: 'open', payment_status: 'unpaid', mode: 'subscription', amount_total: 2_900, currency: 'gbp' });
    expect(stripeObjects.StripeCheckoutSession.parse(await stripe.checkout.sessions.retrieve(created.id))).toEqual(created);

    const page = await fetch(created.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:8080");
    expect(await page.text()).toContain('Pay £29.00 a month');

    const paid = await pay(created, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:8080/account/plan/paid?session=${created.id}`);

    const session = stripeObjects.StripeCheckoutSession.parse(await stripe.checkout.sessions.retrieve(created.id));
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'acc_sub1', url: null });
    const invoice = stripeObjects.StripeInvoice.parse(await stripe.invoices.retrieve(session.invoice!));
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2_900,
      billing_reason: 'subscription_create',
      customer: session.customer,
    });
    expect(invoice.parent?.subscription_details).toEqual({ subscription: session.subscription, metadata: { accountId: 'acc_sub1' } });
    const line = invoice.lines.data[0]!;
    expect(line.pricing?.price_details?.price).toBe('price_test_basic');
    // Anchored 31 January 10:00 UTC: the first period ends on February's last day.
    expect(line.period).toEqual({ start: startMs / 1000, end: Date.parse('2026-02-28T10:00:00Z') / 1000 });
    const sub = stripeObjects.StripeSubscription.parse(await stripe.subscriptions.retrieve(session.subscription!));
    expect(sub.items.data[0]).toMatchObject({ price: { id: 'price_test_basic' }, current_period_end: line.period.end });

    await waitFor(() => eventsFor(created.id).length === 1, 'checkout.session.completed');
    const types = deliveries
      .filter((d) => [sub.id, invoice.id, created.id].includes((d.event.data.object as { id: string }).id))
      .map((d) => d.event.type);
    expect(types).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    stripeObjects.StripeCheckoutSession.parse(eventsFor(created.id)[0]!.data.object);
    stripeObjects.StripeInvoice.parse(eventsFor(invoice.id)[0]!.data.object);
  });

  it('leaves the session open and unpaid, and sends nothing, when the card is declined', async () => {
    const session = await topUp(2_000);
    const declined = await pay(session, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('data-code="card_declined"');
    const poor = await pay(session, '4000000000009995');
    expect(await poor.text()).toContain('insufficient funds');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsFor(session.id)).toEqual([]);
  });

  it('delivers a duplicated event twice with the same id', async () => {
    await control.setFaults([{ mode: 'duplicate', eventType: 'checkout.session.completed', times: 1 }]);
    const session = await topUp(1_500);
    expect((await pay(session, '4242424242424242')).status).toBe(303);
    const events = await waitFor(() => (eventsFor(session.id).length === 2 ? eventsFor(session.id) : undefined), 'two deliveries');
    expect(events.map((e) => e.id)).toEqual([events[0]!.id, events[0]!.id]);
    expect(events[0]!.data.object).toMatchObject({ mode: 'payment', amount_total: 1_500, payment_status: 'paid' });
  });

  it('redelivers a dropped attempt, and holds a delayed event until released', async () => {
    await control.setFaults([
      { mode: 'drop', eventType: 'checkout.session.completed', times: 1 },
      { mode: 'delay', eventType: 'checkout.session.expired', times: 1 },
    ]);
    const paid = await topUp(1_000);
    await pay(paid, '4242424242424242');
    await waitFor(() => eventsFor(paid.id).length === 1, 'the redelivery');
    const record = (await control.events()).find((e) => e.objectId === paid.id)!;
    expect(record.attempts.map((a) => a.status)).toEqual([null, 200]);

    const abandoned = await topUp(1_000);
    const expired = await control.expireSession(abandoned.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(abandoned.url!)).status).toBe(410);
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsFor(abandoned.id)).toEqual([]);
    expect(await control.releaseEvents()).toBe(1);
    const [event] = await waitFor(() => (eventsFor(abandoned.id).length ? eventsFor(abandoned.id) : undefined), 'the released event');
    expect(event!.type).toBe('checkout.session.expired');
  });

  it('replays an idempotency key with the same parameters and refuses it with others', async () => {
    const first = await topUp(3_000, 'checkout:chk_1');
    const again = await topUp(3_000, 'checkout:chk_1');
    expect(again.id).toBe(first.id);
    await expect(topUp(4_000, 'checkout:chk_1')).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it("raises Stripe's errors as the package's classes, and retries a 500 as the adapter is configured to", async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const url = new URL(sim.url);
    const wrongKey = new Stripe('sk_test_wrong', { host: url.hostname, port: Number(url.port), protocol: 'http', telemetry: false });
    await expect(wrongKey.invoices.retrieve('in_x')).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await control.resetRequests();
    await control.setFaults([{ mode: 'api_error', operation: 'checkout.sessions.create', times: 1 }]);
    const created = await topUp(1_000);
    expect(created.status).toBe('open');
    expect((await control.requests())['checkout.sessions.create']).toBe(2);
    await control.setFaults([{ mode: 'api_error', operation: 'invoices.retrieve', times: 3 }]);
    await expect(stripe.invoices.retrieve('in_any')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    await control.setFaults([{ mode: 'api_error', status: 429, operation: 'subscriptions.retrieve' }]);
    await expect(stripe.subscriptions.retrieve('sub_any')).rejects.toMatchObject({ type: 'StripeRateLimitError', statusCode: 429 });
  });

  it('changes the price for the next period, bills it at renewal, and ends a failing subscription after its retries', async () => {
    const session = await subscribe('acc_renew');
    await pay(session, '4242424242424242');
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const sub = await stripe.subscriptions.retrieve(subId);
    const changed = await stripe.subscriptions.update(
      subId,
      { items: [{ id: sub.items.data[0]!.id, price: 'price_test_standard' }], proration_behavior: 'none' },
      { idempotencyKey: `downgrade:${subId}` },
    );
    expect(stripeObjects.StripeSubscription.parse(changed).items.data[0]!.price.id).toBe('price_test_standard');

    nowMs = Date.parse('2026-02-28T10:00:01Z');
    expect(await control.runRenewals()).toContain(subId);
    const renewed = stripeObjects.StripeSubscription.parse(await stripe.subscriptions.retrieve(subId));
    const invoice = stripeObjects.StripeInvoice.parse(await stripe.invoices.retrieve(renewed.latest_invoice!));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 9_900, billing_reason: 'subscription_cycle' });
    expect(invoice.lines.data[0]!.period).toEqual({
      start: Date.parse('2026-02-28T10:00:00Z') / 1000,
      end: Date.parse('2026-03-31T10:00:00Z') / 1000,
    });

    await control.setSubscriptionCard(subId, '4000 0000 0000 0341');
    const steps = [];
    for (let i = 0; i < 4; i++) steps.push((await control.advanceSubscription(subId)).step.kind);
    expect(steps).toEqual(['renew', 'retry', 'retry', 'retry']);
    const ended = await stripe.subscriptions.retrieve(subId);
    expect(ended.status).toBe('canceled');
    await waitFor(() => eventsFor(subId).some((e) => e.type === 'customer.subscription.deleted'), 'the end');
    const failed = await waitFor(() => {
      const found = deliveries.filter(
        (d) => d.event.type === 'invoice.payment_failed' && (d.event.data.object as { id: string }).id === ended.latest_invoice,
      );
      return found.length === 4 ? found.map((d) => stripeObjects.StripeInvoice.parse(d.event.data.object)) : undefined;
    }, 'four failed charges');
    expect(failed.map((i) => i.attempt_count)).toEqual([1, 2, 3, 4]);
    expect(failed.map((i) => i.next_payment_attempt === null)).toEqual([false, false, false, true]);
  });
});
