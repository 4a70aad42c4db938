// What the test environment holds of each Stripe object, in its own terms; objects.ts renders each in Stripe's shape.
// Times are whole seconds of business time.

export interface SimPrice {
  id: string;
  productId: string;
  /** The plan the price is for (`basic`), as STRIPE_SIM_PRICES names it. */
  nickname: string;
  unitAmountPence: number;
  currency: 'gbp';
  /** Monthly (every seeded price is); a one-off `price_data` line is not. */
  recurring: boolean;
}

export interface SimLine {
  priceId: string | null;
  productId: string;
  name: string;
  unitAmountPence: number;
  quantity: number;
  recurring: boolean;
}

export interface SimSession {
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  lines: SimLine[];
  currency: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** `subscription_data[metadata]`: given to the subscription the session makes. */
  subscriptionMetadata: Record<string, string>;
  customerId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string | null;
  url: string;
  createdSeconds: number;
  expiresAtSeconds: number;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
}

export interface SimSubscription {
  id: string;
  customerId: string;
  itemId: string;
  priceId: string;
  metadata: Record<string, string>;
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  canceledAtSeconds: number | null;
  endedAtSeconds: number | null;
  /** The billing cycle anchor: periods run a month from it. */
  anchorSeconds: number;
  /** Which period is current (0 the first). */
  periodIndex: number;
  createdSeconds: number;
  /** The card renewals charge. */
  card: string;
  latestInvoiceId: string | null;
  /** While a renewal's charge is failing. */
  retry: { atSeconds: number; attempts: number } | null;
}

export interface SimInvoice {
  id: string;
  customerId: string;
  subscriptionId: string;
  /** The subscription's metadata as the invoice was made. */
  subscriptionMetadata: Record<string, string>;
  billingReason: 'subscription_create' | 'subscription_cycle';
  status: 'open' | 'paid' | 'uncollectible';
  amountPence: number;
  currency: string;
  lineId: string;
  priceId: string;
  productId: string;
  period: { start: number; end: number };
  attemptCount: number;
  nextPaymentAttemptSeconds: number | null;
  createdSeconds: number;
  paymentIntentId: string | null;
}

export interface SimCustomer {
  id: string;
  email: string | null;
  createdSeconds: number;
}
