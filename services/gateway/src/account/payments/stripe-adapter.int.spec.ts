import { startStripeSimulator, type RunningStripeSimulator } from '@pds/infra';
import { createLogger } from '@pds/service-runtime';
import { createServer, type Server } from 'node:http';
import { paymentSettingsFromEnv } from './settings';
import { stripePaymentsGateway, type PaymentsGateway } from './stripe-adapter';

// The payments adapter, configured from the settings as the gateway configures it, against the Stripe test
// environment (in this process: no database). Amounts by hand from the Prices the environment is seeded with.

const secretKey = 'sk_test_gateway_adapter';
const webhookSecret = 'whsec_gateway_adapter_test';
const deliveries: Array<{ body: Buffer; signature: string }> = [];
let receiver: Server;
let sim: RunningStripeSimulator;
let payments: PaymentsGateway;
const nowMs = Date.parse('2026-05-14T09:00:00Z');

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks), signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sim = await startStripeSimulator({
    secretKey,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/account/stripe/webhook`,
    prices: [
      {
        id: 'price_test_standard',
        productId: 'prod_test_standard',
        nickname: 'standard',
        unitAmountPence: 9_900,
        currency: 'gbp',
        recurring: true,
      },
    ],
    clock: { now: () => new Date(nowMs) },
    sweepMs: 0,
    retryBaseMs: 50,
    logger: createLogger('stripe-simulator-test', 'silent'),
  });
  const settings = paymentSettingsFromEnv({
    STRIPE_API_URL: sim.url,
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_BASIC: 'price_test_basic',
    STRIPE_PRICE_STANDARD: 'price_test_standard',
    STRIPE_PRICE_PREMIUM: 'price_test_premium',
  });
  payments = stripePaymentsGateway(settings!);
});
afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const urls = {
  successUrl: 'http://127.0.0.1:8080/account/paid?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://127.0.0.1:8080/account/plan',
};
const expiresAt = new Date(nowMs + 3_600_000);
const pay = (url: string | null, card = '4242424242424242') =>
  fetch(url!, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
const waitFor = async (check: () => boolean) => {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the payments adapter against the Stripe test environment', () => {
  it('makes a subscription checkout once per key, reads it paid, and reads its invoice and subscription', async () => {
    const request = {
      item: { kind: 'subscription' as const, priceId: 'price_test_standard' },
      accountId: 'acc_adapter01',
      purpose: 'subscription',
      customer: { email: 'owner@example.com' },
      ...urls,
      expiresAt,
    };
    const made = await payments.createCheckout(request, 'checkout:chk_1');
    // The same key again: the same session, not a second one.
    expect((await payments.createCheckout(request, 'checkout:chk_1')).id).toBe(made.id);
    expect(made).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      amount_total: 9_900,
      client_reference_id: 'acc_adapter01',
    });

    const paid = await pay(made.url);
    expect([paid.status, paid.headers.get('location')]).toEqual([303, `http://127.0.0.1:8080/account/paid?session=${made.id}`]);
    const complete = await payments.retrieveCheckout(made.id);
    expect(complete).toMatchObject({ status: 'complete', payment_status: 'paid' });
    // Only an open session can be closed (Stripe's "Expire a Checkout Session"): a paid one is refused.
    await expect(payments.expireCheckout(made.id)).rejects.toMatchObject({ code: 'checkout_session_not_open' });
    const invoice = await payments.retrieveInvoice(complete.invoice!);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 9_900, billing_reason: 'subscription_create' });
    expect(invoice.lines.data[0]?.pricing?.price_details?.price).toBe('price_test_standard');

    const subscription = await payments.retrieveSubscription(complete.subscription!);
    const cancelling = await payments.updateSubscription(subscription.id, { cancelAtPeriodEnd: true }, `cancel:${subscription.id}`);
    expect(cancelling.cancel_at_period_end).toBe(true);
  });

  it('makes a one-off payment of an amount; a declined card leaves it open and unpaid', async () => {
    const made = await payments.createCheckout(
      {
        item: { kind: 'payment', amountPence: 2_500, name: 'Purchase Balance top-up' },
        accountId: 'acc_adapter02',
        purpose: 'top_up',
        customer: { email: 'a@example.com' },
        ...urls,
        expiresAt,
      },
      'checkout:chk_2',
    );
    expect(made).toMatchObject({ mode: 'payment', amount_total: 2_500 });
    expect((await pay(made.url, '4000000000000002')).status).toBe(402);
    expect(await payments.retrieveCheckout(made.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    // Closed by us (another plan chosen): no longer payable; a paid one cannot be closed.
    expect(await payments.expireCheckout(made.id)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    expect((await pay(made.url)).status).toBe(410);
  });

  it("verifies an event's signature over the raw body, and refuses a tampered body or a missing signature", async () => {
    await waitFor(() => deliveries.length > 0);
    const { body, signature } = deliveries[0]!;
    expect(payments.verifyEvent(body, signature).id).toMatch(/^evt_/);
    // One byte more (a space a proxy might add): the same JSON, not the bytes Stripe signed.
    const tampered = Buffer.concat([body, Buffer.from(' ')]);
    expect(() => payments.verifyEvent(tampered, signature)).toThrow();
    expect(() => payments.verifyEvent(body, undefined)).toThrow();
  });
});
