import { businessGateway } from '@pds/land-register';
import { createLogger, type Clock, type Logger } from '@pds/service-runtime';
import type { Express } from 'express';
import { simulatorApp } from '../simulator-kit/app';
import { listen, type RunningSimulator } from '../simulator-kit/listen';
import { registryControlRoutes } from './control-routes';
import { defaultRegistryCredentials } from './credentials';
import { registryFaultBook } from './faults';
import { restRoutes } from './rest';
import { OrderBook } from './orders';
import type { RegistryState } from './registry-state';
import { officialCopyHandler, officialCopyPollHandler } from './soap/official-copy-service';
import { outstandingRequestsHandler } from './soap/outstanding-requests-service';
import { registerExtractHandler, registerExtractPollHandler } from './soap/register-extract-service';
import { searchHandler, searchPollHandler } from './soap/search-service';
import { soapEndpoint, type SoapHandler } from './soap/soap-endpoint';

// The HM Land Registry test environment: Business Gateway's services at the paths of its test service
// (`https://bgtest.landregistry.gov.uk`), so that a client written for Business Gateway is pointed at this root
// instead and works unchanged, and test controls at /_control (control-routes.ts). main.ts runs it as a process;
// tests start it in theirs with their own clock.

export interface RegistrySimulatorOptions {
  /** Business time. */
  clock: Clock;
  /** Real time from acceptance to completion (default 1000 ms). */
  fulfilmentDelayMs?: number;
  /** The user it accepts (default the pack's vendor test user). */
  credentials?: { username: string; password: string };
  logger?: Logger;
}

export { defaultRegistryCredentials };

const soapServices = (state: RegistryState): [businessGateway.SoapService, SoapHandler][] => [
  [businessGateway.searchByPropertyDescription, searchHandler(state)],
  [businessGateway.searchByPropertyDescriptionPoll, searchPollHandler(state)],
  [businessGateway.officialCopyTitleKnown, officialCopyHandler(state)],
  [businessGateway.officialCopyTitleKnownPoll, officialCopyPollHandler(state)],
  [businessGateway.officialCopyWithSummary, registerExtractHandler(state)],
  [businessGateway.officialCopyWithSummaryPoll, registerExtractPollHandler(state)],
  [businessGateway.outstandingRequests, outstandingRequestsHandler(state)],
];

export const createRegistrySimulator = (options: RegistrySimulatorOptions): Express => {
  const logger = options.logger ?? createLogger('registry-simulator');
  const state: RegistryState = {
    clock: options.clock,
    logger,
    faults: registryFaultBook(),
    orders: new OrderBook(),
    fulfilmentDelayMs: options.fulfilmentDelayMs ?? 1_000,
    credentials: options.credentials ?? defaultRegistryCredentials,
    searches: new Map(),
    queuedCopies: new Map(),
    postal: new Map(),
    collected: new Set(),
    vendorExtracts: new Map(),
  };
  return simulatorApp({
    logger,
    health: () => ({ environment: 'HM Land Registry Business Gateway test service' }),
    routes: (app) => {
      for (const [service, handle] of soapServices(state))
        app.use(businessGateway.soapPath('test', service), soapEndpoint(state, service, handle));
      app.use(restRoutes({ clock: state.clock, logger, faults: state.faults, accounts: [state.credentials] }));
    },
    control: registryControlRoutes(state),
    answers: {
      invalid: (res, status, { message }) => res.status(status).type('text/plain').send(message),
      notFound: (res, message) => res.status(404).type('text/plain').send(message),
      failed: (res) => res.status(500).type('text/plain').send('the registry test environment failed; see its log'),
    },
  });
};

/** The registry test environment serving; `url` is its root, as services take it in LAND_REGISTRY_URL. */
export type RunningRegistrySimulator = RunningSimulator;

/** Listens on `host` (loopback unless a container network needs more; port 0: any free port). */
export const startRegistrySimulator = async (
  options: RegistrySimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningRegistrySimulator> => listen(createRegistrySimulator(options), { port, host });
