import type { Logger } from '@pds/service-runtime';
import express, { type ErrorRequestHandler, type Express, type Response, type Router } from 'express';
import { controlPath } from './control-routes';

// One test environment as an express app: its own API, its controls at /_control, /health where it has one, and
// every answer it gives outside its routes (no route, a request refused before a route, its own failure) in the
// error format of the upstream it stands for, so that a client meets the errors it would meet in production.

/** Why a request was refused before any route: the body parser's message and kind (`entity.parse.failed`, …). */
export interface Refusal {
  message: string;
  type?: string;
}

/** How the environment answers outside its routes, in its upstream's error format. */
export interface SimulatorAnswers {
  /** A 4xx refusal before any route (a body that is not JSON or too large). */
  invalid: (res: Response, status: number, refusal: Refusal) => void;
  /** No route for the request. */
  notFound: (res: Response, message: string) => void;
  /** The environment itself failed (logged). */
  failed: (res: Response) => void;
}

export interface SimulatorAppOptions {
  logger: Logger;
  /** Parses JSON bodies for every route; without it, only the controls do. */
  jsonBodies?: boolean;
  /** What GET /health says beside `status: 'ok'`; absent: the environment answers its health itself, if at all. */
  health?: () => Record<string, unknown>;
  /** Mounts the environment's own API. */
  routes: (app: Express) => void;
  control: Router;
  answers: SimulatorAnswers;
}

const answerErrors =
  (logger: Logger, answers: SimulatorAnswers): ErrorRequestHandler =>
  (err: { status?: number; type?: string; message?: string }, req, res, _next) => {
    if (err.status !== undefined && err.status >= 400 && err.status < 500) {
      answers.invalid(res, err.status, {
        message: err.message ?? 'invalid request',
        ...(err.type === undefined ? {} : { type: err.type }),
      });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (!res.headersSent) answers.failed(res);
  };

export const simulatorApp = (options: SimulatorAppOptions): Express => {
  const { logger, answers } = options;
  const app = express();
  app.disable('x-powered-by');
  if (options.jsonBodies) app.use(express.json({ limit: '64kb' }));
  app.use((req, _res, next) => {
    logger.debug({ method: req.method, path: req.path }, 'request');
    next();
  });
  const health = options.health;
  if (health) app.get('/health', (_req, res) => res.json({ status: 'ok', ...health() }));
  options.routes(app);
  app.use(controlPath, options.control);
  app.use((req, res) => answers.notFound(res, `no route ${req.method} ${req.path}`));
  app.use(answerErrors(logger, answers));
  return app;
};
