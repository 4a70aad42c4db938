import type { Topics } from '@pds/contracts';
import type { KafkaBus } from '../messaging/bus';
import type { Logger } from '../observability/logger';
import { LogFollower } from './log-follower';
import type { PostgresEventStore } from './postgres';
import { streamCategory } from './types';

/**
 * Publishes the events of the given stream categories from the store's log to Kafka (`<ns>.events.<category>`,
 * keyed by stream id). The event is committed first and published after, from the log, so there is never a dual
 * write; a crash between publishing and moving the checkpoint publishes again, and consumers dedupe on eventId.
 */
export const startKafkaRelay = async (options: {
  store: PostgresEventStore;
  bus: KafkaBus;
  topics: Topics;
  categories: string[];
  logger: Logger;
}): Promise<LogFollower> => {
  await options.bus.ensureTopics(
    options.categories.map((c) => options.topics.events(c)),
    4,
  );
  const relay = new LogFollower({
    store: options.store,
    name: `kafka-relay:${options.categories.join(',')}`,
    categories: options.categories,
    logger: options.logger,
    // Its effect is in Kafka: a transaction around it would add round trips and no guarantee.
    transactional: false,
    handle: async (events) => {
      const byTopic = new Map<string, typeof events>();
      for (const e of events) {
        const topic = options.topics.events(streamCategory(e.streamId));
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), e]);
      }
      for (const [topic, batch] of byTopic) {
        await options.bus.publish(
          topic,
          batch.map((e) => {
            const traceparent = typeof e.metadata.traceparent === 'string' ? e.metadata.traceparent : undefined;
            return {
              key: e.streamId,
              value: e,
              headers: { 'message-type': e.type, 'event-id': e.eventId, ...(traceparent ? { traceparent } : {}) },
            };
          }),
        );
      }
    },
  });
  await relay.start();
  return relay;
};
