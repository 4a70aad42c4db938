import { partitionsPerTopic, type Topics } from '@pds/contracts';
import type { Clock, IncomingMessage, KafkaBus, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { webhookEventIdFor } from './identifiers';
import { recordDeliveries } from './outbox';
import { triggerOf, triggers, type SourceEvent } from './triggers';

// The intake: one consumer group over the event topics of the triggers, whichever gateway process holds each
// partition. For an event that ends a report or a title order it records the deliveries owed before any is sent; the
// offset is committed after, so a crash meets the event again, and the deliveries' unique key makes that harmless.

export const intakeGroupId = 'gateway-webhook-intake';

const isSourceEvent = (value: unknown): value is SourceEvent => {
  const v = value as Partial<SourceEvent> | undefined;
  return typeof v?.eventId === 'string' && typeof v.streamId === 'string' && typeof v.type === 'string' && typeof v.data === 'object';
};

/** The webhook event's body, fixed once: every webhook and every attempt is sent these bytes. */
export const eventBody = (event: { id: string; type: string; createdAt: string; data: object }) =>
  JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data });

export const takeIn = async (deps: { db: pg.Pool; clock: Clock }, message: IncomingMessage): Promise<number> => {
  if (!isSourceEvent(message.value)) return 0;
  const source = message.value;
  const trigger = triggerOf(source);
  if (!trigger) return 0;
  const { accountId, data } = await trigger.resource(deps.db, source);
  const occurredAt = typeof source.data.at === 'string' ? source.data.at : source.recordedAt;
  const id = webhookEventIdFor(source.eventId);
  const body = eventBody({ id, type: trigger.type, createdAt: new Date(occurredAt).toISOString(), data });
  return recordDeliveries(
    deps.db,
    { accountId, eventId: id, type: trigger.type, body, occurredAt: new Date(occurredAt) },
    deps.clock.now(),
  );
};

export const startWebhookIntake = async (deps: { db: pg.Pool; clock: Clock; bus: KafkaBus; topics: Topics; logger: Logger }) => {
  const topics = Object.keys(triggers).map((category) => deps.topics.events(category));
  // The owners' relays create these topics too; whichever starts first makes them, so that the group can join.
  await deps.bus.ensureTopics(topics, partitionsPerTopic);
  return deps.bus.subscribe({
    groupId: intakeGroupId,
    topics,
    fromBeginning: true,
    partitionsConcurrently: partitionsPerTopic,
    handle: async (message) => {
      const recorded = await takeIn(deps, message);
      if (recorded > 0) deps.logger.info({ offset: message.offset, topic: message.topic, recorded }, 'webhook deliveries recorded');
    },
  });
};
