import { newId } from './ids';
import type { FormObject, FormValue } from './form';
import { invalidRequest, missingParam, noSuchObject, StripeApiError } from './errors';
import type { SimLine, SimSession } from './records';
import type { StripeSimState } from './state';

// Checkout Sessions made through the API (`POST /v1/checkout/sessions`): the parameters the adapter sends, checked as
// Stripe checks them (an unknown parameter is refused, not ignored, so that a misspelt one is found here), and an
// abandoned session's end. Paying is payment.ts's.

const knownParams = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer',
  'customer_email',
  'metadata',
  'subscription_data',
  'allowed_payment_method_types',
  'expires_at',
  'expand',
]);

/** Stripe's bounds on `expires_at`: 30 minutes to 24 hours after creation (from memory of its API reference). */
const expiresAfterSecondsMin = 30 * 60;
const expiresAfterSecondsMax = 24 * 3_600;

const text = (value: FormValue | undefined, param: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param}`, param, 'parameter_invalid_string');
  return value;
};

const wholeNumber = (value: FormValue | undefined, param: string): number | undefined => {
  const raw = text(value, param);
  if (raw === undefined) return undefined;
  if (!/^\d{1,12}$/.test(raw)) throw invalidRequest(`Invalid integer: ${raw}`, param, 'parameter_invalid_integer');
  return Number(raw);
};

export const metadataOf = (value: FormValue | undefined, param: string): Record<string, string> => {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash: ${param}`, param);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v, `${param}[${k}]`) ?? '']));
};

const lineOf = (state: StripeSimState, value: FormValue, at: string): SimLine => {
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash: ${at}`, at);
  const quantity = wholeNumber(value.quantity, `${at}[quantity]`) ?? 1;
  const priceId = text(value.price, `${at}[price]`);
  if (priceId !== undefined) {
    const price = state.prices.get(priceId);
    if (!price) throw noSuchObject('price', priceId, `${at}[price]`);
    return { priceId, productId: price.productId, name: price.nickname, unitAmountPence: price.unitAmountPence, quantity, recurring: true };
  }
  const data = value.price_data;
  if (typeof data !== 'object' || Array.isArray(data)) throw missingParam(`${at}[price]`);
  const unitAmountPence = wholeNumber(data.unit_amount, `${at}[price_data][unit_amount]`);
  if (unitAmountPence === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
  if (text(data.currency, `${at}[price_data][currency]`) !== 'gbp')
    throw invalidRequest('Only gbp is supported here', `${at}[price_data][currency]`);
  if (data.recurring !== undefined)
    throw invalidRequest('Recurring price_data is not supported here: use a Price', `${at}[price_data][recurring]`);
  const product = data.product_data;
  const name =
    typeof product === 'object' && !Array.isArray(product) ? text(product.name, `${at}[price_data][product_data][name]`) : undefined;
  if (name === undefined) throw missingParam(`${at}[price_data][product_data][name]`);
  return { priceId: null, productId: newId('prod_', 14), name, unitAmountPence, quantity, recurring: false };
};

/** Makes an open session from the create parameters; `origin` is where the hosted page is served. */
export const createSession = (state: StripeSimState, params: FormObject, origin: string): SimSession => {
  for (const key of Object.keys(params))
    if (!knownParams.has(key)) throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  const mode = text(params.mode, 'mode');
  if (mode === undefined) throw missingParam('mode');
  if (mode !== 'payment' && mode !== 'subscription') throw invalidRequest(`Invalid mode: must be payment or subscription here`, 'mode');
  const successUrl = text(params.success_url, 'success_url');
  if (successUrl === undefined) throw missingParam('success_url');
  if (!URL.canParse(successUrl)) throw invalidRequest('Not a valid URL', 'success_url', 'url_invalid');
  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) throw missingParam('line_items');
  const lines = items.map((item, i) => lineOf(state, item, `line_items[${i}]`));
  if (mode === 'subscription' && (lines.length !== 1 || !lines[0]!.recurring || lines[0]!.quantity !== 1))
    throw invalidRequest('Subscription mode takes one recurring price, quantity 1, here', 'line_items');
  if (mode === 'payment' && lines.some((l) => l.recurring))
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      'line_items',
    );
  const customerId = text(params.customer, 'customer') ?? null;
  if (customerId !== null && !state.customers.has(customerId)) throw noSuchObject('customer', customerId, 'customer');
  const customerEmail = text(params.customer_email, 'customer_email') ?? null;
  if (customerId !== null && customerEmail !== null)
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  const now = state.nowSeconds();
  const expiresAt = wholeNumber(params.expires_at, 'expires_at') ?? now + expiresAfterSecondsMax;
  if (expiresAt < now + expiresAfterSecondsMin || expiresAt > now + expiresAfterSecondsMax)
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  const subscriptionData = params.subscription_data;
  const id = newId('cs_test_', 58);
  const session: SimSession = {
    id,
    mode,
    status: 'open',
    paymentStatus: 'unpaid',
    lines,
    currency: 'gbp',
    clientReferenceId: text(params.client_reference_id, 'client_reference_id') ?? null,
    metadata: metadataOf(params.metadata, 'metadata'),
    subscriptionMetadata:
      typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
        ? metadataOf(subscriptionData.metadata, 'subscription_data[metadata]')
        : {},
    customerId,
    customerEmail,
    successUrl,
    cancelUrl: text(params.cancel_url, 'cancel_url') ?? null,
    url: `${origin}/c/pay/${id}`,
    createdSeconds: now,
    expiresAtSeconds: expiresAt,
    subscriptionId: null,
    invoiceId: null,
    paymentIntentId: null,
  };
  state.sessions.set(id, session);
  return session;
};

export const sessionById = (state: StripeSimState, id: string): SimSession => {
  const session = state.sessions.get(id);
  if (!session) throw noSuchObject('checkout.session', id);
  return session;
};

/** Ends an open session unpaid (`checkout.session.expired`): expired by the API, by a test, or by its `expires_at`. */
export const expireSession = (state: StripeSimState, session: SimSession): void => {
  if (session.status !== 'open')
    throw new StripeApiError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired.`, {
      code: 'checkout_session_not_open',
    });
  session.status = 'expired';
  state.emit('checkout.session.expired', state.renderSession(session));
};

/** Expires every open session whose `expires_at` has passed in business time. */
export const expireOverdueSessions = (state: StripeSimState): void => {
  const now = state.nowSeconds();
  for (const session of state.sessions.values())
    if (session.status === 'open' && session.expiresAtSeconds <= now) expireSession(state, session);
};
