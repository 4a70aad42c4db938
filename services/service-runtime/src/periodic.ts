import type { Logger } from './observability/logger';

/**
 * Runs `task` every `intervalMs`, one run at a time (a slow run delays the next rather than overlapping it). A failed
 * run is logged and the next one tries again; `stop` waits for the run in progress.
 */
export const runPeriodically = (name: string, intervalMs: number, task: (isStopping: () => boolean) => Promise<void>, logger: Logger) => {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const isStopping = () => stopped;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : task(isStopping))).catch((err: unknown) => logger.error({ err }, `${name} failed`));
  }, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
