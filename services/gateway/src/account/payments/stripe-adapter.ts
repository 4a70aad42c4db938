import { stripeObjects } from '@pds/contracts';
import Stripe from 'stripe';
import type { PaymentSettings } from './settings';

// The one file that speaks to Stripe, through the official package; everything it answers is read through the
// contracts' shapes of Stripe's objects, so a shape the project cannot read is an error, never a guess. Pages and
// fulfilment use the `PaymentsGateway` interface, and their tests a fake of it.

type Session = stripeObjects.StripeCheckoutSession;

/** What a Checkout Session is made for: a plan's subscription, or a one-off payment of an amount. */
export type CheckoutItem = { kind: 'subscription'; priceId: string } | { kind: 'payment'; amountPence: number; name: string };

export interface CheckoutRequest {
  item: CheckoutItem;
  accountId: string;
  /** Our own name for what is paid for, recorded in the session's metadata for people reading Stripe's dashboard. */
  purpose: string;
  /** The Stripe customer who paid before (their saved card), or the email to start one with. */
  customer: { id: string } | { email: string };
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface SubscriptionChange {
  cancelAtPeriodEnd?: boolean;
  /** A new price for the subscription's item, billed from the next renewal (no proration). */
  price?: { itemId: string; priceId: string };
}

export interface PaymentsGateway {
  /** `idempotencyKey`: the same key again answers the same session, so a double click or a retry pays once. */
  createCheckout(request: CheckoutRequest, idempotencyKey: string): Promise<Session>;
  retrieveCheckout(sessionId: string): Promise<Session>;
  /** Closes an open checkout so it can no longer be paid; Stripe refuses for one already complete. */
  expireCheckout(sessionId: string): Promise<Session>;
  retrieveInvoice(invoiceId: string): Promise<stripeObjects.StripeInvoice>;
  retrieveSubscription(subscriptionId: string): Promise<stripeObjects.StripeSubscription>;
  updateSubscription(subscriptionId: string, change: SubscriptionChange, idempotencyKey: string): Promise<stripeObjects.StripeSubscription>;
  /** The event a webhook delivery carries, once its signature is checked over the raw body; throws when it is not Stripe's. */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): stripeObjects.StripeEvent;
}

export const stripePaymentsGateway = (settings: PaymentSettings): PaymentsGateway => {
  const { apiUrl } = settings;
  const stripe = new Stripe(settings.secretKey, {
    host: apiUrl.hostname,
    port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
    protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
    // The package retries a request that failed on the network with the same idempotency key, so a retry pays once.
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs,
    telemetry: false,
  });
  const session = (s: unknown) => stripeObjects.StripeCheckoutSession.parse(s);
  const subscription = (s: unknown) => stripeObjects.StripeSubscription.parse(s);
  return {
    createCheckout: async (r, idempotencyKey) => {
      const metadata = { accountId: r.accountId, purpose: r.purpose };
      const lineItem =
        r.item.kind === 'subscription'
          ? { price: r.item.priceId, quantity: 1 }
          : { price_data: { currency: 'gbp', unit_amount: r.item.amountPence, product_data: { name: r.item.name } }, quantity: 1 };
      const created = await stripe.checkout.sessions.create(
        {
          mode: r.item.kind,
          line_items: [lineItem],
          client_reference_id: r.accountId,
          ...('id' in r.customer ? { customer: r.customer.id } : { customer_email: r.customer.email }),
          metadata,
          ...(r.item.kind === 'subscription' ? { subscription_data: { metadata: { accountId: r.accountId } } } : {}),
          allowed_payment_method_types: ['card'],
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
          expires_at: Math.floor(r.expiresAt.getTime() / 1000),
        },
        { idempotencyKey },
      );
      return session(created);
    },
    retrieveCheckout: async (id) => session(await stripe.checkout.sessions.retrieve(id)),
    expireCheckout: async (id) => session(await stripe.checkout.sessions.expire(id)),
    retrieveInvoice: async (id) => stripeObjects.StripeInvoice.parse(await stripe.invoices.retrieve(id)),
    retrieveSubscription: async (id) => subscription(await stripe.subscriptions.retrieve(id)),
    updateSubscription: async (id, change, idempotencyKey) =>
      subscription(
        await stripe.subscriptions.update(
          id,
          {
            ...(change.cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: change.cancelAtPeriodEnd }),
            ...(change.price ? { items: [{ id: change.price.itemId, price: change.price.priceId }], proration_behavior: 'none' } : {}),
          },
          { idempotencyKey },
        ),
      ),
    // Stripe signs with real time, whatever business time says: the package's own check (five minutes' tolerance).
    verifyEvent: (rawBody, header) =>
      stripeObjects.StripeEvent.parse(stripe.webhooks.constructEvent(rawBody, header ?? '', settings.webhookSecret)),
  };
};
