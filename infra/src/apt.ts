import { execFileSync } from 'node:child_process';

/** Long enough for a slow mirror to deliver Chromium (~100 MB with its libraries); a hung download is then an error. */
const aptTimeoutMs = 15 * 60_000;
let listsUpdated = false;

/**
 * Installs Debian packages with apt-get (through sudo unless root), updating the package lists once per process
 * first: a fresh machine has none, and without them apt-get finds no package at all.
 */
export const aptGetInstall = (packages: string[], log: (line: string) => void = () => undefined) => {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    execFileSync(command!, rest, { stdio: 'inherit', timeout: aptTimeoutMs, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  log(`installing ${packages.join(', ')} from Debian packages (apt-get install)...`);
  if (!listsUpdated) run(['update', '-qq']);
  listsUpdated = true;
  run(['install', '-y', '-qq', ...packages]);
};
