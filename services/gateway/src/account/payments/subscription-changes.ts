import type { billing, SelfServicePlan } from '@pds/contracts';
import type { LedgerClient } from '@pds/ledger-client';
import type { RequestContext } from '@pds/service-runtime';
import type { AccountPayments } from './account-payments';
import { changeOfSubscription } from './payments-of';
import type { SubscriptionChange } from './stripe-adapter';

/** What a customer changes from the dashboard without paying now: cancelling, resuming, a smaller plan from the renewal. */
export type CustomerChange = { kind: 'cancel' } | { kind: 'resume' } | { kind: 'downgrade'; plan: SelfServicePlan };

/**
 * Stripe is told first (it bills the renewals), then the ledger is told what Stripe answered, so the pages show the
 * change at once; Stripe's own `customer.subscription.updated` tells the ledger the same again, which changes nothing.
 * Each form sent is its own change (keyed by the request), so cancelling, resuming and cancelling again all reach Stripe.
 */
export const changeSubscription = async (
  deps: { ledger: LedgerClient; payments: AccountPayments },
  ctx: RequestContext,
  account: { accountId: string; plan: billing.Plan; subscriptionId: string },
  change: CustomerChange,
) => {
  const { gateway, priceIds, planOfPrice } = deps.payments;
  let asked: SubscriptionChange;
  if (change.kind === 'downgrade') {
    const item = (await gateway.retrieveSubscription(account.subscriptionId)).items.data[0];
    if (!item) throw new Error(`subscription ${account.subscriptionId} has no item to change`);
    asked = { price: { itemId: item.id, priceId: priceIds[change.plan] } };
  } else asked = { cancelAtPeriodEnd: change.kind === 'cancel' };
  const reference = `dashboard:${ctx.correlationId}`;
  const answered = await gateway.updateSubscription(account.subscriptionId, asked, reference);
  return deps.ledger.recordSubscription(ctx, { type: 'change', data: changeOfSubscription(answered, account, planOfPrice, reference) });
};
