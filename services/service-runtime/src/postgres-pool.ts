import pg from 'pg';
import type { Logger } from './observability/logger';
import { untilAvailable } from './until-available';

/**
 * A connection that has not connected in this long counts as failed: while the server is away, a call that needs it
 * is answered "unavailable" in seconds instead of waiting for the operating system's TCP timeout.
 */
const connectTimeoutMs = 5_000;

/**
 * A pool whose connections' failures are handled. `pg` emits a lost connection as an `'error'` event, on the pool for
 * an idle one and on the client for one checked out between queries; with no listener that event ends the process.
 * Here each is logged, the broken connection leaves the pool, and the next use connects afresh, so a database restart
 * costs the calls made while it is away, not the process.
 */
export const createPool = (options: { connectionString: string; max: number; name: string }, logger: Logger): pg.Pool => {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max, connectionTimeoutMillis: connectTimeoutMs });
  const lost = (err: Error) => logger.warn({ err, pool: options.name }, 'PostgreSQL connection lost; the next use connects again');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
};

// Class 08 is a connection exception; 57P01–57P03 the server shutting down, crashed, or not yet accepting.
const outageCodes = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const outageMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'terminating connection',
  'the database system is',
];

/** Whether an error says the database could not be reached (so the caller may retry), not that the request was wrong. */
export const isDatabaseOutage = (error: unknown): boolean => {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (e.code.startsWith('08') || outageCodes.has(e.code))) return true;
  if (typeof e.message === 'string' && outageMessages.some((m) => (e.message as string).includes(m))) return true;
  // Node reports a refused connection to every address of a name as an AggregateError of them.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseOutage)) return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseOutage(e.cause);
};

/** Waits until the pool's server answers a query. */
export const untilDatabaseAnswers = (pool: pg.Pool, logger: Logger) => untilAvailable('PostgreSQL', () => pool.query('SELECT 1'), logger);

/** Whether the pool's server answers a query within `timeoutMs` (a connection that hangs counts as no answer). */
export const answersWithin = (pool: pg.Pool, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  const answered = pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
};
