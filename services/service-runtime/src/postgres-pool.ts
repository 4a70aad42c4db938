import pg from 'pg';
import type { Logger } from './observability/logger';
import { untilAvailable } from './until-available';

/**
 * A connection that has not connected in this long counts as failed: while the server is away, a call that needs it
 * is answered "unavailable" in seconds instead of waiting for the operating system's TCP timeout.
 */
const connectTimeoutMs = 5_000;

/**
 * Every connection's server settings. No parallel query: PostgreSQL plans one when a statement's estimated cost passes
 * its thresholds, and PostGIS's functions are costed high, so a crime count over a 2 km circle (1,700 rows, 1 ms alone)
 * was planned with a worker process started for it, taking 15 ms and a fork's CPU. An API answering many small
 * statements at once on few cores is better served by each on one process (parallel index builds at import are
 * another setting, untouched).
 */
const serverSettings = '-c max_parallel_workers_per_gather=0';

/**
 * The connection string with the server settings added to any `options` it gives (pg takes a string's `options` over
 * the pool's, so they are joined there). A string that is not a URL (a socket directory) gets them from the pool.
 */
const withServerSettings = (connectionString: string): { connectionString: string; options?: string } => {
  if (!URL.canParse(connectionString)) return { connectionString, options: serverSettings };
  const url = new URL(connectionString);
  url.searchParams.set('options', [url.searchParams.get('options'), serverSettings].filter((o) => o).join(' '));
  return { connectionString: url.toString() };
};

/**
 * A pool whose connections' failures are handled. `pg` emits a lost connection as an `'error'` event, on the pool for
 * an idle one and on the client for one checked out between queries; with no listener that event ends the process.
 * Here each is logged, the broken connection leaves the pool, and the next use connects afresh, so a database restart
 * costs the calls made while it is away, not the process.
 */
export const createPool = (options: { connectionString: string; max: number; name: string }, logger: Logger): pg.Pool => {
  const pool = new pg.Pool({
    ...withServerSettings(options.connectionString),
    max: options.max,
    connectionTimeoutMillis: connectTimeoutMs,
  });
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
