import { join } from 'node:path';
import { portFromEnv, runSimulatorProcess } from '../simulator-kit/process';
import { EpcRegister } from './register';
import { startEpcSimulator } from './simulator';

// The EPC register test environment as a process: EPC_SIMULATOR_PORT (0 or absent: any free port, logged),
// EPC_API_TOKEN (the bearer token it accepts; required), EPC_REGISTER_FILE (the certificates it serves; default the demo
// region's synthetic register), LOG_LEVEL. Logs are JSON lines on stdout.

const defaultRegister = join(__dirname, '..', '..', '..', 'services', 'location', 'demo-data', 'SYNTHETIC_epc_register_RG30_RG31.json.gz');

runSimulatorProcess('epc-simulator', 'EPC register simulator', async (logger) => {
  const token = process.env.EPC_API_TOKEN;
  if (!token) throw new Error('EPC_API_TOKEN must be set: the bearer token the test environment accepts');
  const port = portFromEnv('EPC_SIMULATOR_PORT');
  const file = process.env.EPC_REGISTER_FILE ?? defaultRegister;
  const register = EpcRegister.fromFile(file);
  const running = await startEpcSimulator({ register, token, logger }, port, process.env.EPC_SIMULATOR_HOST ?? '127.0.0.1');
  return { running, serving: { certificates: register.size, file } };
});
