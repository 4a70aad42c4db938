import { Ping, serviceNames } from '@pds/contracts';
import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';

const pingTimeoutMs = 2_000;

/**
 * 200 only when Kafka, the event store and every service answer. Each service is asked over Kafka on its command
 * topic, so a service that is up but not consuming counts as down.
 */
export const healthRoutes = (deps: GatewayDeps) =>
  Router().get('/healthz', async (_req, res) => {
    const ctx = { correlationId: randomUUID(), actor: 'gateway:healthz' };
    const checks: Record<string, string> = {};
    const [kafka, store, ...services] = await Promise.all([
      deps.bus.healthy(),
      deps.db.query('SELECT 1').then(() => true, () => false),
      ...serviceNames
        .filter((s) => s !== 'gateway')
        .map((s) =>
          deps.rpc
            .request(Ping, deps.topics.commands(s), randomUUID(), {}, ctx, { timeoutMs: pingTimeoutMs })
            .then((r) => [s, r.ok] as const, () => [s, false] as const),
        ),
    ]);
    checks.kafka = kafka ? 'ok' : 'down';
    checks.eventStore = store ? 'ok' : 'down';
    checks.gateway = 'ok';
    for (const [service, ok] of services) checks[service] = ok ? 'ok' : 'down';
    const healthy = Object.values(checks).every((c) => c === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', checks });
  });
