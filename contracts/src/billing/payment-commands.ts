import { defineCommand } from '../messaging/envelope';
import { z } from '../zod';
import { AccountId as accountId, LedgerBalance, Plan } from './commands';
import { SelfServicePlan } from './self-service-plans';

const datetime = z.string().datetime({ offset: true });
/** Stripe's object ids: letters, digits and underscores after a short prefix. */
const stripeId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,200}$`));
const subscriptionId = stripeId('sub');

/**
 * A payment is named by what Stripe took it for: `stripe:<Checkout Session id>` for a one-off payment (a top-up, an
 * upgrade), `stripe:<Invoice id>` for a subscription period, so the webhook, its redelivery and the success page's
 * own fulfilment all name the same payment.
 */
export const PaymentId = z.string().regex(/^stripe:(?:cs|in)_[A-Za-z0-9_]{1,200}$/);

/** What the money is for, decided by the gateway from the Stripe objects (a period's plan from the invoice line's price id). */
export const PaymentPurpose = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('top_up') }),
  z.object({
    kind: z.literal('subscription_period'),
    subscriptionId,
    priceId: z.string().min(1).max(200),
    plan: SelfServicePlan,
    periodStartsAt: datetime,
    periodEndsAt: datetime,
  }),
  z.object({ kind: z.literal('plan_upgrade'), subscriptionId, from: SelfServicePlan, to: SelfServicePlan }),
  /** Money Stripe took for something the ledger did not ask for: recorded, and left for an operator to allocate. */
  z.object({ kind: z.literal('unallocated'), note: z.string().min(1).max(500) }),
]);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

/**
 * Money that arrived, keyed by `paymentId`: the same payment again changes nothing; the same id with another amount
 * or purpose is refused (`PAYMENT_MISMATCH`). A payment the ledger cannot allocate (a period of a second
 * subscription, an upgrade that is not one) is still recorded, and the answer carries `SUBSCRIPTION_MISMATCH`.
 */
export const RecordPayment = defineCommand(
  'RecordPayment',
  z.object({
    accountId,
    paymentId: PaymentId,
    amountPence: z.number().int().positive().max(100_000_000),
    currency: z.literal('gbp'),
    /** Stripe's own reference for the money (a PaymentIntent or charge id), for finding it in Stripe's dashboard. */
    providerRef: z.string().min(1).max(200),
    purpose: PaymentPurpose,
  }),
  LedgerBalance,
);

/**
 * The subscription changed in Stripe (`customer.subscription.updated`): cancelling at the period's end or not, and
 * the plan its next period will be billed at when that differs from the current plan (a downgrade waits for it).
 */
export const RecordSubscriptionChange = defineCommand(
  'RecordSubscriptionChange',
  z.object({
    accountId,
    subscriptionId,
    cancelAtPeriodEnd: z.boolean(),
    planAtRenewal: Plan.nullable(),
    stripeEventId: z.string().min(1).max(200),
  }),
  LedgerBalance,
);

/** A period's invoice was not paid (`invoice.payment_failed`); Stripe retries it. */
export const RecordSubscriptionPaymentFailed = defineCommand(
  'RecordSubscriptionPaymentFailed',
  z.object({
    accountId,
    subscriptionId,
    invoiceId: stripeId('in'),
    attempt: z.number().int().positive().max(100),
    nextAttemptAt: datetime.nullable(),
  }),
  LedgerBalance,
);

/** The subscription is over (`customer.subscription.deleted`): cancelled by the customer, or unpaid after Stripe's retries. */
export const EndSubscription = defineCommand(
  'EndSubscription',
  z.object({ accountId, subscriptionId, endedAt: datetime, reason: z.enum(['cancelled', 'unpaid']) }),
  LedgerBalance,
);
