import { clockFromEnv, createLogger } from '@pds/service-runtime';
import { startRegistrySimulator } from './simulator';

// The registry test environment as a process: REGISTRY_PORT (0 or absent: any free port, logged),
// REGISTRY_FULFILMENT_DELAY_MS (real time from acceptance to completion, default 1000), PDS_CLOCK_FILE (business
// time, shared with the services), LOG_LEVEL. Logs are JSON lines on stdout.

const wholeNumberFromEnv = (name: string, fallback: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}`);
  return value;
};

const main = async () => {
  const logger = createLogger('registry-simulator');
  const running = await startRegistrySimulator(
    {
      clock: clockFromEnv(),
      fulfilmentDelayMs: wholeNumberFromEnv('REGISTRY_FULFILMENT_DELAY_MS', 1_000, 3_600_000),
      logger,
    },
    wholeNumberFromEnv('REGISTRY_PORT', 0, 65_535),
    process.env.REGISTRY_HOST ?? '127.0.0.1',
  );
  logger.info({ port: running.port, url: running.url }, 'registry simulator ready');
  const stop = (signal: string) => {
    logger.info({ signal }, 'stopping');
    void running.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

main().catch((err: unknown) => {
  console.error('registry-simulator failed to start', err);
  process.exit(1);
});
