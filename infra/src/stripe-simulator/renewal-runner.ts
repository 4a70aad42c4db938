import { chargeOutcome } from './cards';
import { newId } from './ids';
import { subscriptionInvoice } from './payment';
import type { SimInvoice, SimSubscription } from './records';
import { nextRetryAt, periodOf, renewalAttemptsMax, renewalStep, type RenewalStep } from './renewals';
import type { StripeSimState } from './state';

// Renewals on business time (renewals.ts decides what is due): a period that ends starts the next, whose invoice is
// charged to the subscription's card: `invoice.paid`, or `invoice.payment_failed` with the subscription `past_due`
// and the charge tried again daily; a subscription set to cancel ends (`customer.subscription.deleted`), as does one
// whose last retry fails. Each change to the subscription is also a `customer.subscription.updated`.

/** Steps one subscription may take in one run: a year of missed months, each with all its attempts, at most. */
const stepsPerRunMax = 12 * renewalAttemptsMax;

const periodOfSub = (sub: SimSubscription) => periodOf(sub.anchorSeconds, sub.periodIndex);

const viewOf = (sub: SimSubscription) => ({
  status: sub.status,
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  periodEndSeconds: periodOfSub(sub).end,
  retry: sub.retry,
});

const end = (state: StripeSimState, sub: SimSubscription, atSeconds: number): void => {
  [sub.status, sub.endedAtSeconds, sub.retry] = ['canceled', atSeconds, null];
  sub.canceledAtSeconds ??= atSeconds;
  state.emit('customer.subscription.deleted', state.renderSubscription(sub));
};

const charge = (state: StripeSimState, sub: SimSubscription, invoice: SimInvoice, attempt: number): void => {
  const now = state.nowSeconds();
  const outcome = chargeOutcome(sub.card, 'later');
  invoice.attemptCount = attempt;
  if (outcome.kind === 'paid') {
    [invoice.status, invoice.nextPaymentAttemptSeconds, invoice.paymentIntentId] = ['paid', null, newId('pi_test_')];
    const previous = sub.status;
    [sub.status, sub.retry] = ['active', null];
    state.emit('invoice.paid', state.renderInvoice(invoice));
    state.emit('customer.subscription.updated', state.renderSubscription(sub), previous === 'active' ? undefined : { status: previous });
    return;
  }
  const retryAt = nextRetryAt(attempt, now);
  invoice.nextPaymentAttemptSeconds = retryAt;
  state.emit('invoice.payment_failed', state.renderInvoice(invoice));
  if (retryAt === null) return end(state, sub, now);
  const previous = sub.status;
  [sub.status, sub.retry] = ['past_due', { atSeconds: retryAt, attempts: attempt }];
  if (previous !== 'past_due') state.emit('customer.subscription.updated', state.renderSubscription(sub), { status: previous });
};

const apply = (state: StripeSimState, sub: SimSubscription, step: RenewalStep): void => {
  if (step.kind === 'end') return end(state, sub, periodOfSub(sub).end);
  if (step.kind === 'renew') {
    sub.periodIndex += 1;
    return charge(state, sub, subscriptionInvoice(state, sub, 'subscription_cycle'), 1);
  }
  if (step.kind === 'retry') {
    const invoice = state.invoices.get(sub.latestInvoiceId ?? '');
    if (!invoice) throw new Error(`subscription ${sub.id} is retrying without an invoice`);
    charge(state, sub, invoice, step.attempt);
  }
};

/** Takes every step due at business time now, for every subscription; the ids of those that changed. */
export const runRenewals = (state: StripeSimState): string[] => {
  const changed: string[] = [];
  const now = state.nowSeconds();
  for (const sub of state.subscriptions.values()) {
    for (let i = 0; i < stepsPerRunMax; i++) {
      const step = renewalStep(viewOf(sub), now);
      if (step.kind === 'none') break;
      apply(state, sub, step);
      if (!changed.includes(sub.id)) changed.push(sub.id);
    }
  }
  return changed;
};

/** Takes a subscription's next step now, whatever business time says (its period ends, or its retry comes, now). */
export const advanceSubscription = (state: StripeSimState, sub: SimSubscription): RenewalStep => {
  const view = viewOf(sub);
  const step = renewalStep(view, Math.max(view.periodEndSeconds, view.retry?.atSeconds ?? 0));
  apply(state, sub, step);
  return step;
};
