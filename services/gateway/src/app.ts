import type { Logger } from '@pds/service-runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GatewayDeps } from './deps';
import { apiDocsRoutes } from './http/api-docs';
import { unexpectedErrorMessage } from './http/caller';
import { locals, requestContext } from './http/request-context';
import { sendError } from './http/respond';
import { handlers, publicHandlers } from './operations/handlers';
import { operationRoutes, publicRoutes } from './operations/router';
import { healthRoutes } from './routes/health';

/** The public API: `/api/v1/...` (routed from the contracts' route table), `/healthz`, and `/docs` to read it. */
export const createApp = (deps: GatewayDeps, logger: Logger) => {
  const app = express();
  app.disable('x-powered-by');
  // API answers are billed per call and never revalidated (see `unconditional`); the docs set their own ETags.
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(requestContext(logger));
  app.use(healthRoutes(deps));
  app.use(apiDocsRoutes());
  app.use('/api/v1', publicRoutes(publicHandlers), operationRoutes(deps, handlers));
  app.use((_req: Request, res: Response) =>
    sendError(res, 'NOT_FOUND', 'No such endpoint; the API is under /api/v1 (see /api/v1/openapi.json).'),
  );
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    locals(res).logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent) sendError(res, 'INTERNAL_SERVER_ERROR', unexpectedErrorMessage);
  });
  return app;
};
