import type { Clock, Logger } from '@pds/service-runtime';
import { RequestCounts } from '../simulator-kit/operation-faults';
import type { WebhookDelivery } from './delivery';
import { stripeApiOperations, type StripeFaultBook } from './faults';
import { IdempotencyStore } from './idempotency';
import { newId, unixSeconds } from './ids';
import { customerObject, invoiceObject, sessionObject, subscriptionObject } from './objects';
import type { SimCustomer, SimInvoice, SimPrice, SimSession, SimSubscription } from './records';

// Everything the Stripe test environment holds, in memory: its prices (seeded), the objects made through it, its
// idempotency keys, faults, request counts and deliveries; and the making of events, each a snapshot of its object.

/** The API version the events say they were rendered in: the one the official package pins (stripe 23.1.0). */
export const simulatedApiVersion = '2026-10-28.endive';

export type SimEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted';

export class StripeSimState {
  readonly prices = new Map<string, SimPrice>();
  readonly customers = new Map<string, SimCustomer>();
  readonly sessions = new Map<string, SimSession>();
  readonly subscriptions = new Map<string, SimSubscription>();
  readonly invoices = new Map<string, SimInvoice>();
  readonly idempotency = new IdempotencyStore();
  readonly requests = new RequestCounts(stripeApiOperations);

  constructor(
    /** Business time: objects' times, checkout expiry, renewals. */
    readonly clock: Clock,
    readonly logger: Logger,
    readonly secretKey: string,
    readonly faults: StripeFaultBook,
    readonly delivery: WebhookDelivery,
    prices: readonly SimPrice[],
  ) {
    for (const price of prices) this.prices.set(price.id, price);
  }

  nowSeconds(): number {
    return unixSeconds(this.clock.now());
  }

  priceOf(sub: SimSubscription): SimPrice {
    const price = this.prices.get(sub.priceId);
    if (!price) throw new Error(`subscription ${sub.id} has an unknown price ${sub.priceId}`);
    return price;
  }

  renderSession = (s: SimSession) => sessionObject(s);
  renderSubscription = (sub: SimSubscription) => subscriptionObject(sub, this.priceOf(sub));
  renderInvoice = (inv: SimInvoice) => invoiceObject(inv);
  renderCustomer = (c: SimCustomer) => customerObject(c);

  /** Makes an event of `type` carrying `object` as it is now, and queues its delivery. */
  emit(type: SimEventType, object: { id: string; object: string }, previousAttributes?: Record<string, unknown>): void {
    const event = {
      id: newId('evt_test_'),
      object: 'event' as const,
      api_version: simulatedApiVersion,
      created: this.nowSeconds(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: this.delivery.endpoint ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.logger.info({ eventId: event.id, type, objectId: object.id }, 'event');
    this.delivery.enqueue(event);
  }
}
