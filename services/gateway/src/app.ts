import { openApiDocument } from '@pds/contracts';
import type { Logger } from '@pds/service-runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GatewayDeps } from './deps';
import { locals, requestContext } from './http/request-context';
import { sendError } from './http/respond';
import { healthRoutes } from './routes/health';
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
  app.use('/api/v1', express.json({ limit: '100kb' }), renovationCalculatorRoutes(deps));

  app.use((_req: Request, res: Response) => sendError(res, 'NOT_FOUND', 'No such endpoint; see /api/v1/openapi.json.'));
  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (error.type === 'entity.parse.failed' || error.status === 400) {
      return sendError(res, 'INVALID_PARAMETERS', 'The request body is not valid JSON.');
    }
    locals(res).logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent) sendError(res, 'INTERNAL_SERVER_ERROR', 'Unexpected error; nothing was charged. Retry, and quote X-Request-Id if it persists.');
  });
  return app;
};
