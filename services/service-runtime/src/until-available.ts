import type { Logger } from './observability/logger';

// Waiting for a dependency (the database, the broker) that is away: a service started while one is away, or a part of
// it started while one goes, waits for it instead of exiting, and says so now and then.

const backoffMinMs = 250;
const backoffMaxMs = 5_000;
/** While waiting, a line every so often says so (not one per attempt). */
const waitingReportMs = 30_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Doubling waits from a quarter of a second up to five seconds. */
export const backoffMs = (attempt: number) => Math.min(backoffMinMs * 2 ** Math.max(attempt - 1, 0), backoffMaxMs);

/**
 * Resolves once `attempt` succeeds, trying again with a backoff while it fails for want of `what`. A failure that
 * `awayWhen` does not take for the dependency being away (a refusal, a mistake in the settings) is thrown at once.
 */
export const untilAvailable = async <T>(
  what: string,
  attempt: () => Promise<T>,
  logger: Logger,
  awayWhen: (error: unknown) => boolean = () => true,
): Promise<T> => {
  let lastReportAt = 0;
  for (let n = 1; ; n++) {
    try {
      const value = await attempt();
      if (lastReportAt > 0) logger.info({ dependency: what }, `${what} available`);
      return value;
    } catch (err) {
      if (!awayWhen(err)) throw err;
      if (Date.now() - lastReportAt >= waitingReportMs) {
        logger.warn({ err, dependency: what }, `${what} not available; waiting for it`);
        lastReportAt = Date.now();
      }
      await sleep(backoffMs(n));
    }
  }
};
