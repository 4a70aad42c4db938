import { stripeObjects } from '@pds/contracts';
import type { RequestContext } from '@pds/service-runtime';
import express, { Router, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { accountOfStripeCustomer, markCheckout } from './checkouts';
import { fulfilCheckout, type FulfilDeps } from './fulfil';
import { changeOfSubscription, paymentOfInvoice } from './payments-of';

// Stripe's webhook: every event's signature is checked over the raw body first (400 if it is not Stripe's), then the
// event becomes the ledger's command. 200 once the ledger has answered (a repeat is a no-change there); 500 when it
// has not, or the event is about something not yet known here, so Stripe delivers it again later. Events of no
// concern are answered 200 and ignored.

export const stripeWebhookPath = '/account/stripe/webhook';

type Handled = 'done' | 'ignored' | 'retry';

const secondsToIso = (s: number) => new Date(s * 1000).toISOString();

export const handleStripeEvent = async (deps: FulfilDeps, event: stripeObjects.StripeEvent): Promise<Handled> => {
  const ctx: RequestContext = { correlationId: event.id, actor: 'stripe:webhook' };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const done = await fulfilCheckout(deps, ctx, object.id);
      return done.kind === 'not_yet' ? 'retry' : 'done';
    }
    case 'checkout.session.expired':
      await markCheckout(deps.db, object.id, 'expired', deps.clock.now());
      return 'done';
    case 'invoice.paid': {
      const invoice = stripeObjects.StripeInvoice.parse(object);
      // A subscription's first invoice is recorded with its checkout (which tells whose it is); renewals by customer.
      if (invoice.billing_reason === 'subscription_create') return 'ignored';
      const accountId = invoice.customer ? await accountOfStripeCustomer(deps.db, invoice.customer) : undefined;
      if (!accountId) return 'retry';
      const payment = paymentOfInvoice(invoice, accountId, deps.planOfPrice);
      if ('notYet' in payment) return 'retry';
      const recorded = await deps.ledger.recordPayment(ctx, payment);
      if (!recorded.ok) deps.logger.error({ invoice: invoice.id, refusal: recorded.error }, 'a renewal was not allocated as asked');
      return 'done';
    }
    case 'invoice.payment_failed': {
      const invoice = stripeObjects.StripeInvoice.parse(object);
      const accountId = invoice.customer ? await accountOfStripeCustomer(deps.db, invoice.customer) : undefined;
      const subscriptionId = invoice.parent?.subscription_details?.subscription;
      if (!accountId || !subscriptionId) return 'retry';
      const next = invoice.next_payment_attempt;
      const data = {
        accountId,
        subscriptionId,
        invoiceId: invoice.id,
        attempt: Math.max(1, invoice.attempt_count),
        nextAttemptAt: next === null ? null : secondsToIso(next),
      };
      return settled(await deps.ledger.recordSubscription(ctx, { type: 'payment_failed', data }));
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = stripeObjects.StripeSubscription.parse(object);
      const accountId = await accountOfStripeCustomer(deps.db, subscription.customer);
      if (!accountId) return 'retry';
      if (event.type === 'customer.subscription.deleted') {
        const endedAt = secondsToIso(subscription.ended_at ?? subscription.canceled_at ?? event.created);
        const reason = subscription.cancel_at_period_end ? 'cancelled' : 'unpaid';
        return settled(
          await deps.ledger.recordSubscription(ctx, { type: 'end', data: { accountId, subscriptionId: subscription.id, endedAt, reason } }),
        );
      }
      const described = await deps.ledger.describe(ctx, accountId);
      if (!described.ok) return 'retry';
      const data = changeOfSubscription(subscription, described.data, deps.planOfPrice, event.id);
      return settled(await deps.ledger.recordSubscription(ctx, { type: 'change', data }));
    }
    default:
      return 'ignored';
  }
};

/** The ledger answered: done, unless it does not yet know the subscription (Stripe told of it before its payment). */
const settled = (outcome: { ok: boolean; error?: { code: string } }): Handled =>
  outcome.ok || outcome.error?.code !== 'SUBSCRIPTION_MISMATCH' ? 'done' : 'retry';

export const stripeWebhookRoutes = (
  deps: FulfilDeps & { verify: (raw: Buffer, header: string | undefined) => stripeObjects.StripeEvent },
) =>
  Router().post(stripeWebhookPath, express.raw({ type: 'application/json', limit: '256kb' }), async (req: Request, res: Response) => {
    let event: stripeObjects.StripeEvent;
    try {
      event = deps.verify(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.header('stripe-signature'));
    } catch {
      return void res.status(400).json({ received: false, error: 'not signed by Stripe with this endpoint’s secret' });
    }
    const handled = await handleStripeEvent(deps, event).catch((err: unknown): Handled => {
      deps.logger.error({ err, event: event.id, type: event.type, correlationId: randomUUID() }, 'a Stripe event could not be handled');
      return 'retry';
    });
    deps.logger.info({ event: event.id, type: event.type, handled }, 'Stripe event');
    res.status(handled === 'retry' ? 500 : 200).json({ received: handled !== 'retry' });
  });
