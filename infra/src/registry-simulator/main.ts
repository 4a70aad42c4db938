import { clockFromEnv } from '@pds/service-runtime';
import { portFromEnv, runSimulatorProcess, wholeNumberFromEnv } from '../simulator-kit/process';
import { startRegistrySimulator } from './simulator';

// The registry test environment as a process: REGISTRY_PORT (0 or absent: any free port, logged),
// REGISTRY_FULFILMENT_DELAY_MS (real time from acceptance to completion, default 1000), PDS_CLOCK_FILE (business
// time, shared with the services), LOG_LEVEL. Logs are JSON lines on stdout.

runSimulatorProcess('registry-simulator', 'registry simulator', async (logger) => ({
  running: await startRegistrySimulator(
    {
      clock: clockFromEnv(),
      fulfilmentDelayMs: wholeNumberFromEnv('REGISTRY_FULFILMENT_DELAY_MS', 1_000, 3_600_000),
      logger,
    },
    portFromEnv('REGISTRY_PORT'),
    process.env.REGISTRY_HOST ?? '127.0.0.1',
  ),
}));
