import { createLogger, type Logger } from '@pds/service-runtime';
import type { Express } from 'express';
import { simulatorApp } from '../simulator-kit/app';
import { controlRoutes } from '../simulator-kit/control-routes';
import { listen, type RunningSimulator } from '../simulator-kit/listen';
import { operationFaultBook, RequestCounts } from '../simulator-kit/operation-faults';
import { epcFaultOperations, epcFaultProblem } from './faults';
import type { EpcRegister } from './register';
import { epcApiRoutes, type EpcApiState } from './routes';

// The test environment of MHCLG's "Get energy performance of buildings data" API: the API at its documented paths
// (routes.ts), the test controls of every environment at /_control (simulator-kit/control-routes.ts: faults and
// request counts) and /health, over one register held in memory. main.ts runs it as a process (started by the stack,
// its URL given to the location service as EPC_API_URL); tests may start it in theirs.

export interface EpcSimulatorOptions {
  register: EpcRegister;
  /** The bearer token the API accepts. */
  token: string;
  logger?: Logger;
}

export const createEpcSimulator = (options: EpcSimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('epc-simulator');
  const state: EpcApiState = {
    register: options.register,
    faults: operationFaultBook(),
    token: options.token,
    logger,
    requests: new RequestCounts(epcFaultOperations),
  };
  return simulatorApp({
    logger,
    jsonBodies: true,
    health: () => ({ certificates: state.register.size }),
    routes: (app) => app.use(epcApiRoutes(state)),
    control: controlRoutes({ faults: state.faults, problemOf: epcFaultProblem, logger, requests: state.requests }),
    // The register's own formats: {"error": …} for a refusal, {"errors": [{"code": …}]} for its failure.
    answers: {
      invalid: (res, status, { message }) => res.status(status).json({ error: message }),
      notFound: (res, message) => res.status(404).json({ error: message }),
      failed: (res) => res.status(500).json({ errors: [{ code: 'the EPC register test environment failed; see its log' }] }),
    },
  });
};

/** The EPC register test environment serving; `url` is the API root, as the location service takes it in EPC_API_URL. */
export type RunningEpcSimulator = RunningSimulator;

export const startEpcSimulator = async (options: EpcSimulatorOptions, port = 0, host = '127.0.0.1'): Promise<RunningEpcSimulator> =>
  listen(createEpcSimulator(options), { port, host });
