import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../stack';

/**
 * How long jest may stay alive once it has written its results. It writes them after its last test; what keeps it
 * alive after that is a handle a test left open (a load still calling, a timer), which would otherwise hold the run
 * until CI's own limit and turn whatever the tests said into a timeout.
 */
const lingerLimitMs = 60_000;
const pollMs = 1_000;

export interface JestRun {
  /** jest's exit code; 1 when it outlived its results by `lingerLimitMs` and was stopped (said as it happens). */
  status: number;
}

/** Runs jest in band over the repository, writing its results (JSON) to `resultsFile`. */
export const runJest = (args: string[], resultsFile: string, env: NodeJS.ProcessEnv, say: (line: string) => void) =>
  new Promise<JestRun>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', '--json', `--outputFile=${resultsFile}`, ...args],
      // In a process group of its own, so that stopping it stops what its tests started (a stack's services) too.
      { cwd: repoRoot, stdio: 'inherit', env, detached: true },
    );
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // Already gone.
      }
    };
    // Out of the terminal's process group, jest no longer gets its Ctrl-C by itself: it is passed on.
    const passOn = (signal: NodeJS.Signals) => signalGroup(signal);
    process.on('SIGINT', passOn);
    process.on('SIGTERM', passOn);
    let lingered: string | undefined;
    let resultsAt: number | undefined;
    const watch = setInterval(() => {
      if (resultsAt === undefined) {
        if (existsSync(resultsFile)) resultsAt = Date.now();
        return;
      }
      if (Date.now() - resultsAt < lingerLimitMs || lingered) return;
      lingered = `jest was still running ${lingerLimitMs / 1000} s after its last test: a test left a handle open (see jest's note above)`;
      say(`${lingered}; stopping it`);
      signalGroup('SIGKILL');
    }, pollMs);
    const done = () => {
      clearInterval(watch);
      process.off('SIGINT', passOn);
      process.off('SIGTERM', passOn);
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('exit', (code) => {
      done();
      // A run that passed but had to be stopped fails: left alone, it would never have ended.
      resolve({ status: lingered ? 1 : (code ?? 1) });
    });
  });
