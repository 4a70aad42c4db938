import { createLogger } from '@pds/service-runtime';
import { join } from 'node:path';
import { EpcRegister } from './register';
import { startEpcSimulator } from './simulator';

// The EPC register test environment as a process: EPC_SIMULATOR_PORT (0 or absent: any free port, logged),
// EPC_API_TOKEN (the bearer token it accepts; required), EPC_REGISTER_FILE (the certificates it serves; default the demo
// region's synthetic register), LOG_LEVEL. Logs are JSON lines on stdout.

const defaultRegister = join(__dirname, '..', '..', '..', 'services', 'location', 'demo-data', 'SYNTHETIC_epc_register_RG30_RG31.json.gz');

const main = async () => {
  const logger = createLogger('epc-simulator');
  const token = process.env.EPC_API_TOKEN;
  if (!token) throw new Error('EPC_API_TOKEN must be set: the bearer token the test environment accepts');
  const port = Number(process.env.EPC_SIMULATOR_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('EPC_SIMULATOR_PORT must be a port number');
  const file = process.env.EPC_REGISTER_FILE ?? defaultRegister;
  const register = EpcRegister.fromFile(file);
  const running = await startEpcSimulator({ register, token, logger }, port, process.env.EPC_SIMULATOR_HOST ?? '127.0.0.1');
  logger.info({ port: running.port, url: running.url, certificates: register.size, file }, 'EPC register simulator ready');
  const stop = (signal: string) => {
    logger.info({ signal }, 'stopping');
    void running.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

main().catch((err: unknown) => {
  console.error('epc-simulator failed to start', err);
  process.exit(1);
});
