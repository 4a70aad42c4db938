import { gauge } from '../observability/metrics';
import type { KafkaClient } from './kafka-client';

type ClientConsumer = KafkaClient.Consumer<string, string, string, string>;
export type Held = Array<{ topic: string; partitions: number[] }>;
/** A group's committed offsets for the partitions asked, by topic and partition (-1 where none was committed). */
export type CommittedOffsets = (groupId: string, held: Held) => Promise<Map<string, bigint[]>>;

/** A group member of this process, with its client while it has one (none while it restarts). */
export interface LagSource {
  groupId: string;
  /** Whether a partition the group never committed is read from its start (else from its end, so nothing waits). */
  fromBeginning: boolean;
  client(): ClientConsumer | undefined;
  committed: CommittedOffsets;
}

const sources = new Set<LagSource>();

/** Reports a member's lag at every scrape until the returned function is called. */
export const watchLag = (source: LagSource): (() => void) => {
  sources.add(source);
  return () => void sources.delete(source);
};

/**
 * Messages of each partition the member holds that the group has not yet committed past: the log's end less the
 * committed offset (offsets are committed every 500 ms, for what has been handled). A partition the group has never
 * committed counts from its start for a member that reads from the beginning; for one that reads from the end, nothing
 * of it waits.
 */
export const lagOf = async (
  source: Pick<LagSource, 'groupId' | 'fromBeginning' | 'committed'>,
  consumer: ClientConsumer,
): Promise<Array<{ topic: string; partition: number; lag: number }>> => {
  const { groupId, fromBeginning } = source;
  const held: Held = (consumer.assignments ?? []).filter((a) => a.partitions.length > 0);
  if (held.length === 0) return [];
  const [ends, committed] = await Promise.all([
    consumer.listOffsets({ topics: held.map((a) => a.topic), partitions: Object.fromEntries(held.map((a) => [a.topic, a.partitions])) }),
    source.committed(groupId, held),
  ]);
  return held.flatMap(({ topic, partitions }) =>
    partitions.map((partition) => {
      const end = ends.get(topic)?.[partition] ?? 0n;
      const at = committed.get(topic)?.[partition] ?? -1n;
      const from = at >= 0n ? at : fromBeginning ? 0n : end;
      return { topic, partition, lag: Number(end - from) };
    }),
  );
};

const scrapeTimeoutMs = 2_000;

gauge({
  name: 'pds_kafka_consumer_lag',
  help: 'Messages not yet handled and committed, per consumer group and partition this process holds (log end less committed offset).',
  labelNames: ['group', 'topic', 'partition'] as const,
  async collect() {
    this.reset();
    for (const source of sources) {
      const consumer = source.client();
      if (!consumer) continue;
      const timedOut = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), scrapeTimeoutMs).unref());
      // A member that cannot reach its broker now (restarting, the broker away) has no lag to report at this scrape.
      const lags = await Promise.race([lagOf(source, consumer), timedOut]).catch(() => []);
      for (const l of lags) this.set({ group: source.groupId, topic: l.topic, partition: String(l.partition) }, l.lag);
    }
  },
});
