import { openApiDocument } from '@pds/contracts';
import type { Logger } from '@pds/service-runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GatewayDeps } from './deps';
import { apiDocsRoutes } from './http/api-docs';
import { bodyErrors } from './http/body-errors';
import { locals, requestContext } from './http/request-context';
import { sendError } from './http/respond';
import { unexpectedErrorMessage } from './routes/authenticated';
import { healthRoutes } from './routes/health';
import { landRegistryRoutes } from './routes/land-registry';
import { renovationCalculatorRoutes } from './routes/renovation-calculator';

/** The public API: `/api/v1/...`, `/healthz`, and the OpenAPI document generated from the contracts. */
export const createApp = (deps: GatewayDeps, logger: Logger) => {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestContext(logger));
  app.use(healthRoutes(deps));
  const document = openApiDocument();
  app.get('/api/v1/openapi.json', (_req, res) => void res.json(document));
  app.use(apiDocsRoutes());
  app.use('/api/v1', express.json({ limit: '100kb' }), renovationCalculatorRoutes(deps), landRegistryRoutes(deps));

  app.use((_req: Request, res: Response) => sendError(res, 'NOT_FOUND', 'No such endpoint; see /api/v1/openapi.json.'));
  app.use(bodyErrors(deps));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    locals(res).logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent) sendError(res, 'INTERNAL_SERVER_ERROR', unexpectedErrorMessage);
  });
  return app;
};
