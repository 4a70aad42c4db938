import type { SelfServicePlan } from '@pds/contracts';
import type { LedgerClient } from '@pds/ledger-client';
import type { Clock, Logger, RequestContext } from '@pds/service-runtime';
import type pg from 'pg';
import { checkoutOfSession, markCheckout, rememberStripeCustomer } from './checkouts';
import { paymentOfInvoice, paymentOfSession } from './payments-of';
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
}

export type Fulfilment =
  | { kind: 'recorded'; accountId: string; purpose: string }
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
  await markCheckout(deps.db, sessionId, 'completed', deps.clock.now());
  return { kind: 'recorded', accountId: checkout.accountId, purpose: payment.purpose.kind };
};
