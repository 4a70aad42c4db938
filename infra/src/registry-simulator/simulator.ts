import { createLogger, type Clock, type Logger } from '@pds/service-runtime';
import type { Express } from 'express';
import { simulatorApp } from '../simulator-kit/app';
import { listen, type RunningSimulator } from '../simulator-kit/listen';
import { refuseInvalid, registryControlRoutes } from './control-routes';
import { registryFaultBook } from './faults';
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

export const createRegistrySimulator = (options: RegistrySimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('registry-simulator');
  const state: RegistryState = {
    clock: options.clock,
    logger,
    faults: registryFaultBook(),
    orders: new OrderBook(),
    fulfilmentDelayMs: options.fulfilmentDelayMs ?? 1_000,
  };
  return simulatorApp({
    logger,
    jsonBodies: true,
    routes: (app) => app.use(registryBasePath, registryRoutes(state)),
    control: registryControlRoutes(state),
    // The registry's format, {code, message}; the body parser's refusals (not JSON, too large) are the caller's mistake.
    answers: {
      invalid: (res, status, { message, type }) =>
        refuseInvalid(res, status, type === 'entity.parse.failed' ? 'the body must be JSON' : message),
      notFound: (res, message) => res.status(404).json({ code: 'NOT_FOUND', message }),
      failed: (res) => res.status(500).json({ code: 'INTERNAL_ERROR', message: 'the registry test environment failed; see its log' }),
    },
  });
};

/** The registry test environment serving; `url` is the API's base URL, as services take it in LAND_REGISTRY_URL. */
export type RunningRegistrySimulator = RunningSimulator;

/** Listens on `host` (loopback unless a container network needs more; port 0: any free port). */
export const startRegistrySimulator = async (
  options: RegistrySimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningRegistrySimulator> => listen(createRegistrySimulator(options), { port, host, apiPath: registryBasePath });
