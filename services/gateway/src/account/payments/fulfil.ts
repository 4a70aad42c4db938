import type { SelfServicePlan } from '@pds/contracts';
import type { LedgerClient } from '@pds/ledger-client';
import type { Clock, Logger, RequestContext } from '@pds/service-runtime';
import type pg from 'pg';
import { checkoutOfSession, markCheckout, rememberStripeCustomer } from './checkouts';
import { paymentOfInvoice, paymentOfSession, type RecordPayment } from './payments-of';
import type { PaymentsGateway } from './stripe-adapter';

// A completed checkout becomes the ledger's payment, one function for both ways it is learnt of: Stripe's webhook and
// the customer's return to the success page (who may never come back, or come back first). Both name the payment
// by Stripe's id, so the ledger records it once.

export interface FulfilDeps {
  db: pg.Pool;
  ledger: LedgerClient;
  payments: PaymentsGateway;
  clock: Clock;
  logger: Logger;
  planOfPrice: (priceId: string) => SelfServicePlan | undefined;
  priceIds: Record<SelfServicePlan, string>;
}

export type Fulfilment =
  | { kind: 'recorded'; accountId: string; payment: RecordPayment }
  | { kind: 'not_yet'; why: string }
  /** A session none of our checkouts made, or (on the return page) another account's. */
  | { kind: 'not_ours' }
  | { kind: 'refused'; code: string; message: string };

export const fulfilCheckout = async (
  deps: FulfilDeps,
  ctx: RequestContext,
  sessionId: string,
  expectedAccountId?: string,
): Promise<Fulfilment> => {
  const checkout = await checkoutOfSession(deps.db, sessionId);
  if (!checkout || (expectedAccountId !== undefined && checkout.accountId !== expectedAccountId)) return { kind: 'not_ours' };
  const session = await deps.payments.retrieveCheckout(sessionId);
  if (session.client_reference_id !== checkout.accountId) {
    deps.logger.error(
      { sessionId, account: checkout.accountId, reference: session.client_reference_id },
      'a checkout names another account',
    );
    return { kind: 'not_ours' };
  }
  if (session.status === 'expired') {
    await markCheckout(deps.db, sessionId, 'expired', deps.clock.now());
    return { kind: 'not_yet', why: 'the checkout expired unpaid' };
  }
  if (session.status !== 'complete' || session.payment_status !== 'paid')
    return { kind: 'not_yet', why: `the checkout is ${session.status}` };
  if (session.customer) await rememberStripeCustomer(deps.db, checkout.accountId, session.customer, deps.clock.now());
  const payment =
    session.mode === 'subscription' && session.invoice
      ? paymentOfInvoice(await deps.payments.retrieveInvoice(session.invoice), checkout.accountId, deps.planOfPrice)
      : paymentOfSession(session, checkout);
  if ('notYet' in payment) return { kind: 'not_yet', why: payment.notYet };
  const recorded = await deps.ledger.recordPayment(ctx, payment);
  if (!recorded.ok) {
    // Money was taken and recorded, but not where it was meant to go: an operator's to allocate.
    deps.logger.error({ sessionId, paymentId: payment.paymentId, refusal: recorded.error }, 'a payment was not allocated as asked');
    return { kind: 'refused', code: recorded.error.code, message: recorded.error.message };
  }
  if (payment.purpose.kind === 'plan_upgrade') await billNewPlanFromRenewal(deps, payment.paymentId, payment.purpose);
  await markCheckout(deps.db, sessionId, 'completed', deps.clock.now());
  return { kind: 'recorded', accountId: checkout.accountId, payment };
};

/**
 * An upgrade is paid for the rest of this period by its own payment; Stripe is then told to bill the new plan's Price
 * from the renewal (no proration: the difference is already paid). Keyed by the payment, so a second fulfilment of the
 * same checkout asks Stripe once; a failure throws, so the webhook is delivered again and the change asked again.
 */
const billNewPlanFromRenewal = async (
  deps: FulfilDeps,
  paymentId: string,
  upgrade: { subscriptionId: string; to: SelfServicePlan },
): Promise<void> => {
  const priceId = deps.priceIds[upgrade.to];
  const subscription = await deps.payments.retrieveSubscription(upgrade.subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${upgrade.subscriptionId} has no item to change`);
  if (item.price.id === priceId) return;
  await deps.payments.updateSubscription(upgrade.subscriptionId, { price: { itemId: item.id, priceId } }, `upgrade-price:${paymentId}`);
};
