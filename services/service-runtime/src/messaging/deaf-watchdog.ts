import { envMs } from '../config';
import type { Logger } from '../observability/logger';
import type { KafkaBus } from './bus';

/**
 * How long a process may stay unable to publish or to hear from its consumer groups while the broker answers, before
 * it exits for its supervisor to start it afresh. Its own recovery (a new member, a new producer) takes seconds; this is
 * for the state it cannot leave by itself, in which it would otherwise stay alive and deaf.
 */
const deafLimitMs = envMs('KAFKA_DEAF_EXIT_MS', 90_000);
const checkIntervalMs = 10_000;

/**
 * Exits the process (code 1) once the bus has been deaf for `deafLimitMs` while the broker has answered for as long. A
 * broker that is away is waited for however long it takes: an outage of a dependency never makes a service exit.
 */
export const exitWhenDeaf = (bus: KafkaBus, logger: Logger, exit: (code: number) => void = (code) => process.exit(code)) => {
  let answeringSince: number | undefined;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void bus
      .healthy()
      .then((answering) => {
        if (!answering) return void (answeringSince = undefined);
        answeringSince ??= Date.now();
        const deafForMs = bus.silentForMs();
        if (deafForMs > deafLimitMs && Date.now() - answeringSince > deafLimitMs) {
          logger.fatal({ deafForMs }, 'the broker answers but this process cannot use it; exiting for its supervisor to start it again');
          exit(1);
        }
      })
      .finally(() => (checking = false));
  }, checkIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
