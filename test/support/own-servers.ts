import { launchKafka, startDurablePostgres, type LaunchedKafka, type RunningPostgres } from '@pds/infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { testServers } from './environment';
import { freePort } from './stack';

/**
 * A PostgreSQL server and a Kafka broker of a test file's own (the shared ones serve the other files), which the file
 * may kill with SIGKILL and start again on their data. The database is durable, as `npm start` runs it: a throwaway
 * cluster loses its last commits to a SIGKILL.
 */
export const ownServers = () => {
  const work = mkdtempSync(join(testServers().workDir, 'own-servers-'));
  chmodSync(work, 0o755); // the postgres user must reach its data directory inside
  let ports: { pg: number; kafka: number } | undefined;
  let postgres: RunningPostgres | undefined;
  let kafka: LaunchedKafka | undefined;
  const portsOf = async () => (ports ??= { pg: await freePort(), kafka: await freePort() });
  const up = <T>(server: T | undefined, what: string): T => {
    if (!server) throw new Error(`${what} is not running`);
    return server;
  };
  return {
    startPostgres: async () => {
      postgres = await startDurablePostgres(join(work, 'postgres'), (await portsOf()).pg, undefined, join(work, 'postgresql.log'));
    },
    startBroker: async () => {
      kafka = await launchKafka(join(work, 'kafka'), (await portsOf()).kafka, join(work, 'kafka.log'));
    },
    killPostgres: () => process.kill(up(postgres, 'PostgreSQL').pid, 'SIGKILL'),
    killBroker: () => process.kill(up(kafka, 'Kafka').pid, 'SIGKILL'),
    servers: () => ({ adminUrl: up(postgres, 'PostgreSQL').adminUrl, kafkaBrokers: up(kafka, 'Kafka').brokers }),
    /** Stops both, whatever became of either, and removes their data. */
    stop: async () => {
      await kafka?.stop().catch(() => undefined);
      await postgres?.stop().catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    },
  };
};
