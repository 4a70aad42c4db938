import { chargeOutcome, type ChargeOutcome } from './cards';
import { newId } from './ids';
import type { SimInvoice, SimSession, SimSubscription } from './records';
import { periodOf } from './renewals';
import type { StripeSimState } from './state';

// Paying a Checkout Session on the hosted page, as Stripe completes one: a declined card changes nothing (the session
// stays open, no event); a paid one makes the customer (unless the session named one), for a subscription the
// subscription (its billing cycle anchored now) and its first invoice, paid; then the session is complete and the
// events follow in Stripe's usual order: `customer.subscription.created`, `invoice.paid`, `checkout.session.completed`.

export const subscriptionInvoice = (
  state: StripeSimState,
  sub: SimSubscription,
  billingReason: SimInvoice['billingReason'],
): SimInvoice => {
  const price = state.priceOf(sub);
  const invoice: SimInvoice = {
    id: newId('in_test_'),
    customerId: sub.customerId,
    subscriptionId: sub.id,
    subscriptionMetadata: { ...sub.metadata },
    billingReason,
    status: 'open',
    amountPence: price.unitAmountPence,
    currency: price.currency,
    lineId: newId('il_test_'),
    priceId: price.id,
    productId: price.productId,
    period: periodOf(sub.anchorSeconds, sub.periodIndex),
    attemptCount: 0,
    nextPaymentAttemptSeconds: null,
    createdSeconds: state.nowSeconds(),
    paymentIntentId: null,
  };
  state.invoices.set(invoice.id, invoice);
  sub.latestInvoiceId = invoice.id;
  return invoice;
};

const startSubscription = (state: StripeSimState, session: SimSession, customerId: string, card: string): void => {
  const line = session.lines[0]!;
  const now = state.nowSeconds();
  const sub: SimSubscription = {
    id: newId('sub_test_'),
    customerId,
    itemId: newId('si_test_', 14),
    priceId: line.priceId!,
    metadata: { ...session.subscriptionMetadata },
    status: 'active',
    cancelAtPeriodEnd: false,
    canceledAtSeconds: null,
    endedAtSeconds: null,
    anchorSeconds: now,
    periodIndex: 0,
    createdSeconds: now,
    card,
    latestInvoiceId: null,
    retry: null,
  };
  state.subscriptions.set(sub.id, sub);
  const invoice = subscriptionInvoice(state, sub, 'subscription_create');
  [invoice.status, invoice.attemptCount, invoice.paymentIntentId] = ['paid', 1, newId('pi_test_')];
  [session.subscriptionId, session.invoiceId] = [sub.id, invoice.id];
  state.emit('customer.subscription.created', state.renderSubscription(sub));
  state.emit('invoice.paid', state.renderInvoice(invoice));
};

/** Charges `card` for an open session; what the card did. */
export const paySession = (state: StripeSimState, session: SimSession, card: string): ChargeOutcome => {
  const outcome = chargeOutcome(card, 'atCheckout');
  if (outcome.kind !== 'paid') return outcome;
  let customerId = session.customerId;
  if (customerId === null) {
    customerId = newId('cus_test_', 14);
    state.customers.set(customerId, { id: customerId, email: session.customerEmail, createdSeconds: state.nowSeconds() });
    session.customerId = customerId;
  }
  if (session.mode === 'subscription') startSubscription(state, session, customerId, card);
  else session.paymentIntentId = newId('pi_test_');
  [session.status, session.paymentStatus] = ['complete', 'paid'];
  state.emit('checkout.session.completed', state.renderSession(session));
  return outcome;
};
