import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { aptGetInstall } from './apt';
import type { ExitStatus, RunningProcess } from './supervision/supervisor';

export interface RunningPostgres extends RunningProcess {
  /** URL of the `postgres` maintenance database; create per-stack databases from it. */
  adminUrl: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

const waitUntilAccepting = async (url: string, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw new Error(`PostgreSQL did not accept connections: ${(error as Error).message}`, { cause: error });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
};

/**
 * The newest Debian PostgreSQL server's bin directory, with PostGIS for its version: installs the `postgresql` package
 * and `postgresql-<major>-postgis-3` when missing (reference data is spatial: boundaries, radius searches).
 */
export const debianPostgresBin = (log: (line: string) => void = () => undefined): string => {
  const root = '/usr/lib/postgresql';
  const find = () =>
    existsSync(root)
      ? readdirSync(root)
          .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
          .sort((a, b) => Number(b) - Number(a))[0]
      : undefined;
  let version = find();
  if (!version) {
    aptGetInstall(['postgresql'], log);
    version = find();
    if (!version) throw new Error('PostgreSQL server not found after installing the postgresql package');
  }
  if (!existsSync(`/usr/share/postgresql/${version}/extension/postgis.control`)) {
    aptGetInstall([`postgresql-${version}-postgis-3`], log);
    if (!existsSync(`/usr/share/postgresql/${version}/extension/postgis.control`)) {
      throw new Error(`PostGIS not found for PostgreSQL ${version} after installing postgresql-${version}-postgis-3`);
    }
  }
  return join(root, version, 'bin');
};

const ensurePostgresUser = () => {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'inherit' });
  }
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
};

/**
 * Runs PostgreSQL from `binDir` with its cluster in `dataDir`, on loopback `port` only, with trust authentication
 * (nothing off this machine can reach it). PostgreSQL refuses to run as root, so as root it runs as `postgres`: the
 * postmaster is this process's child either way, so its pid and exit are this process's to see. A `throwaway` cluster
 * (tests, benchmarks) trades durability for speed. With `logFile`, the server's log is appended there; `settings` are
 * added to a new cluster's configuration (a benchmark's `shared_preload_libraries`, say).
 */
const startPostgresServer = async (
  binDir: string,
  dataDir: string,
  port: number,
  throwaway: boolean,
  logFile?: string,
  extraSettings: readonly string[] = [],
): Promise<RunningPostgres> => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const user = isRoot() ? ensurePostgresUser() : undefined;
  if (user) chownSync(dataDir, user.uid, user.gid);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const initdbArgs = ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'];
    execFileSync(join(binDir, 'initdb'), initdbArgs, { stdio: ['ignore', 'ignore', 'inherit'], ...user });
    const settings = ['max_connections = 300', "unix_socket_directories = ''"];
    if (throwaway) settings.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
    settings.push(...extraSettings);
    appendFileSync(join(dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  }
  const args = ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1'];
  // Its own process group: a Ctrl-C in the terminal reaches the launcher, which stops the services first.
  const child = spawn(join(binDir, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...user });
  const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  if (logFile) mkdirSync(dirname(logFile), { recursive: true });
  const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
    log?.write(d);
  });
  child.once('close', () => log?.end());
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(adminUrl, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return {
    adminUrl,
    pid: child.pid ?? 0,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
};

/** A throwaway cluster of Debian's PostgreSQL (tests, CI, benchmarks); installs the packages when missing. */
export const startDebianPostgres = (
  dataDir: string,
  port: number,
  log: (line: string) => void = () => undefined,
  logFile?: string,
  settings: readonly string[] = [],
) => startPostgresServer(debianPostgresBin(log), dataDir, port, true, logFile, settings);

/** A durable cluster of Debian's PostgreSQL with PostGIS (`npm start`); installs the packages when missing. */
export const startDurablePostgres = (
  dataDir: string,
  port: number,
  log: (line: string) => void = () => undefined,
  logFile?: string,
  settings: readonly string[] = [],
) => startPostgresServer(debianPostgresBin(log), dataDir, port, false, logFile, settings);
