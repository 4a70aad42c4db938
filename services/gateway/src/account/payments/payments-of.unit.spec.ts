import type { stripeObjects } from '@pds/contracts';
import { changeOfSubscription, paymentOfInvoice, paymentOfSession } from './payments-of';

// Stripe objects as the official package's API version shapes them, reduced to the fields read.

const session = (over: Partial<stripeObjects.StripeCheckoutSession>): stripeObjects.StripeCheckoutSession => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  status: 'complete',
  payment_status: 'paid',
  mode: 'payment',
  amount_total: 2_500,
  currency: 'gbp',
  client_reference_id: 'acc_payer0001',
  metadata: { accountId: 'acc_payer0001', purpose: 'top_up' },
  customer: 'cus_1',
  subscription: null,
  invoice: null,
  payment_intent: 'pi_1',
  url: null,
  created: 1_778_745_600,
  expires_at: 1_778_749_200,
  ...over,
});

// 14 May 2026 09:00 UTC to 14 June 2026 09:00 UTC.
const period = { start: 1_778_749_200, end: 1_781_427_600 };
const invoice = (over: Partial<stripeObjects.StripeInvoice> = {}, priceId = 'price_standard'): stripeObjects.StripeInvoice => ({
  id: 'in_1',
  object: 'invoice',
  status: 'paid',
  amount_due: 9_900,
  amount_paid: 9_900,
  currency: 'gbp',
  billing_reason: 'subscription_create',
  customer: 'cus_1',
  attempt_count: 1,
  next_payment_attempt: null,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { accountId: 'acc_payer0001' } } },
  lines: {
    object: 'list',
    has_more: false,
    data: [
      {
        id: 'il_1',
        object: 'line_item',
        amount: 9_900,
        currency: 'gbp',
        period,
        pricing: { type: 'price_details', price_details: { price: priceId, product: 'prod_1' } },
        subscription: 'sub_1',
      },
    ],
  },
  ...over,
});
const plans: Record<string, 'basic' | 'standard' | 'premium'> = {
  price_basic: 'basic',
  price_standard: 'standard',
  price_premium: 'premium',
};
const planOf = (price: string) => plans[price];

describe('what a Stripe payment is to the ledger', () => {
  it('a paid top-up session: its amount to the Purchase Balance, named by the session', () => {
    expect(paymentOfSession(session({}), { accountId: 'acc_payer0001', purpose: 'top_up' })).toEqual({
      accountId: 'acc_payer0001',
      paymentId: 'stripe:cs_test_1',
      amountPence: 2_500,
      currency: 'gbp',
      providerRef: 'pi_1',
      purpose: { kind: 'top_up' },
    });
  });

  it("an upgrade's session: the plans from our checkout record, not the session's metadata", () => {
    const paid = paymentOfSession(session({ metadata: { purpose: 'top_up' } }), {
      accountId: 'acc_payer0001',
      purpose: 'plan_upgrade',
      upgrade: { subscriptionId: 'sub_1', from: 'basic', to: 'premium' },
    });
    expect(paid).toMatchObject({ purpose: { kind: 'plan_upgrade', subscriptionId: 'sub_1', from: 'basic', to: 'premium' } });
  });

  it('a session not yet paid, abandoned, or not a one-off payment is no payment', () => {
    const checkout = { accountId: 'acc_payer0001', purpose: 'top_up' as const };
    expect(paymentOfSession(session({ status: 'open', payment_status: 'unpaid' }), checkout)).toEqual({
      notYet: 'the session is open, unpaid',
    });
    expect(paymentOfSession(session({ status: 'expired', payment_status: 'unpaid' }), checkout)).toHaveProperty('notYet');
    expect(paymentOfSession(session({ mode: 'subscription' }), checkout)).toEqual({
      notYet: 'a subscription session is paid by its invoice',
    });
    expect(paymentOfSession(session({ currency: 'eur' }), checkout)).toHaveProperty('notYet');
  });

  it("a subscription's paid invoice: a period at the plan of its line's Price, with the line's period", () => {
    expect(paymentOfInvoice(invoice(), 'acc_payer0001', planOf)).toEqual({
      accountId: 'acc_payer0001',
      paymentId: 'stripe:in_1',
      amountPence: 9_900,
      currency: 'gbp',
      providerRef: 'in_1',
      purpose: {
        kind: 'subscription_period',
        subscriptionId: 'sub_1',
        priceId: 'price_standard',
        plan: 'standard',
        periodStartsAt: '2026-05-14T09:00:00.000Z',
        periodEndsAt: '2026-06-14T09:00:00.000Z',
      },
    });
    // A renewal is a period too.
    expect(paymentOfInvoice(invoice({ billing_reason: 'subscription_cycle' }), 'acc_payer0001', planOf)).toMatchObject({
      purpose: { kind: 'subscription_period' },
    });
  });

  it('money for anything else is recorded unallocated, for an operator: an unknown Price, another reason', () => {
    expect(paymentOfInvoice(invoice({}, 'price_other'), 'acc_payer0001', planOf)).toMatchObject({
      paymentId: 'stripe:in_1',
      amountPence: 9_900,
      purpose: { kind: 'unallocated', note: "not a plan's period: invoice in_1 (subscription_create, price price_other, 1 lines)" },
    });
    expect(paymentOfInvoice(invoice({ billing_reason: 'manual' }), 'acc_payer0001', planOf)).toMatchObject({
      purpose: { kind: 'unallocated' },
    });
    expect(paymentOfInvoice(invoice({ status: 'open' }), 'acc_payer0001', planOf)).toEqual({ notYet: 'the invoice is open' });
  });
});

describe('a subscription as Stripe answers it, to the ledger', () => {
  const subscription = (priceId: string, cancelAtPeriodEnd = false): stripeObjects.StripeSubscription => ({
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: cancelAtPeriodEnd,
    canceled_at: null,
    ended_at: null,
    customer: 'cus_1',
    metadata: {},
    latest_invoice: 'in_1',
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: priceId, object: 'price', unit_amount: 2_900, currency: 'gbp' },
          current_period_start: period.start,
          current_period_end: period.end,
        },
      ],
    },
  });
  const plans: Record<string, 'basic' | 'premium'> = { price_basic: 'basic', price_premium: 'premium' };
  const planOf = (id: string) => plans[id];
  const account = { accountId: 'acc_payer0001', plan: 'premium' as const };

  it('names a smaller price a plan for the renewal, and today’s plan no change', () => {
    expect(changeOfSubscription(subscription('price_basic'), account, planOf, 'dashboard:1')).toEqual({
      accountId: 'acc_payer0001',
      subscriptionId: 'sub_1',
      cancelAtPeriodEnd: false,
      planAtRenewal: 'basic',
      stripeEventId: 'dashboard:1',
    });
    expect(changeOfSubscription(subscription('price_premium', true), account, planOf, 'evt_1')).toMatchObject({
      cancelAtPeriodEnd: true,
      planAtRenewal: null,
    });
  });

  it('names no plan for a price that is none of the plans’', () => {
    expect(changeOfSubscription(subscription('price_other'), account, planOf, 'evt_2').planAtRenewal).toBeNull();
  });
});
