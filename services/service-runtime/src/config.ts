import { z } from '@pds/contracts';
import { randomUUID } from 'node:crypto';

const MetricsEnv = z.object({
  /** Where `GET /metrics` is served; unset, it is not. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

const Env = MetricsEnv.extend({
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9092'),
  DATABASE_URL: z.string().min(1),
  TOPIC_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,40}$/)
    .default('pds'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,60}$/)
    .optional(),
});

export interface RuntimeConfig {
  kafkaBrokers: string[];
  databaseUrl: string;
  namespace: string;
  logLevel: string;
  instanceId: string;
  metrics?: { port: number; host: string };
}

const problemsOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/** Where a process serves `GET /metrics` (`METRICS_PORT`, `METRICS_HOST`); undefined when it does not. */
export const metricsEndpointFrom = (env: NodeJS.ProcessEnv = process.env): { port: number; host: string } | undefined => {
  const parsed = MetricsEnv.safeParse(env);
  if (!parsed.success) throw new Error(`invalid configuration: ${problemsOf(parsed.error)}`);
  const { METRICS_PORT: port, METRICS_HOST: host } = parsed.data;
  return port === undefined ? undefined : { port, host };
};

/** Reads the settings every service shares from the environment, failing fast with the name of what is wrong. */
export const loadRuntimeConfig = (service: string, env: NodeJS.ProcessEnv = process.env): RuntimeConfig => {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(`${service}: invalid configuration: ${problemsOf(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    kafkaBrokers: e.KAFKA_BROKERS.split(',').map((b) => b.trim()),
    databaseUrl: e.DATABASE_URL,
    namespace: e.TOPIC_NAMESPACE,
    logLevel: e.LOG_LEVEL,
    instanceId: e.INSTANCE_ID ?? `${service}-${randomUUID().slice(0, 8)}`,
    ...(e.METRICS_PORT !== undefined ? { metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST } } : {}),
  };
};

/** A whole number from the environment within [min, max], or the default; bounded so that a typo cannot disable a limit. */
const envWhole = (name: string, fallback: number, min: number, max: number, unit: string, env: NodeJS.ProcessEnv): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${min}..${max}${unit}`);
  return value;
};

/** A positive whole number of milliseconds from the environment, or the default. */
export const envMs = (name: string, defaultMs: number, env: NodeJS.ProcessEnv = process.env): number =>
  envWhole(name, defaultMs, 1, 3_600_000, ' ms', env);

/**
 * How many answers the reading services (analysis, location) handle at once in each of their partitions
 * (`ANSWERS_AT_ONCE_PER_PARTITION`, 1 to 64; 1 keeps each partition in order): see `answersAtOncePerPartition` of
 * `serveCommands`. Four partitions of four: sixteen at once, most of them waiting on the database or another service.
 */
export const answersAtOncePerPartition = (env: NodeJS.ProcessEnv = process.env): number =>
  envWhole('ANSWERS_AT_ONCE_PER_PARTITION', 4, 1, 64, '', env);
