import type { Logger } from '@pds/service-runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fulfilDeps } from './account/payments/account-payments';
import { stripeWebhookRoutes } from './account/payments/stripe-events';
import { accountRoutes } from './account/web/routes';
import type { GatewayDeps } from './deps';
import { apiDocsRoutes } from './http/api-docs';
import { callerOf, sendUnexpected } from './http/caller';
import { locals, requestContext } from './http/request-context';
import { sendError } from './http/respond';
import { handlers, publicHandlers } from './operations/handlers';
import { apiRoutes } from './operations/router';
import { underApi } from './operations/route-table';
import { healthRoutes } from './routes/health';

/**
 * The public server: `/api/v1/...` (routed from the contracts' route table), `/healthz`, and `/docs` to read it.
 * A request under /api/v1 (nearly every request) is given express's request and response as express's own `handle`
 * gives them, and answered without passing through express's router: the router's per-request dispatch (closures,
 * layer matches, path restoring) was most of what routing cost. Everything else is express's.
 */
export const createGatewayServer = (deps: GatewayDeps, logger: Logger) => {
  const app = express();
  app.disable('x-powered-by');
  // API answers are billed per call and never revalidated (see `unconditional`); the docs set their own ETags.
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Behind a proxy (TRUST_PROXY names which, in express's terms), req.ip and req.protocol come from its headers.
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);
  // Every answer to a known caller counts as a call in its usage, except a refusal for its rate limit, which used nothing,
  // and a replay of a keyed call's answer, which was counted with the first call.
  const withContext = requestContext(logger, (res, operation) => {
    const known = callerOf(res);
    if (known && res.statusCode !== 429 && !res.locals.idempotentReplay)
      deps.callCounts.count(known.caller.accountId, known.caller.keyId, operation, deps.clock.now());
  });
  const unhandled = (error: Error, res: Response) => {
    if (res.headersSent) return locals(res).logger.error({ err: error }, 'unhandled error');
    sendUnexpected(res, error, locals(res).logger);
  };
  app.use(withContext);
  app.use(healthRoutes(deps));
  app.use(apiDocsRoutes());
  const { account } = deps;
  // Stripe's webhook before the dashboard: it reads its own raw body, and is authenticated by its signature, not a form token.
  if (account?.payments) {
    const { gateway } = account.payments;
    app.use(stripeWebhookRoutes({ ...fulfilDeps(account, account.payments), verify: (raw, header) => gateway.verifyEvent(raw, header) }));
  }
  if (account) app.use(accountRoutes(account));
  app.use((_req: Request, res: Response) =>
    sendError(res, 'NOT_FOUND', 'No such endpoint; the API is under /api/v1 (see /api/v1/openapi.json).'),
  );
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => unhandled(error, res));

  const api = apiRoutes(deps, handlers, publicHandlers);
  return createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    // What express's `app.handle` does before its router: the circular references, its request and response
    // methods (which read the app's settings through `app`), and `res.locals`.
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals = Object.create(null) as Response['locals'];
    const relative = underApi(req.path);
    if (relative === undefined) return void app(req, res);
    withContext(req, res, () => void api(req, res, relative).catch((error: Error) => unhandled(error, res)));
  });
};
