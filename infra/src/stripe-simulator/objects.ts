import type { stripeObjects } from '@pds/contracts';
import type Stripe from 'stripe';
import type { SimCustomer, SimInvoice, SimPrice, SimSession, SimSubscription } from './records';
import { periodOf } from './renewals';

// The test environment's objects in Stripe's shapes: the fields of contracts' `stripeObjects` schemas (what the adapter
// reads) and a few more a person reading an answer expects, each literal checked against the official package's
// types (`satisfies Shaped<Stripe.…>`), so that no field is invented and none is misnamed. `livemode` is always false.
// An invoice's own `period_start`/`period_end` are left out: what Stripe puts there on a renewal is not known here, and
// the adapter reads the line's period.

type SessionObject = stripeObjects.StripeCheckoutSession;
type InvoiceObject = stripeObjects.StripeInvoice;
type SubscriptionObject = stripeObjects.StripeSubscription;

/** Stripe's type with every field optional, at every depth: what a literal may leave out, never what it may add. */
type Shaped<T> = T extends readonly (infer U)[] ? Shaped<U>[] : T extends object ? { [K in keyof T]?: Shaped<T[K]> } : T;

const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false, url });

export const priceObject = (price: SimPrice) =>
  ({
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    livemode: false,
    nickname: price.nickname,
    product: price.productId,
    type: price.recurring ? 'recurring' : 'one_time',
    unit_amount: price.unitAmountPence,
  }) satisfies Shaped<Stripe.Price>;

export const sessionObject = (s: SimSession): SessionObject =>
  ({
    id: s.id,
    object: 'checkout.session',
    status: s.status,
    payment_status: s.paymentStatus,
    mode: s.mode,
    amount_total: s.lines.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0),
    currency: s.currency,
    client_reference_id: s.clientReferenceId,
    metadata: s.metadata,
    customer: s.customerId,
    customer_email: s.customerEmail,
    subscription: s.subscriptionId,
    invoice: s.invoiceId,
    payment_intent: s.paymentIntentId,
    // Stripe clears the URL once the session can no longer be paid.
    url: s.status === 'open' ? s.url : null,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    created: s.createdSeconds,
    expires_at: s.expiresAtSeconds,
    livemode: false,
    allowed_payment_method_types: ['card'],
    payment_method_types: ['card'],
  }) satisfies Shaped<Stripe.Checkout.Session>;

export const customerObject = (c: SimCustomer) =>
  ({
    id: c.id,
    object: 'customer',
    email: c.email,
    created: c.createdSeconds,
    livemode: false,
    metadata: {},
  }) satisfies Shaped<Stripe.Customer>;

export const subscriptionObject = (sub: SimSubscription, price: SimPrice): SubscriptionObject => {
  const period = periodOf(sub.anchorSeconds, sub.periodIndex);
  const item = {
    id: sub.itemId,
    object: 'subscription_item',
    created: sub.createdSeconds,
    current_period_start: period.start,
    current_period_end: period.end,
    metadata: {},
    price: priceObject(price),
    quantity: 1,
    subscription: sub.id,
  } satisfies Shaped<Stripe.SubscriptionItem>;
  return {
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? period.end : null,
    canceled_at: sub.canceledAtSeconds,
    ended_at: sub.endedAtSeconds,
    billing_cycle_anchor: sub.anchorSeconds,
    collection_method: 'charge_automatically',
    created: sub.createdSeconds,
    currency: price.currency,
    customer: sub.customerId,
    latest_invoice: sub.latestInvoiceId,
    livemode: false,
    metadata: sub.metadata,
    start_date: sub.createdSeconds,
    items: list([item], `/v1/subscription_items?subscription=${sub.id}`),
  } satisfies Shaped<Stripe.Subscription>;
};

export const invoiceObject = (inv: SimInvoice): InvoiceObject => {
  const line = {
    id: inv.lineId,
    object: 'line_item',
    amount: inv.amountPence,
    currency: inv.currency,
    description: '1 × subscription',
    invoice: inv.id,
    livemode: false,
    metadata: {},
    period: inv.period,
    pricing: { type: 'price_details', price_details: { price: inv.priceId, product: inv.productId }, unit_amount_decimal: null },
    quantity: 1,
    subscription: inv.subscriptionId,
    subtotal: inv.amountPence,
  } satisfies Shaped<Stripe.InvoiceLineItem>;
  return {
    id: inv.id,
    object: 'invoice',
    status: inv.status,
    amount_due: inv.amountPence,
    amount_paid: inv.status === 'paid' ? inv.amountPence : 0,
    amount_remaining: inv.status === 'paid' ? 0 : inv.amountPence,
    attempt_count: inv.attemptCount,
    attempted: inv.attemptCount > 0,
    billing_reason: inv.billingReason,
    collection_method: 'charge_automatically',
    created: inv.createdSeconds,
    currency: inv.currency,
    customer: inv.customerId,
    livemode: false,
    next_payment_attempt: inv.nextPaymentAttemptSeconds,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: inv.subscriptionId, metadata: inv.subscriptionMetadata },
    },
    total: inv.amountPence,
    lines: list([line], `/v1/invoices/${inv.id}/lines`),
  } satisfies Shaped<Stripe.Invoice>;
};
