import type { billing, SelfServicePlan, stripeObjects, z } from '@pds/contracts';

// What a Stripe object means to the ledger: pure, so every row of the table in docs/account.md is a unit test. The
// plan of a period is read from the invoice line's price id (our settings map each plan to its Price), never from
// metadata a customer could influence; a one-off payment's purpose from our own checkout row.

export type RecordPayment = z.input<typeof billing.RecordPayment.data>;
type Session = stripeObjects.StripeCheckoutSession;
type Invoice = stripeObjects.StripeInvoice;

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Our record of a checkout we started: what it was for. */
export interface CheckoutRecord {
  accountId: string;
  purpose: 'subscription' | 'top_up' | 'plan_upgrade';
  /** For an upgrade: the subscription and the plans it moves between. */
  upgrade?: { subscriptionId: string; from: SelfServicePlan; to: SelfServicePlan };
}

/** A one-off payment's session, once complete and paid: the payment it is, or why it is not yet one. */
export const paymentOfSession = (session: Session, checkout: CheckoutRecord): RecordPayment | { notYet: string } => {
  if (session.mode !== 'payment') return { notYet: `a ${session.mode} session is paid by its invoice` };
  if (session.status !== 'complete' || session.payment_status !== 'paid')
    return { notYet: `the session is ${session.status}, ${session.payment_status}` };
  if (session.amount_total === null || session.amount_total <= 0 || session.currency !== 'gbp')
    return { notYet: `the session took ${session.amount_total} ${session.currency}` };
  const purpose: billing.PaymentPurpose =
    checkout.purpose === 'plan_upgrade' && checkout.upgrade
      ? { kind: 'plan_upgrade', ...checkout.upgrade }
      : checkout.purpose === 'top_up'
        ? { kind: 'top_up' }
        : { kind: 'unallocated', note: `a one-off payment for ${checkout.purpose}` };
  return {
    accountId: checkout.accountId,
    paymentId: `stripe:${session.id}`,
    amountPence: session.amount_total,
    currency: 'gbp',
    providerRef: session.payment_intent ?? session.id,
    purpose,
  };
};

/**
 * A paid invoice: a subscription's period (its first, or a renewal) at the plan whose Price its line carries; anything
 * else Stripe took money for is recorded as unallocated, for an operator.
 */
export const paymentOfInvoice = (
  invoice: Invoice,
  accountId: string,
  planOfPrice: (priceId: string) => SelfServicePlan | undefined,
): RecordPayment | { notYet: string } => {
  if (invoice.status !== 'paid') return { notYet: `the invoice is ${invoice.status}` };
  if (invoice.amount_paid <= 0 || invoice.currency !== 'gbp')
    return { notYet: `the invoice took ${invoice.amount_paid} ${invoice.currency}` };
  const base = {
    accountId,
    paymentId: `stripe:${invoice.id}`,
    amountPence: invoice.amount_paid,
    currency: 'gbp' as const,
    providerRef: invoice.id,
  };
  const line = invoice.lines.data[0];
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? line?.subscription ?? null;
  const priceId = line?.pricing?.price_details?.price;
  const plan = priceId ? planOfPrice(priceId) : undefined;
  const periodical = invoice.billing_reason === 'subscription_create' || invoice.billing_reason === 'subscription_cycle';
  if (!periodical || !subscriptionId || !line || !priceId || !plan || invoice.lines.data.length !== 1) {
    const why = `invoice ${invoice.id} (${invoice.billing_reason ?? 'no reason'}, price ${priceId ?? 'none'}, ${invoice.lines.data.length} lines)`;
    return { ...base, purpose: { kind: 'unallocated', note: `not a plan's period: ${why}` } };
  }
  return {
    ...base,
    purpose: {
      kind: 'subscription_period',
      subscriptionId,
      priceId,
      plan,
      periodStartsAt: isoOf(line.period.start),
      periodEndsAt: isoOf(line.period.end),
    },
  };
};

export type RecordSubscriptionChange = z.input<typeof billing.RecordSubscriptionChange.data>;

/**
 * What a subscription as Stripe answers it says to the ledger: cancelling or not, and the plan its next period will be
 * billed at when that is not the account's plan now (a downgrade waiting for the renewal).
 */
export const changeOfSubscription = (
  subscription: stripeObjects.StripeSubscription,
  account: { accountId: string; plan: billing.Plan },
  planOfPrice: (priceId: string) => SelfServicePlan | undefined,
  reference: string,
): RecordSubscriptionChange => {
  const priceId = subscription.items.data[0]?.price.id;
  const plan = priceId ? planOfPrice(priceId) : undefined;
  return {
    accountId: account.accountId,
    subscriptionId: subscription.id,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    planAtRenewal: plan && plan !== account.plan ? plan : null,
    stripeEventId: reference,
  };
};
