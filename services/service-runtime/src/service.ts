import { partitionsPerTopic, serviceNames, topicsFor, type ServiceName, type Topics } from '@pds/contracts';
import { clockFromEnv, type Clock } from './clock';
import { loadRuntimeConfig, type RuntimeConfig } from './config';
import { PostgresEventStore } from './event-store/postgres';
import { answersWithin, untilDatabaseAnswers } from './postgres-pool';
import { untilAvailable } from './until-available';
import { KafkaBus } from './messaging/bus';
import { exitWhenDeaf } from './messaging/deaf-watchdog';
import { createLogger, type Logger } from './observability/logger';
import { initMetrics, shutdownMetrics, startMetricsServer } from './observability/metrics';
import { initTracing, shutdownTracing } from './observability/tracing';

export interface ServiceRuntime {
  service: ServiceName;
  config: RuntimeConfig;
  logger: Logger;
  bus: KafkaBus;
  topics: Topics;
  store: PostgresEventStore;
  /** Business time (see `Clock`). */
  clock: Clock;
  /** Whether the database answers within a second now (a Ping's readiness; see `serveCommands`). */
  databaseAnswers(): Promise<boolean>;
  /** Registers cleanup to run, last registered first, when the process is asked to stop. */
  onShutdown(cleanup: () => Promise<unknown>): void;
}

const databaseCheckTimeoutMs = 1_000;

/** Connects a service to Kafka and the event store, creates the command topics, and stops cleanly on SIGTERM/SIGINT. */
export const bootService = async (service: ServiceName): Promise<ServiceRuntime> => {
  initTracing(service);
  const config = loadRuntimeConfig(service);
  const logger = createLogger(service, config.logLevel);
  const bus = new KafkaBus(config.kafkaBrokers, config.instanceId, logger);
  const topics = topicsFor(config.namespace);
  const store = PostgresEventStore.connect(config.databaseUrl, 10, logger);
  const cleanups: Array<() => Promise<unknown>> = [
    async () => store.close(),
    async () => bus.disconnect(),
    shutdownTracing,
    shutdownMetrics,
  ];

  // A dependency away at start is waited for, as one lost later is: the service reports itself unhealthy meanwhile.
  await untilAvailable('Kafka', () => bus.connect(), logger);
  await untilAvailable('Kafka topics', () => bus.ensureTopics(serviceNames.map(topics.commands), partitionsPerTopic), logger);
  await untilDatabaseAnswers(store.pool, logger);
  const stopWatching = exitWhenDeaf(bus, logger);
  cleanups.push(async () => stopWatching());
  initMetrics(service);
  if (config.metrics) {
    const served = await startMetricsServer(config.metrics, logger);
    cleanups.push(served.close);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    for (const cleanup of [...cleanups].reverse()) {
      await cleanup().catch((err: unknown) => logger.warn({ err }, 'cleanup failed'));
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

  const databaseAnswers = () => answersWithin(store.pool, databaseCheckTimeoutMs);
  return { service, config, logger, bus, topics, store, clock: clockFromEnv(), databaseAnswers, onShutdown: (c) => cleanups.push(c) };
};
