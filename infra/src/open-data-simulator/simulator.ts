import { createLogger, type Logger } from '@pds/service-runtime';
import type { Express } from 'express';
import { simulatorApp } from '../simulator-kit/app';
import { controlRoutes } from '../simulator-kit/control-routes';
import { listen, type RunningSimulator } from '../simulator-kit/listen';
import { operationFaultBook, RequestCounts } from '../simulator-kit/operation-faults';
import { openDataFaultProblem, openDataOperations, type OpenDataFaults } from './faults';
import { groundRoutes } from './ground/routes';
import type { CrimeStore } from './police/crimes';
import { policeApiRoutes } from './police/routes';

// The test environment of the open-data services behind Location Intelligence, each at its documented paths under a
// prefix of its own: the police.uk API at /police/api; BGS's map services (the Coal Authority's coal layers and BGS's
// geology as ArcGIS WMS, the landslide index as OGC API) at /bgs, over SYNTHETIC layers (ground/layers.ts). The test
// controls of every environment at /_control (simulator-kit/control-routes.ts: faults and request counts) and /health.
// main.ts runs it as a process (started by the stack, its URLs given to the location service); tests may start it in
// theirs.

export interface OpenDataSimulatorOptions {
  crimes: CrimeStore;
  logger?: Logger;
}

export const createOpenDataSimulator = (options: OpenDataSimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('open-data-simulator');
  const state: OpenDataFaults = { faults: operationFaultBook(), requests: new RequestCounts(openDataOperations), logger };
  return simulatorApp({
    logger,
    health: () => ({ crimes: options.crimes.size }),
    routes: (app) => {
      app.use('/police/api', policeApiRoutes({ ...state, crimes: options.crimes }));
      // BGS's hosts: the ArcGIS services (the Coal Authority's and BGS's geology) and the OGC API, under /bgs.
      app.use('/bgs', groundRoutes(state));
    },
    control: controlRoutes({ faults: state.faults, problemOf: openDataFaultProblem, logger, requests: state.requests }),
    // Plain text, as the upstreams' servers answer outside their APIs.
    answers: {
      invalid: (res, status, { message }) => res.status(status).type('text/plain').send(message),
      notFound: (res, message) => res.status(404).type('text/plain').send(message),
      failed: (res) => res.status(500).type('text/plain').send('the open-data test environment failed; see its log'),
    },
  });
};

/** The open-data test environment serving; `url` is its root (the police.uk API at /police/api, the map services at /bgs). */
export type RunningOpenDataSimulator = RunningSimulator;

export const startOpenDataSimulator = async (
  options: OpenDataSimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningOpenDataSimulator> => listen(createOpenDataSimulator(options), { port, host });
