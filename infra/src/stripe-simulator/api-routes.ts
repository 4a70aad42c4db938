import express, { Router, type Request, type Response } from 'express';
import { createSession, expireSession, sessionById } from './checkout';
import { noSuchObject, sendStripeError, StripeApiError } from './errors';
import type { StripeApiOperation } from './faults';
import { canonicalForm, decodeForm, FormError, type FormObject } from './form';
import { idempotencyKeyProblem, type SavedAnswer } from './idempotency';
import { newId } from './ids';
import type { StripeSimState } from './state';
import { subscriptionById, updateSubscription } from './subscriptions';

// The part of Stripe's v1 API the payments adapter calls, at Stripe's paths under /v1: bodies and query strings
// form-encoded with bracket keys (form.ts), `Authorization: Bearer <secret key>`, errors in Stripe's envelope, and
// every POST idempotent by its `Idempotency-Key` (idempotency.ts). A fault armed for an operation (faults.ts) is
// taken first, before anything is saved under the key.

type Handler = (params: FormObject, req: Request) => unknown;

const authorised = (state: StripeSimState, req: Request): StripeApiError | null => {
  const header = req.header('authorization');
  if (!header)
    return new StripeApiError(
      401,
      'invalid_request_error',
      'You did not provide an API key. Provide it in the Authorization header (Bearer).',
    );
  const key = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
  if (key === state.secretKey) return null;
  return new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`, {
    code: 'api_key_invalid',
  });
};

const faultAnswer = async (state: StripeSimState, operation: StripeApiOperation): Promise<StripeApiError | null> => {
  state.requests.count(operation);
  const fault = state.faults.take({ operation });
  if (!fault) return null;
  state.logger.info({ operation, fault }, 'fault taken');
  if (fault.mode === 'slow') {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 10_000));
    return null;
  }
  const status = fault.status ?? 500;
  if (status === 429)
    return new StripeApiError(429, 'invalid_request_error', 'Too many requests hit the API too quickly (test environment fault).', {
      code: 'rate_limit',
    });
  return new StripeApiError(status, 'api_error', 'An error occurred with our connection to Stripe (test environment fault).');
};

const paramsOf = (req: Request): FormObject => {
  if (req.method === 'GET') return decodeForm(req.originalUrl.split('?')[1] ?? '');
  return decodeForm(typeof req.body === 'string' ? req.body : '');
};

const answer = (res: Response, saved: SavedAnswer, replayed: boolean) => {
  res.status(saved.status).set('Request-Id', newId('req_', 14));
  if (replayed) res.set('Idempotent-Replayed', 'true');
  res.json(saved.body);
};

const run =
  (state: StripeSimState, operation: StripeApiOperation, handle: Handler) =>
  async (req: Request, res: Response): Promise<void> => {
    const refused = authorised(state, req) ?? (await faultAnswer(state, operation));
    if (refused) return void sendStripeError(res, refused);
    const key = req.method === 'POST' ? req.header('idempotency-key') : undefined;
    try {
      const params = paramsOf(req);
      const endpoint = `${req.method} ${req.path}`;
      const canonical = canonicalForm(params);
      const nowMs = Date.now();
      if (key !== undefined) {
        const problem = idempotencyKeyProblem(key);
        if (problem) throw new StripeApiError(400, 'invalid_request_error', problem, { param: 'Idempotency-Key' });
        const seen = state.idempotency.check(key, endpoint, canonical, nowMs);
        if (seen.kind === 'replay') return answer(res, seen.answer, true);
        if (seen.kind === 'mismatch') throw new StripeApiError(400, 'idempotency_error', seen.message);
      }
      const saved = { status: 200, body: handle(params, req) };
      if (key !== undefined) state.idempotency.save(key, endpoint, canonical, saved, nowMs);
      answer(res, saved, false);
    } catch (error) {
      if (error instanceof FormError)
        return void sendStripeError(res, new StripeApiError(400, 'invalid_request_error', error.message, { param: error.param }));
      if (!(error instanceof StripeApiError)) throw error;
      // Nothing is saved for a refusal: Stripe saves an answer only once the endpoint has started executing, and a
      // request it refuses for its parameters may be sent again, corrected, under the same key.
      sendStripeError(res, error);
    }
  };

/** A retrieve by id from one of the state's maps: the object rendered, or Stripe's 404. */
const retrieve =
  <R>(objects: Map<string, R>, kind: string, render: (record: R) => unknown): Handler =>
  (_params, req) => {
    const record = objects.get(String(req.params.id));
    if (!record) throw noSuchObject(kind, String(req.params.id));
    return render(record);
  };

const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;

export const stripeApiRoutes = (state: StripeSimState): Router => {
  const router = Router();
  router.use('/v1', express.text({ type: () => true, limit: '64kb' }));
  router.post(
    '/v1/checkout/sessions',
    run(state, 'checkout.sessions.create', (params, req) => state.renderSession(createSession(state, params, originOf(req)))),
  );
  router.get(
    '/v1/checkout/sessions/:id',
    run(state, 'checkout.sessions.retrieve', (_p, req) => state.renderSession(sessionById(state, String(req.params.id)))),
  );
  router.post(
    '/v1/checkout/sessions/:id/expire',
    run(state, 'checkout.sessions.expire', (_p, req) => {
      const session = sessionById(state, String(req.params.id));
      expireSession(state, session);
      return state.renderSession(session);
    }),
  );
  router.get(
    '/v1/subscriptions/:id',
    run(state, 'subscriptions.retrieve', (_p, req) => state.renderSubscription(subscriptionById(state, String(req.params.id)))),
  );
  router.post(
    '/v1/subscriptions/:id',
    run(state, 'subscriptions.update', (params, req) =>
      state.renderSubscription(updateSubscription(state, subscriptionById(state, String(req.params.id)), params)),
    ),
  );
  router.get('/v1/invoices/:id', run(state, 'invoices.retrieve', retrieve(state.invoices, 'invoice', state.renderInvoice)));
  router.get('/v1/customers/:id', run(state, 'customers.retrieve', retrieve(state.customers, 'customer', state.renderCustomer)));
  return router;
};
