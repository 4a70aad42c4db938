import { join } from 'node:path';
import { portFromEnv, runSimulatorProcess } from '../simulator-kit/process';
import { CrimeStore } from './police/crimes';
import { startOpenDataSimulator } from './simulator';

// The open-data test environment as a process: OPEN_DATA_SIMULATOR_PORT (0 or absent: any free port, logged),
// POLICE_SIMULATOR_FILES (comma-separated street-level CSVs it serves; default the demo's two real West Yorkshire
// months), LOG_LEVEL. Logs are JSON lines on stdout.

const demoData = join(__dirname, '..', '..', '..', 'services', 'location', 'demo-data');
const defaultCrimeFiles = ['2016-07-west-yorkshire-street.csv.gz', '2017-07-west-yorkshire-street.csv.gz'].map((f) => join(demoData, f));

runSimulatorProcess('open-data-simulator', 'open-data simulator', async (logger) => {
  const port = portFromEnv('OPEN_DATA_SIMULATOR_PORT');
  const files = process.env.POLICE_SIMULATOR_FILES?.split(',').filter(Boolean) ?? defaultCrimeFiles;
  const crimes = CrimeStore.fromFiles(files);
  const running = await startOpenDataSimulator({ crimes, logger }, port, process.env.OPEN_DATA_SIMULATOR_HOST ?? '127.0.0.1');
  return { running, serving: { crimes: crimes.size, files } };
});
