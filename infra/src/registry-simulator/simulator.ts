import { createLogger, type Clock, type Logger } from '@pds/service-runtime';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Server } from 'node:http';
import { controlRoutes } from './control-routes';
import { FaultBook } from './faults';
import { OrderBook } from './orders';
import type { RegistryState } from './registry-state';
import { registryRoutes } from './routes';

// The HM Land Registry test environment: the registry API at /registry/v1 (routes.ts) and test controls at
// /_control (control-routes.ts), over one in-memory order book. main.ts runs it as a process; tests start it in
// theirs with their own clock.

export interface RegistrySimulatorOptions {
  /** Business time. */
  clock: Clock;
  /** Real time from acceptance to completion (default 1000 ms). */
  fulfilmentDelayMs?: number;
  logger?: Logger;
}

export const registryBasePath = '/registry/v1';

const errors =
  (logger: Logger): ErrorRequestHandler =>
  (err: { status?: number; type?: string; message?: string }, req, res, _next) => {
    // The body parser's refusals (not JSON, too large) are the caller's mistake.
    if (err.status !== undefined && err.status >= 400 && err.status < 500) {
      res.status(err.status).json({
        code: 'INVALID_REQUEST',
        message: err.type === 'entity.parse.failed' ? 'the body must be JSON' : (err.message ?? 'invalid request'),
      });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (!res.headersSent) res.status(500).json({ code: 'INTERNAL_ERROR', message: 'the registry test environment failed; see its log' });
  };

export const createRegistrySimulator = (options: RegistrySimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('registry-simulator');
  const state: RegistryState = {
    clock: options.clock,
    logger,
    faults: new FaultBook(),
    orders: new OrderBook(),
    fulfilmentDelayMs: options.fulfilmentDelayMs ?? 1_000,
  };
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '64kb' }));
  app.use((req, _res, next) => {
    logger.debug({ method: req.method, path: req.path }, 'request');
    next();
  });
  app.use(registryBasePath, registryRoutes(state));
  app.use('/_control', controlRoutes(state));
  app.use((req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: `no route ${req.method} ${req.path}` });
  });
  app.use(errors(logger));
  return app;
};

export interface RunningRegistrySimulator {
  port: number;
  /** The API's base URL, as services take it in LAND_REGISTRY_URL: http://127.0.0.1:<port>/registry/v1 */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Listens on `host` (loopback unless a container network needs more; port 0: any free port). */
export const startRegistrySimulator = async (
  options: RegistrySimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningRegistrySimulator> => {
  const server = createRegistrySimulator(options).listen(port, host);
  // Idle keep-alive connections outlive the clients' pools (as the gateway's do), so that a client never sends a
  // request on a connection the server is closing: a test whose event loop was blocked (a synchronous audit run) cannot
  // see Node's 5 s default close one, and its next control call would fail with "other side closed".
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const chosen = (server.address() as { port: number }).port;
  return {
    port: chosen,
    url: `http://127.0.0.1:${chosen}${registryBasePath}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
