import type { stripeObjects } from '@pds/contracts';
import type { DeliveryRecord } from './stripe-simulator/delivery';
import type { StripeApiOperation, StripeFault } from './stripe-simulator/faults';
import type { RenewalStep } from './stripe-simulator/renewals';
import { CountingSimulatorControl } from './simulator-kit/control-client';

export type { StripeApiOperation, StripeFault, StripeFaultMode } from './stripe-simulator/faults';

/** One event as the test environment made it, with its delivery attempts. */
export type StripeEventDelivery = Omit<DeliveryRecord, 'payload'>;

/** The Stripe test environment's controls, as tests drive them (stripe-simulator/control-routes.ts lists them). */
export class StripeControl extends CountingSimulatorControl<StripeFault, Record<StripeApiOperation, number>> {
  /** `stripeUrl`: the API root a service is given (STRIPE_API_URL); the controls live beside it. */
  constructor(stripeUrl: string) {
    super(stripeUrl, 'Stripe');
  }

  async events(): Promise<StripeEventDelivery[]> {
    return (await this.call<{ events: StripeEventDelivery[] }>('GET', '/events')).events;
  }

  /** Sends every event held by a `delay` or `reorder` fault now; how many. */
  async releaseEvents(): Promise<number> {
    return (await this.call<{ released: number }>('POST', '/events/release')).released;
  }

  /** Where deliveries go from now on (null: nowhere). */
  async setWebhookEndpoint(url: string | null): Promise<void> {
    await this.call('PUT', '/webhook', { url });
  }

  /** Abandons an open checkout: the session expires (`checkout.session.expired`). */
  async expireSession(sessionId: string): Promise<stripeObjects.StripeCheckoutSession> {
    return this.call('POST', `/sessions/${encodeURIComponent(sessionId)}/expire`);
  }

  /** Takes every renewal, retry and end due at business time now; the subscriptions that changed. */
  async runRenewals(): Promise<string[]> {
    return (await this.call<{ changed: string[] }>('POST', '/renewals/run')).changed;
  }

  /** A subscription's next step now, whatever the time: its next period (charged), a retry, or its end. */
  async advanceSubscription(subscriptionId: string): Promise<{ step: RenewalStep; subscription: stripeObjects.StripeSubscription }> {
    return this.call('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/advance`);
  }

  /** The test card later charges of this subscription use (`4000 0000 0000 0341`: every renewal fails). */
  async setSubscriptionCard(subscriptionId: string, card: string): Promise<void> {
    await this.call('PUT', `/subscriptions/${encodeURIComponent(subscriptionId)}/card`, { card });
  }

  async subscriptions(): Promise<stripeObjects.StripeSubscription[]> {
    return (await this.call<{ subscriptions: stripeObjects.StripeSubscription[] }>('GET', '/subscriptions')).subscriptions;
  }
}
