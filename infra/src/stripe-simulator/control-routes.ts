import type { Response, Router } from 'express';
import { controlRoutes } from '../simulator-kit/control-routes';
import { expireSession, sessionById } from './checkout';
import { isTestCard } from './cards';
import { StripeApiError, sendStripeError } from './errors';
import { stripeFaultProblem } from './faults';
import { advanceSubscription, runRenewals } from './renewal-runner';
import type { StripeSimState } from './state';
import { subscriptionById } from './subscriptions';

// Test controls, mounted at /_control (infra/src/stripe-control.ts is the typed client): the faults and request counts
// every environment has (simulator-kit/control-routes.ts; faults.ts lists the kinds), and
//
//   GET  /events                        200 {endpoint, events: [{id, type, objectId, state, attempts, copiesLeft}]}
//   POST /events/release                200 {released}: every held event (a `delay` or `reorder` fault) goes out now
//   PUT  /webhook {url|null}            200 {endpoint}: where deliveries go from now on
//   POST /sessions/:id/expire           200 session: an abandoned checkout (`checkout.session.expired`)
//   POST /renewals/run                  200 {changed}: what is due at business time now (renewals, retries, ends)
//   POST /subscriptions/:id/advance     200 {step, subscription}: its next step now, whatever the time
//   PUT  /subscriptions/:id/card {card} 200 subscription: the test card later charges use
//   GET  /subscriptions                 200 {subscriptions}

const refuse = (res: Response, problem: string) => res.status(400).json({ error: { type: 'invalid_request_error', message: problem } });

const handled = (res: Response, act: () => unknown) => {
  try {
    res.json(act());
  } catch (error) {
    if (error instanceof StripeApiError) return void sendStripeError(res, error);
    throw error;
  }
};

export const stripeControlRoutes = (state: StripeSimState): Router => {
  const router = controlRoutes({
    faults: state.faults,
    problemOf: stripeFaultProblem,
    logger: state.logger,
    refuse,
    requests: state.requests,
  });
  router.get('/events', (_req, res) => res.json({ endpoint: state.delivery.endpoint, events: state.delivery.list() }));
  router.post('/events/release', (_req, res) => res.json({ released: state.delivery.release() }));
  router.put('/webhook', (req, res) => {
    const url = (req.body as { url?: unknown } | undefined)?.url;
    if (url !== null && !(typeof url === 'string' && URL.canParse(url))) return refuse(res, 'url must be a URL or null');
    state.delivery.setEndpoint(url);
    res.json({ endpoint: state.delivery.endpoint });
  });
  router.post('/sessions/:id/expire', (req, res) =>
    handled(res, () => {
      const session = sessionById(state, req.params.id);
      expireSession(state, session);
      return state.renderSession(session);
    }),
  );
  router.post('/renewals/run', (_req, res) => handled(res, () => ({ changed: runRenewals(state) })));
  router.post('/subscriptions/:id/advance', (req, res) =>
    handled(res, () => {
      const sub = subscriptionById(state, req.params.id);
      return { step: advanceSubscription(state, sub), subscription: state.renderSubscription(sub) };
    }),
  );
  router.put('/subscriptions/:id/card', (req, res) =>
    handled(res, () => {
      const card = (req.body as { card?: unknown } | undefined)?.card;
      if (typeof card !== 'string' || !isTestCard(card))
        throw new StripeApiError(400, 'invalid_request_error', 'card must be a test card number');
      const sub = subscriptionById(state, req.params.id);
      sub.card = card;
      return state.renderSubscription(sub);
    }),
  );
  router.get('/subscriptions', (_req, res) => res.json({ subscriptions: [...state.subscriptions.values()].map(state.renderSubscription) }));
  return router;
};
