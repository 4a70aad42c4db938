import { Ping, serviceNames, type readModels } from '@pds/contracts';
import { notInTime, within } from '@pds/service-runtime';
import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { GatewayDeps } from '../deps';
import { describeImport, importsUnderWay } from '../http/data-arriving';

const pingTimeoutMs = 2_000;

/**
 * The check's answer, or `otherwise` (false) when it has none within `timeoutMs`: what cannot say it is up in time
 * counts as down.
 */
const answeredWithin = async <T = boolean>(check: Promise<T>, timeoutMs: number, otherwise: T = false as T) => {
  const answer = await within(check, timeoutMs);
  return answer === notInTime ? otherwise : answer;
};

/** The imports under way as /healthz shows them; absent when they cannot be read (the event store check says why). */
const referenceDataOf = async (deps: GatewayDeps) => {
  const imports = await answeredWithin<readModels.ImportUnderWay[] | undefined>(
    importsUnderWay(deps.db).catch(() => undefined),
    pingTimeoutMs,
    undefined,
  );
  if (!imports) return undefined;
  return {
    // Loading while a first version is on its way: answers that need it say so (503) until it lands.
    status: imports.some((i) => i.first_version) ? 'loading' : 'ready',
    imports: imports.map((i) => ({
      dataset: i.dataset,
      state: i.state,
      firstVersion: i.first_version,
      percentDone: i.fraction_done === null ? null : Math.floor(i.fraction_done * 100),
      rowsRead: i.rows_read,
      since: i.since.toISOString(),
      requestedBy: i.requested_by,
      summary: describeImport(i),
    })),
  };
};

/**
 * 200 only when Kafka, the event store and every service answer. Each service is asked over Kafka on its command
 * topic, so a service that is up but not consuming counts as down. Every check is bounded by the same 2 s, so that
 * while Kafka restarts the answer says so at once rather than after the client's retries. `referenceData` says which
 * datasets are being imported: `loading` while a first version is still arriving (a fresh start's demo data), which
 * never makes the stack unhealthy, but is why an answer that needs it is a 503 until it lands.
 */
export const healthRoutes = (deps: GatewayDeps) => {
  // One broker check at a time: with the broker away the client retries for many seconds, and a caller polling
  // /healthz would otherwise pile them up.
  let kafkaCheck: Promise<boolean> | undefined;
  const kafkaHealthy = () => (kafkaCheck ??= deps.bus.healthy().finally(() => (kafkaCheck = undefined)));
  return Router().get('/healthz', async (_req, res) => {
    const ctx = { correlationId: randomUUID(), actor: 'gateway:healthz' };
    const checks: Record<string, string> = {};
    const reading = referenceDataOf(deps);
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
    const referenceData = await reading;
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', checks, ...(referenceData ? { referenceData } : {}) });
  });
};
