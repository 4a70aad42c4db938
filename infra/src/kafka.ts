import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(__dirname, '..', 'kafka', 'kafka.sh');

export interface RunningKafka {
  brokers: string;
  stop(): void;
}

/** Fetches (once) and starts the single-node KRaft broker from infra/kafka, on loopback `port`. */
export const startKafka = (dataDir: string, port: number): RunningKafka => {
  execFileSync(script, ['start', dataDir, String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { brokers: `127.0.0.1:${port}`, stop: () => stopKafka(dataDir) };
};

export const stopKafka = (dataDir: string) => execFileSync(script, ['stop', dataDir], { stdio: 'inherit' });
