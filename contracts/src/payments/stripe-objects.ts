import { z } from '../zod';

// The Stripe objects the gateway's payments adapter reads, as zod subsets of what Stripe's v1 API answers: each names
// only the fields the adapter uses and lets every other field through. The field names, their nullability and the
// values of each enumeration are those of the official `stripe` package's types (stripe 23.1.0, API version
// 2026-10-28.endive: `cjs/resources/{Checkout/Sessions,Invoices,InvoiceLineItems,Subscriptions,SubscriptionItems,
// Events}.d.ts`). Stripe's enumerations are open (`| OtherString`); ours are closed, so that a value we do not know is
// a shape we cannot read, never a guess. The test environment (infra/src/stripe-simulator) answers in these shapes.

/** Stripe's times: whole seconds since the epoch. */
const UnixSeconds = z.number().int().nonnegative();
const Pence = z.number().int();
/** Stripe's metadata: string values only. */
export const StripeMetadata = z.record(z.string(), z.string());

const idWith = (prefix: string) => z.string().startsWith(prefix);

/** One page of a Stripe list (`{object: 'list', data, has_more, url}`). */
export const stripeList = <T extends z.ZodType>(item: T) =>
  z.looseObject({ object: z.literal('list'), data: z.array(item), has_more: z.boolean() });

export const checkoutSessionStatuses = ['open', 'complete', 'expired'] as const;
export const checkoutPaymentStatuses = ['paid', 'unpaid', 'no_payment_required'] as const;

export const StripeCheckoutSession = z.looseObject({
  id: idWith('cs_'),
  object: z.literal('checkout.session'),
  status: z.enum(checkoutSessionStatuses).nullable(),
  payment_status: z.enum(checkoutPaymentStatuses),
  mode: z.enum(['payment', 'setup', 'subscription']),
  amount_total: Pence.nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullable(),
  metadata: StripeMetadata.nullable(),
  customer: z.string().nullable(),
  /** Set once a subscription-mode session is complete. */
  subscription: z.string().nullable(),
  /** The subscription's first invoice, once a subscription-mode session is complete. */
  invoice: z.string().nullable(),
  payment_intent: z.string().nullable(),
  /** The hosted page; null once the session is complete or expired. */
  url: z.string().nullable(),
  created: UnixSeconds,
  expires_at: UnixSeconds,
});
export type StripeCheckoutSession = z.infer<typeof StripeCheckoutSession>;

export const StripeInvoiceLine = z.looseObject({
  id: z.string(),
  object: z.literal('line_item'),
  amount: Pence,
  currency: z.string(),
  /** The period the line is for: on a renewal, the new period. */
  period: z.object({ start: UnixSeconds, end: UnixSeconds }),
  /** The line's price; where the package's API version puts it (it was `price` on the line before). */
  pricing: z
    .looseObject({
      type: z.string(),
      price_details: z.looseObject({ price: z.string(), product: z.string() }).optional(),
    })
    .nullable(),
  subscription: z.string().nullable(),
});
export type StripeInvoiceLine = z.infer<typeof StripeInvoiceLine>;

export const invoiceBillingReasons = [
  'automatic_pending_invoice_item_invoice',
  'manual',
  'quote_accept',
  'subscription',
  'subscription_create',
  'subscription_cycle',
  'subscription_threshold',
  'subscription_update',
  'upcoming',
] as const;

export const StripeInvoice = z.looseObject({
  id: idWith('in_'),
  object: z.literal('invoice'),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']).nullable(),
  amount_due: Pence,
  amount_paid: Pence,
  currency: z.string(),
  billing_reason: z.enum(invoiceBillingReasons).nullable(),
  customer: z.string().nullable(),
  attempt_count: z.number().int().nonnegative(),
  next_payment_attempt: UnixSeconds.nullable(),
  /** What made the invoice: for a subscription's, the subscription and its metadata as the invoice was finalised. */
  parent: z
    .looseObject({
      type: z.string(),
      subscription_details: z.looseObject({ subscription: z.string(), metadata: StripeMetadata.nullable() }).nullable(),
    })
    .nullable(),
  lines: stripeList(StripeInvoiceLine),
});
export type StripeInvoice = z.infer<typeof StripeInvoice>;

export const subscriptionStatuses = [
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export const StripeSubscriptionItem = z.looseObject({
  id: idWith('si_'),
  object: z.literal('subscription_item'),
  price: z.looseObject({ id: z.string(), object: z.literal('price'), unit_amount: Pence.nullable(), currency: z.string() }),
  /** The item's period: where the package's API version keeps it (it was on the subscription before). */
  current_period_start: UnixSeconds,
  current_period_end: UnixSeconds,
});
export type StripeSubscriptionItem = z.infer<typeof StripeSubscriptionItem>;

export const StripeSubscription = z.looseObject({
  id: idWith('sub_'),
  object: z.literal('subscription'),
  status: z.enum(subscriptionStatuses),
  cancel_at_period_end: z.boolean(),
  canceled_at: UnixSeconds.nullable(),
  ended_at: UnixSeconds.nullable(),
  customer: z.string(),
  metadata: StripeMetadata,
  latest_invoice: z.string().nullable(),
  items: stripeList(StripeSubscriptionItem),
});
export type StripeSubscription = z.infer<typeof StripeSubscription>;

/** The events the adapter acts on; every other type is answered 200 and ignored. */
export const handledStripeEventTypes = [
  'checkout.session.completed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export type HandledStripeEventType = (typeof handledStripeEventTypes)[number];

/** An event's envelope; `data.object` is parsed by the schema of its type. */
export const StripeEvent = z.looseObject({
  id: idWith('evt_'),
  object: z.literal('event'),
  type: z.string(),
  api_version: z.string().nullable(),
  created: UnixSeconds,
  livemode: z.boolean(),
  pending_webhooks: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({ id: z.string(), object: z.string() }) }),
});
export type StripeEvent = z.infer<typeof StripeEvent>;

/** Stripe's error envelope (`{error: {type, code?, message, param?}}`). */
export const StripeErrorBody = z.object({
  error: z.looseObject({
    type: z.string(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string(),
    param: z.string().optional(),
  }),
});
export type StripeErrorBody = z.infer<typeof StripeErrorBody>;
