import { z } from '../zod';
import { Plan } from './commands';
import { PaymentPurpose } from './payment-commands';

/**
 * Payment and subscription events on the account's stream. The credits a payment buys move by the existing events,
 * recorded in the same append: `CashDeposited` (a top-up, its deposit id the payment id), `CreditsRefreshed` (a paid
 * period sets the balance to the plan's allowance) and `CreditsGranted` (an upgrade's difference, its grant id the
 * payment id).
 */
export const PaymentReceived = z.object({
  type: z.literal('PaymentReceived'),
  data: z.object({
    accountId: z.string(),
    paymentId: z.string(),
    amountPence: z.number().int().positive(),
    currency: z.literal('gbp'),
    providerRef: z.string(),
    purpose: PaymentPurpose,
    receivedAt: z.string(),
    /** Set when the ledger could not allocate the money (`SUBSCRIPTION_MISMATCH`): an operator decides what to do with it. */
    unallocatedCode: z.string().optional(),
  }),
});
const period = {
  accountId: z.string(),
  subscriptionId: z.string(),
  plan: Plan,
  periodStartsAt: z.string(),
  periodEndsAt: z.string(),
  paymentId: z.string(),
};
export const SubscriptionStarted = z.object({ type: z.literal('SubscriptionStarted'), data: z.object(period) });
export const SubscriptionRenewed = z.object({ type: z.literal('SubscriptionRenewed'), data: z.object(period) });
/** The plan and with it the limits and the allowance of later refreshes (an Enterprise account's own limits end too). */
export const PlanChanged = z.object({
  type: z.literal('PlanChanged'),
  data: z.object({
    accountId: z.string(),
    from: Plan,
    to: Plan,
    reason: z.enum(['subscription', 'upgrade', 'renewal', 'operator']),
    paymentId: z.string().optional(),
  }),
});
export const SubscriptionChangeRecorded = z.object({
  type: z.literal('SubscriptionChangeRecorded'),
  data: z.object({
    accountId: z.string(),
    subscriptionId: z.string(),
    cancelAtPeriodEnd: z.boolean(),
    planAtRenewal: Plan.nullable(),
    /** The end of the period the change applies to: when a cancelling subscription stops, or the next refresh if not. */
    periodEndsAt: z.string(),
    stripeEventId: z.string(),
  }),
});
export const SubscriptionPaymentFailed = z.object({
  type: z.literal('SubscriptionPaymentFailed'),
  data: z.object({
    accountId: z.string(),
    subscriptionId: z.string(),
    invoiceId: z.string(),
    attempt: z.number().int().positive(),
    nextAttemptAt: z.string().nullable(),
  }),
});
export const SubscriptionEnded = z.object({
  type: z.literal('SubscriptionEnded'),
  data: z.object({ accountId: z.string(), subscriptionId: z.string(), endedAt: z.string(), reason: z.enum(['cancelled', 'unpaid']) }),
});
/** Credits that stop being spendable (a subscription ended): the balance falls by them, as a negative grant. */
export const CreditsLapsed = z.object({
  type: z.literal('CreditsLapsed'),
  data: z.object({ accountId: z.string(), amountCredits: z.number().int().positive(), reason: z.string() }),
});
