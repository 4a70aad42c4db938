import { createLogger } from '@pds/service-runtime';
import { join } from 'node:path';
import { CrimeStore } from './police/crimes';
import { startOpenDataSimulator } from './simulator';

// The open-data test environment as a process: OPEN_DATA_SIMULATOR_PORT (0 or absent: any free port, logged),
// POLICE_SIMULATOR_FILES (comma-separated street-level CSVs it serves; default the demo's two real West Yorkshire
// months), LOG_LEVEL. Logs are JSON lines on stdout.

const demoData = join(__dirname, '..', '..', '..', 'services', 'location', 'demo-data');
const defaultCrimeFiles = ['2016-07-west-yorkshire-street.csv.gz', '2017-07-west-yorkshire-street.csv.gz'].map((f) => join(demoData, f));

const main = async () => {
  const logger = createLogger('open-data-simulator');
  const port = Number(process.env.OPEN_DATA_SIMULATOR_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('OPEN_DATA_SIMULATOR_PORT must be a port number');
  const files = process.env.POLICE_SIMULATOR_FILES?.split(',').filter(Boolean) ?? defaultCrimeFiles;
  const crimes = CrimeStore.fromFiles(files);
  const running = await startOpenDataSimulator({ crimes, logger }, port, process.env.OPEN_DATA_SIMULATOR_HOST ?? '127.0.0.1');
  logger.info({ port: running.port, url: running.url, crimes: crimes.size, files }, 'open-data simulator ready');
  const stop = (signal: string) => {
    logger.info({ signal }, 'stopping');
    void running.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

main().catch((err: unknown) => {
  console.error('open-data-simulator failed to start', err);
  process.exit(1);
});
