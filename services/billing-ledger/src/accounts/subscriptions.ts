import { availableCredits, type Account, type AccountEvent, type OpenAccount, type Subscription, type SubscriptionStatus } from './account';
import type { CommandOf } from './decide';
import { codes, LedgerError, requireOpen } from './ledger-error';

/**
 * The account's subscription named by a change from Stripe. Another (or none) is refused and nothing is recorded: the
 * gateway logs it for an operator, and Stripe's redelivery finds the subscription once its first payment has arrived.
 */
const subscriptionNamed = (account: OpenAccount, subscriptionId: string): Subscription => {
  const current = account.subscription;
  if (current?.subscriptionId === subscriptionId) return current;
  const held = current ? `the account's subscription is ${current.subscriptionId}` : 'the account has no subscription';
  throw new LedgerError(codes.subscriptionMismatch, `${held}, not ${subscriptionId}`);
};

/** Cancelling at the period's end, or not any more; a subscription past due stays so until a payment arrives. */
export const statusAfterChange = (status: SubscriptionStatus, cancelAtPeriodEnd: boolean): SubscriptionStatus => {
  if (cancelAtPeriodEnd) return 'cancelling';
  return status === 'cancelling' ? 'active' : status;
};

/**
 * Stripe's subscription changed: cancelling or resumed, a downgrade scheduled for the renewal or withdrawn. Compared
 * with the state, so a repeat (or a notice of what the ledger already knows) records nothing; an ended subscription
 * takes no changes.
 */
export const recordSubscriptionChange = (c: CommandOf<'RecordSubscriptionChange'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, subscriptionId, cancelAtPeriodEnd, stripeEventId } = c.data;
  const current = subscriptionNamed(account, subscriptionId);
  if (current.status === 'ended') return [];
  // The renewal keeping today's plan is no scheduled change (after an upgrade the item's new price is the plan itself).
  const planAtRenewal = c.data.planAtRenewal === account.plan ? null : c.data.planAtRenewal;
  if (statusAfterChange(current.status, cancelAtPeriodEnd) === current.status && planAtRenewal === current.planAtRenewal) return [];
  const { periodEndsAt } = current;
  return [
    {
      type: 'SubscriptionChangeRecorded',
      data: { accountId, subscriptionId, cancelAtPeriodEnd, planAtRenewal, periodEndsAt, stripeEventId },
    },
  ];
};

/**
 * A period's invoice was not paid. Credits are neither refreshed nor taken: what is left of the paid period stays
 * spendable while Stripe retries. A notice of an attempt already recorded, or of an invoice paid since, changes nothing.
 */
export const recordSubscriptionPaymentFailed = (c: CommandOf<'RecordSubscriptionPaymentFailed'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const current = subscriptionNamed(account, c.data.subscriptionId);
  if (current.status === 'ended' || account.paymentIds.has(`stripe:${c.data.invoiceId}`)) return [];
  const last = current.failedAttempt;
  if (last?.invoiceId === c.data.invoiceId && last.attempt >= c.data.attempt) return [];
  return [{ type: 'SubscriptionPaymentFailed', data: c.data }];
};

/**
 * The subscription is over: credits still available lapse (not those held by a reservation, so the balance never goes
 * below zero); the plan stays for its limits, and the Purchase Balance, the customer's money, is untouched.
 */
export const endSubscription = (c: CommandOf<'EndSubscription'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const current = subscriptionNamed(account, c.data.subscriptionId);
  if (current.status === 'ended') return [];
  const { accountId, subscriptionId, reason } = c.data;
  const lapsingCredits = Math.max(0, availableCredits(account));
  const lapsed: AccountEvent[] =
    lapsingCredits === 0
      ? []
      : [
          {
            type: 'CreditsLapsed',
            data: { accountId, amountCredits: lapsingCredits, reason: `subscription ${subscriptionId} ended (${reason})` },
          },
        ];
  return [{ type: 'SubscriptionEnded', data: c.data }, ...lapsed];
};
