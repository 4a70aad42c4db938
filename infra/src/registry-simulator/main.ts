import { clockFromEnv } from '@pds/service-runtime';
import { portFromEnv, runSimulatorProcess, wholeNumberFromEnv } from '../simulator-kit/process';
import { defaultRegistryCredentials, startRegistrySimulator } from './simulator';

// The registry test environment as a process: REGISTRY_PORT (0 or absent: any free port, logged),
// REGISTRY_FULFILMENT_DELAY_MS (real time from acceptance to completion, default 1000), REGISTRY_USERNAME and
// REGISTRY_PASSWORD (the user it accepts; default the developer pack's vendor test user), PDS_CLOCK_FILE (business
// time, shared with the services), LOG_LEVEL. Logs are JSON lines on stdout.

runSimulatorProcess('registry-simulator', 'registry simulator', async (logger) => ({
  running: await startRegistrySimulator(
    {
      clock: clockFromEnv(),
      fulfilmentDelayMs: wholeNumberFromEnv('REGISTRY_FULFILMENT_DELAY_MS', 1_000, 3_600_000),
      credentials: {
        username: process.env.REGISTRY_USERNAME ?? defaultRegistryCredentials.username,
        password: process.env.REGISTRY_PASSWORD ?? defaultRegistryCredentials.password,
      },
      logger,
    },
    portFromEnv('REGISTRY_PORT'),
    process.env.REGISTRY_HOST ?? '127.0.0.1',
  ),
}));
