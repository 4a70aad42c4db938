import { execFile, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { aptGetInstall } from '../apt';

/** Whether containers can run here, and when not, why (said to whoever asked for them, never silently skipped). */
export type DockerStatus = { available: true } | { available: false; reason: string };

const daemonStartTimeoutMs = 60_000;
const isRoot = () => process.getuid?.() === 0;
const onPath = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const canSudo = () => {
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The command as root: itself when this process is root, else through password-less sudo. */
export const asRoot = (args: string[]): [string, string[]] => {
  const [command, ...rest] = isRoot() ? args : ['sudo', '-n', ...args];
  return [command!, rest];
};

/** Runs the docker client; resolves with its output, rejects with its stderr. */
export const docker = (args: string[], options: { input?: string; timeoutMs?: number } = {}) =>
  new Promise<string>((resolve, reject) => {
    const child = execFile(
      'docker',
      args,
      { maxBuffer: 64 * 1024 * 1024, timeout: options.timeoutMs ?? 10 * 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`docker ${args.join(' ')}: ${stderr.trim() || error.message}`)) : resolve(stdout),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });

const daemonAnswers = async () => {
  try {
    await docker(['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 15_000 });
    return true;
  } catch {
    return false;
  }
};

/**
 * Makes a Docker daemon answer, as the tests make PostgreSQL: installs Debian's docker.io when `dockerd` is missing and
 * starts the daemon when it is not running (as root, or through password-less sudo), logging to `logFile`. Resolves
 * with why not when it cannot, for the caller to say so.
 */
export const ensureDockerDaemon = async (logFile: string, log: (line: string) => void = () => undefined): Promise<DockerStatus> => {
  if (onPath('docker') && (await daemonAnswers())) return { available: true };
  const privileged = isRoot() || canSudo();
  if (!onPath('dockerd')) {
    if (!privileged)
      return {
        available: false,
        reason: 'no Docker daemon answers, dockerd is not installed, and installing it needs root or password-less sudo',
      };
    try {
      aptGetInstall(['docker.io'], log);
    } catch (error) {
      return { available: false, reason: `docker.io could not be installed: ${(error as Error).message}` };
    }
  }
  if (!privileged) return { available: false, reason: 'no Docker daemon answers, and starting dockerd needs root or password-less sudo' };
  log(`starting the Docker daemon (dockerd, log ${logFile})...`);
  mkdirSync(dirname(logFile), { recursive: true });
  const out = openSync(logFile, 'a');
  // Its own session, detached: the daemon outlives this command, as a system service would.
  const [command, args] = asRoot(['dockerd']);
  spawn(command, args, { detached: true, stdio: ['ignore', out, out] }).unref();
  closeSync(out);
  const until = Date.now() + daemonStartTimeoutMs;
  while (Date.now() < until) {
    if (await daemonAnswers()) return { available: true };
    await new Promise((r) => setTimeout(r, 500));
  }
  return { available: false, reason: `dockerd started but did not answer within ${daemonStartTimeoutMs / 1000} s; see ${logFile}` };
};

export const imageExists = async (ref: string) => {
  try {
    await docker(['image', 'inspect', '--format', '{{.Id}}', ref], { timeoutMs: 30_000 });
    return true;
  } catch {
    return false;
  }
};

/** The Compose commands here, v2 first: `docker compose` when the plugin answers, `docker-compose` (v1) when installed. */
export const composeCommands = (): string[][] => {
  const answers = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { stdio: 'ignore', timeout: 15_000 });
      return true;
    } catch {
      return false;
    }
  };
  return [
    ...(answers('docker', ['compose', 'version']) ? [['docker', 'compose']] : []),
    ...(answers('docker-compose', ['version']) ? [['docker-compose']] : []),
  ];
};

export const debootstrapInstalled = () => onPath('debootstrap') || existsSync('/usr/sbin/debootstrap');
