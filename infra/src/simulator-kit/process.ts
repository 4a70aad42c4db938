import { createLogger, type Logger } from '@pds/service-runtime';
import type { RunningSimulator } from './listen';

// A test environment as a process (the stack starts each so): JSON log lines on stdout, one line when it is ready,
// a clean close on SIGTERM or SIGINT, and a non-zero exit with the reason when it cannot start.

/** A whole number from 0 to `max` from the environment, or `fallback` when unset or empty. */
export const wholeNumberFromEnv = (name: string, fallback: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}`);
  return value;
};

/** The port to listen on from `name` (0 or unset: any free port, logged when ready). */
export const portFromEnv = (name: string): number => wholeNumberFromEnv(name, 0, 65_535);

export interface StartedSimulator {
  running: RunningSimulator;
  /** What the ready line says beside the port and URL (what it serves). */
  serving?: Record<string, unknown>;
}

/** Starts the environment `name` (its logger's name too); `title` names it in the ready line. */
export const runSimulatorProcess = (name: string, title: string, start: (logger: Logger) => Promise<StartedSimulator>): void => {
  const main = async () => {
    const logger = createLogger(name);
    const { running, serving } = await start(logger);
    logger.info({ port: running.port, url: running.url, ...serving }, `${title} ready`);
    const stop = (signal: string) => {
      logger.info({ signal }, 'stopping');
      void running.close().finally(() => process.exit(0));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  };
  main().catch((err: unknown) => {
    console.error(`${name} failed to start`, err);
    process.exit(1);
  });
};
