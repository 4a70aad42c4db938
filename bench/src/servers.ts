import { createDatabase, ServiceStack, startDebianPostgres, startDurablePostgres, startKafka, type RunningPostgres } from '@pds/infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Kafka and PostgreSQL for a benchmark run: the given ones (KAFKA_BROKERS, DATABASE_ADMIN_URL) or ones of its own, on
 * ports below Linux's ephemeral range (an outgoing connection's local end can take one in it, then a restart fails).
 * Its own PostgreSQL is durable (every commit flushed to disk before it is acknowledged, as `npm start` runs it) when
 * `durable`, and otherwise a throwaway cluster without flushes, as the tests use. With `statements`, it counts what each
 * statement costs (pg_stat_statements, read with `statementCosts`).
 */
export const benchServers = async (log: (line: string) => void, options: { durable?: boolean; statements?: boolean } = {}) => {
  const work = mkdtempSync(join(tmpdir(), 'pds-bench-'));
  chmodSync(work, 0o755);
  let postgres: RunningPostgres | undefined;
  let adminUrl = process.env.DATABASE_ADMIN_URL;
  if (!adminUrl) {
    const start = options.durable ? startDurablePostgres : startDebianPostgres;
    const settings = options.statements ? ["shared_preload_libraries = 'pg_stat_statements'", 'pg_stat_statements.track = all'] : [];
    postgres = await start(join(work, 'postgres'), Number(process.env.BENCH_PG_PORT ?? 25532), log, undefined, settings);
    adminUrl = postgres.adminUrl;
  }
  let stopKafka = () => undefined as void;
  let brokers = process.env.KAFKA_BROKERS;
  if (!brokers) {
    const kafka = startKafka(join(work, 'kafka'), Number(process.env.BENCH_KAFKA_PORT ?? 29192));
    brokers = kafka.brokers;
    stopKafka = () => kafka.stop();
  }
  const databaseUrl = await createDatabase(adminUrl, `bench_${Date.now()}`);
  return {
    work,
    brokers,
    databaseUrl,
    adminUrl,
    /** Stops what it started and removes its folder (a run's Kafka log, logs and PostgreSQL: a gigabyte or so). */
    stop: async () => {
      stopKafka();
      await postgres?.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
};

export { percentile } from './percentile';

/** Where the stack of a benchmark run writes each process's log (`<process>.log`). */
export const benchLogDir = (work: string) => join(work, 'logs');

/**
 * The five services on the bench's servers, logging warnings only (BENCH_LOG_LEVEL to see more), with `env` added to
 * their environment; the operator API's token is `bench-token`.
 */
export const startBenchStack = (servers: { work: string; brokers: string; databaseUrl: string }, env: Record<string, string> = {}) =>
  ServiceStack.start({
    databaseUrl: servers.databaseUrl,
    kafkaBrokers: servers.brokers,
    namespace: `bench-${Date.now()}`,
    port: 18380,
    adminPort: 18381,
    adminToken: 'bench-token',
    logDir: benchLogDir(servers.work),
    env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env },
  });
