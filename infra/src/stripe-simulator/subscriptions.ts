import { metadataOf } from './checkout';
import { invalidRequest, noSuchObject } from './errors';
import type { FormObject } from './form';
import type { SimSubscription } from './records';
import type { StripeSimState } from './state';

// `POST /v1/subscriptions/:id` as the adapter uses it: `cancel_at_period_end` (cancel or resume), the item's price
// (`items[0][id]`, `items[0][price]`) with `proration_behavior: none` (the next renewal bills the new price; nothing is
// charged now), `metadata`. Anything else is refused, as is a change to a subscription that has ended. A change is a
// `customer.subscription.updated` with the attributes it replaced.

const knownParams = new Set(['cancel_at_period_end', 'items', 'proration_behavior', 'metadata', 'expand']);

export const subscriptionById = (state: StripeSimState, id: string): SimSubscription => {
  const sub = state.subscriptions.get(id);
  if (!sub) throw noSuchObject('subscription', id);
  return sub;
};

const booleanOf = (value: unknown, param: string): boolean => {
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalidRequest(`Invalid boolean: ${String(value)}`, param, 'parameter_invalid_boolean');
};

/** The new price of the subscription's one item, or undefined when `items` does not change it. */
const newPriceOf = (state: StripeSimState, sub: SimSubscription, params: FormObject): string | undefined => {
  if (params.items === undefined) return undefined;
  const items = params.items;
  if (!Array.isArray(items) || items.length !== 1) throw invalidRequest('items takes the one item of the subscription here', 'items');
  const item = items[0]!;
  if (typeof item !== 'object' || Array.isArray(item)) throw invalidRequest('Invalid hash: items[0]', 'items[0]');
  if (item.id !== sub.itemId) throw invalidRequest(`items[0][id] must be the subscription's item ${sub.itemId}`, 'items[0][id]');
  const priceId = item.price;
  if (priceId === undefined) return undefined;
  if (typeof priceId !== 'string' || !state.prices.has(priceId)) throw noSuchObject('price', String(priceId), 'items[0][price]');
  if (params.proration_behavior !== 'none')
    throw invalidRequest('Only proration_behavior=none is simulated for a price change', 'proration_behavior');
  return priceId;
};

export const updateSubscription = (state: StripeSimState, sub: SimSubscription, params: FormObject): SimSubscription => {
  for (const key of Object.keys(params))
    if (!knownParams.has(key)) throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  if (sub.status === 'canceled')
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', undefined, 'resource_missing');
  const before = state.renderSubscription(sub);
  const previous: Record<string, unknown> = {};
  if (params.cancel_at_period_end !== undefined) {
    const cancel = booleanOf(params.cancel_at_period_end, 'cancel_at_period_end');
    if (cancel !== sub.cancelAtPeriodEnd) {
      Object.assign(previous, {
        cancel_at_period_end: sub.cancelAtPeriodEnd,
        cancel_at: before.cancel_at,
        canceled_at: before.canceled_at,
      });
      sub.cancelAtPeriodEnd = cancel;
      sub.canceledAtSeconds = cancel ? state.nowSeconds() : null;
    }
  }
  const priceId = newPriceOf(state, sub, params);
  if (priceId !== undefined && priceId !== sub.priceId) {
    previous.items = before.items;
    sub.priceId = priceId;
  }
  if (params.metadata !== undefined) {
    previous.metadata = { ...sub.metadata };
    sub.metadata = { ...sub.metadata, ...metadataOf(params.metadata, 'metadata') };
  }
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', state.renderSubscription(sub), previous);
  return sub;
};
