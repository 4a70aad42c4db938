import { webhooks } from '@pds/contracts';
import { runPeriodically, type Clock, type Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { leaseDue, recordAttempt, type AttemptOutcome, type LeasedDelivery } from './outbox';
import { postDelivery, type PostOutcome } from './post-delivery';
import { nextAttemptAt } from './schedule';
import { openSecret } from './secret-box';
import type { WebhookSettings } from './settings';
import { vetTarget, type Resolver } from './target-guard';

// The sender: every sweep it leases the deliveries due and makes one attempt at each, then records the attempt and
// what comes next. Due times, attempt times and the 24 h window are business time, as everything dated for a caller
// is; the signature's timestamp is the real time, as the receiver checks it against its own clock, and latencies and
// timeouts are real durations.

/** Deliveries one sweep takes at most: the bound on attempts in flight from one process. */
const sweepDeliveriesMax = 20;
export const userAgent = 'PDS-Webhooks/1';

export interface SenderDeps {
  db: pg.Pool;
  clock: Clock;
  settings: WebhookSettings;
  resolve: Resolver;
  logger: Logger;
}

/** The guard, then the POST, signed now; any failure before an answer is the attempt's error. */
const attempt = async (deps: SenderDeps, delivery: LeasedDelivery): Promise<PostOutcome> => {
  const target = await vetTarget(delivery.url, deps.settings.policy, deps.resolve);
  if (!target.ok) return { error: `target refused: ${target.reason}` };
  const secret = openSecret(deps.settings.keys, delivery.webhookId, delivery.sealed);
  return postDelivery({
    url: target.url,
    address: target.address,
    body: delivery.body,
    timeoutMs: deps.settings.timeoutMs,
    extraCa: deps.settings.extraCa,
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      [webhooks.signatureHeader.toLowerCase()]: webhooks.signDelivery(secret, delivery.body, new Date()),
      'pds-event-id': delivery.eventId,
      'pds-event-type': delivery.eventType,
      'pds-delivery-id': delivery.deliveryId,
    },
  });
};

/** What the attempt's answer makes of the delivery. */
export const outcomeOf = (
  delivery: Pick<LeasedDelivery, 'attempts' | 'retryUntil'>,
  posted: PostOutcome,
  at: { startedAt: Date; endedAt: Date; latencyMs: number; retryBaseMs: number; random: number },
): AttemptOutcome => {
  const statusCode = 'statusCode' in posted ? posted.statusCode : null;
  const error = 'error' in posted ? posted.error : null;
  const recorded = { startedAt: at.startedAt, latencyMs: at.latencyMs, statusCode, error };
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { ...recorded, next: { status: 'succeeded' } };
  const next = nextAttemptAt({
    attempts: delivery.attempts + 1,
    now: at.endedAt,
    retryUntil: delivery.retryUntil,
    baseMs: at.retryBaseMs,
    random: at.random,
  });
  return { ...recorded, next: next ? { status: 'pending', at: next } : { status: 'failed' } };
};

const deliver = async (deps: SenderDeps, delivery: LeasedDelivery) => {
  const startedAt = deps.clock.now();
  const started = performance.now();
  const posted = await attempt(deps, delivery).catch((error: Error) => ({ error: error.message }));
  const latencyMs = Math.round(performance.now() - started);
  const outcome = outcomeOf(delivery, posted, {
    startedAt,
    endedAt: deps.clock.now(),
    latencyMs,
    retryBaseMs: deps.settings.retryBaseMs,
    random: Math.random(),
  });
  await recordAttempt(deps.db, delivery.deliveryId, outcome);
  deps.logger.info(
    {
      deliveryId: delivery.deliveryId,
      webhookId: delivery.webhookId,
      eventId: delivery.eventId,
      statusCode: outcome.statusCode,
      error: outcome.error,
      latencyMs,
      next: outcome.next.status,
    },
    'webhook delivery attempted',
  );
};

/** One sweep: lease what is due, attempt each at once (at most `sweepDeliveriesMax`), record each. */
export const sendDue = async (deps: SenderDeps): Promise<number> => {
  // The lease outlives the longest attempt (its timeout) with room to record it; a holder that dies frees its rows then.
  const leaseMs = 3 * deps.settings.timeoutMs;
  const leased = await leaseDue(deps.db, deps.clock.now(), leaseMs, sweepDeliveriesMax);
  const results = await Promise.allSettled(leased.map((d) => deliver(deps, d)));
  for (const result of results)
    if (result.status === 'rejected')
      deps.logger.error({ err: result.reason as Error }, 'webhook attempt not recorded; retried once its lease ends');
  return leased.length;
};

export const startWebhookSender = (deps: SenderDeps) =>
  runPeriodically('webhook sender', deps.settings.sweepMs, async () => void (await sendDue(deps)), deps.logger);
