import { Ping, serviceNames } from '@pds/contracts';
import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';

const pingTimeoutMs = 2_000;

/** The check's answer, or false when it has none within `timeoutMs`: what cannot say it is up in time counts as down. */
const answeredWithin = (check: Promise<boolean>, timeoutMs: number) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
};

/**
 * 200 only when Kafka, the event store and every service answer. Each service is asked over Kafka on its command
 * topic, so a service that is up but not consuming counts as down. Every check is bounded by the same 2 s, so that
 * while Kafka restarts the answer says so at once rather than after the client's retries.
 */
export const healthRoutes = (deps: GatewayDeps) => {
  // One broker check at a time: with the broker away the client retries for many seconds, and a caller polling
  // /healthz would otherwise pile them up.
  let kafkaCheck: Promise<boolean> | undefined;
  const kafkaHealthy = () => (kafkaCheck ??= deps.bus.healthy().finally(() => (kafkaCheck = undefined)));
  return Router().get('/healthz', async (_req, res) => {
    const ctx = { correlationId: randomUUID(), actor: 'gateway:healthz' };
    const checks: Record<string, string> = {};
    const [kafka, store, ...services] = await Promise.all([
      answeredWithin(kafkaHealthy(), pingTimeoutMs),
      answeredWithin(
        deps.db.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        pingTimeoutMs,
      ),
      ...serviceNames
        .filter((s) => s !== 'gateway')
        .map((s) =>
          deps.rpc.request(Ping, deps.topics.commands(s), randomUUID(), {}, ctx, { timeoutMs: pingTimeoutMs }).then(
            (r) => [s, r.ok] as const,
            () => [s, false] as const,
          ),
        ),
    ]);
    checks.kafka = kafka ? 'ok' : 'down';
    checks.eventStore = store ? 'ok' : 'down';
    checks.gateway = 'ok';
    for (const [service, ok] of services) checks[service] = ok ? 'ok' : 'down';
    const healthy = Object.values(checks).every((c) => c === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', checks });
  });
};
