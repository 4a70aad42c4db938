import { createLogger, type Logger } from '@pds/service-runtime';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Server } from 'node:http';
import { openDataControlRoutes } from './control-routes';
import { OpenDataFaultBook, openDataOperations, type OpenDataOperation } from './faults';
import { groundRoutes } from './ground/routes';
import type { CrimeStore } from './police/crimes';
import { policeApiRoutes } from './police/routes';

// The test environment of the open-data services behind Location Intelligence, each at its documented paths under a
// prefix of its own: the police.uk API at /police/api; BGS's map services (the Coal Authority's coal layers and BGS's
// geology as ArcGIS WMS, the landslide index as OGC API) at /bgs, over SYNTHETIC layers (ground/layers.ts). Test
// controls at /_control (control-routes.ts) and /health.
// main.ts runs it as a process (started by the stack, its URLs given to the location service); tests may start it in
// theirs.

export interface OpenDataSimulatorOptions {
  crimes: CrimeStore;
  logger?: Logger;
}

const errors =
  (logger: Logger): ErrorRequestHandler =>
  (err: { status?: number; message?: string }, req, res, _next) => {
    if (err.status !== undefined && err.status >= 400 && err.status < 500) {
      res
        .status(err.status)
        .type('text/plain')
        .send(err.message ?? 'invalid request');
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (!res.headersSent) res.status(500).type('text/plain').send('the open-data test environment failed; see its log');
  };

export const createOpenDataSimulator = (options: OpenDataSimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('open-data-simulator');
  const faults = new OpenDataFaultBook();
  const requests = Object.fromEntries(openDataOperations.map((op) => [op, 0])) as Record<OpenDataOperation, number>;
  const app = express();
  app.disable('x-powered-by');
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', crimes: options.crimes.size });
  });
  app.use('/police/api', policeApiRoutes({ crimes: options.crimes, faults, logger, requests }));
  // BGS's hosts: the ArcGIS services (the Coal Authority's and BGS's geology) and the OGC API, under /bgs.
  app.use('/bgs', groundRoutes({ faults, logger, requests }));
  app.use('/_control', express.json({ limit: '64kb' }), openDataControlRoutes({ faults, requests, logger }));
  app.use((req, res) => {
    res.status(404).type('text/plain').send(`no route ${req.method} ${req.path}`);
  });
  app.use(errors(logger));
  return app;
};

export interface RunningOpenDataSimulator {
  port: number;
  url: string;
  server: Server;
  close(): Promise<void>;
}

export const startOpenDataSimulator = async (
  options: OpenDataSimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningOpenDataSimulator> => {
  const server = createOpenDataSimulator(options).listen(port, host);
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
