import { gauge } from '../observability/metrics';

export interface PartitionLag {
  topic: string;
  partition: number;
  lag: number;
}

/** A group member of this process, able to say how far behind it is on the partitions it holds now. */
export interface LagSource {
  groupId: string;
  lag(): Promise<PartitionLag[]>;
}

const sources = new Set<LagSource>();

/** Reports a member's lag at every scrape until the returned function is called. */
export const watchLag = (source: LagSource): (() => void) => {
  sources.add(source);
  return () => void sources.delete(source);
};

/**
 * The rows of a per-topic, per-partition lag as the Kafka client answers it (`Consumer.getLag`): the partition's log
 * end less the offset the member last committed on it (or started from, when it has not committed since it was given
 * the partition). The client marks the partitions not asked for (-2) and those the member does not hold (-1).
 */
export const lagRows = (lags: Map<string, bigint[]>): PartitionLag[] =>
  [...lags].flatMap(([topic, partitions]) =>
    partitions.flatMap((lag, partition) => (lag >= 0n ? [{ topic, partition, lag: Number(lag) }] : [])),
  );

const scrapeTimeoutMs = 2_000;

gauge({
  name: 'pds_kafka_consumer_lag',
  help: 'Messages not yet handled and committed, per consumer group and partition this process holds (log end less committed offset).',
  labelNames: ['group', 'topic', 'partition'] as const,
  async collect() {
    this.reset();
    await Promise.all(
      [...sources].map(async (source) => {
        const timedOut = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), scrapeTimeoutMs).unref());
        // A member that cannot reach its broker now (restarting, the broker away) has no lag to report at this scrape.
        const lags = await Promise.race([source.lag(), timedOut]).catch(() => []);
        for (const l of lags) this.set({ group: source.groupId, topic: l.topic, partition: String(l.partition) }, l.lag);
      }),
    );
  },
});
