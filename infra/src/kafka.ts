import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import type { ExitStatus, RunningProcess } from './supervision/supervisor';

const script = join(__dirname, '..', 'kafka', 'kafka.sh');

export interface RunningKafka {
  brokers: string;
  stop(): void;
}

/** Fetches (once) and starts the single-node KRaft broker from infra/kafka, on loopback `port`. */
export const startKafka = (dataDir: string, port: number): RunningKafka => {
  execFileSync(script, ['start', dataDir, String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { brokers: `127.0.0.1:${port}`, stop: () => stopKafka(dataDir) };
};

export const stopKafka = (dataDir: string) => execFileSync(script, ['stop', dataDir], { stdio: 'inherit' });

export interface LaunchedKafka extends RunningProcess {
  brokers: string;
  /** Asks the broker to stop (SIGTERM), and kills it when it has not within 30 s. */
  stop(): Promise<void>;
}

const kafkaReadyTimeoutMs = 90_000;
const kafkaStopGraceMs = 30_000;
const portProbeIntervalMs = 500;

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

/**
 * Like `startKafka`, but the broker is this process's child (`kafka.sh run`, in its own session so that a terminal
 * Ctrl-C does not reach it), so that a supervisor sees it exit and how. Resolves once it listens on `port`, with its
 * output appended to `logFile`. Stop it with its `stop`, not `stopKafka`: that one waits for the pid to disappear,
 * which a child of a process blocked waiting for it never does (nobody reaps it).
 */
export const launchKafka = async (dataDir: string, port: number, logFile: string): Promise<LaunchedKafka> => {
  // Else the port would answer for another process while this broker fails on it.
  if (await portOpen(port)) throw new Error(`127.0.0.1:${port} is taken (a broker left running? kafka.sh stop ${dataDir})`);
  execFileSync(script, ['fetch'], { stdio: ['ignore', 'ignore', 'inherit'] });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(dirname(logFile), { recursive: true });
  const out = openSync(logFile, 'a');
  const child = spawn(script, ['run', dataDir, String(port)], { detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  let ended: ExitStatus | null = null;
  const exited = new Promise<ExitStatus>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve(ended);
    }),
  );
  const until = Date.now() + kafkaReadyTimeoutMs;
  while (!(await portOpen(port))) {
    if (ended) throw new Error(`Kafka broker exited before listening on ${port}; see ${logFile}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`Kafka broker not listening on ${port} after ${kafkaReadyTimeoutMs} ms; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, portProbeIntervalMs));
  }
  const stop = async () => {
    if (!ended) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), kafkaStopGraceMs);
      await exited;
      clearTimeout(timer);
    }
    rmSync(join(dataDir, 'broker.pid'), { force: true });
  };
  return { brokers: `127.0.0.1:${port}`, pid: child.pid ?? 0, exited, stop };
};
