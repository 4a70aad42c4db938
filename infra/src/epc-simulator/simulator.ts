import { createLogger, type Logger } from '@pds/service-runtime';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Server } from 'node:http';
import { epcControlRoutes } from './control-routes';
import { EpcFaultBook } from './faults';
import type { EpcRegister } from './register';
import { epcApiRoutes, type EpcApiState } from './routes';

// The test environment of MHCLG's "Get energy performance of buildings data" API: the API at its documented paths
// (routes.ts), test controls at /_control (control-routes.ts) and /health, over one register held in memory. main.ts
// runs it as a process (started by the stack, its URL given to the location service as EPC_API_URL); tests may start
// it in theirs.

export interface EpcSimulatorOptions {
  register: EpcRegister;
  /** The bearer token the API accepts. */
  token: string;
  logger?: Logger;
}

const errors =
  (logger: Logger): ErrorRequestHandler =>
  (err: { status?: number; message?: string }, req, res, _next) => {
    if (err.status !== undefined && err.status >= 400 && err.status < 500) {
      res.status(err.status).json({ error: err.message ?? 'invalid request' });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (!res.headersSent) res.status(500).json({ errors: [{ code: 'the EPC register test environment failed; see its log' }] });
  };

export const createEpcSimulator = (options: EpcSimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('epc-simulator');
  const state: EpcApiState = {
    register: options.register,
    faults: new EpcFaultBook(),
    token: options.token,
    logger,
    requests: { search: 0, certificate: 0 },
  };
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '64kb' }));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', certificates: state.register.size });
  });
  app.use(epcApiRoutes(state));
  app.use('/_control', epcControlRoutes(state));
  app.use((req, res) => {
    res.status(404).json({ error: `no route ${req.method} ${req.path}` });
  });
  app.use(errors(logger));
  return app;
};

export interface RunningEpcSimulator {
  port: number;
  /** The API root, as the location service takes it in EPC_API_URL: http://127.0.0.1:<port> */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export const startEpcSimulator = async (options: EpcSimulatorOptions, port = 0, host = '127.0.0.1'): Promise<RunningEpcSimulator> => {
  const server = createEpcSimulator(options).listen(port, host);
  // Longer than the clients' idle connections, so that a client never sends on a connection being closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const chosen = (server.address() as { port: number }).port;
  return {
    port: chosen,
    url: `http://127.0.0.1:${chosen}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
