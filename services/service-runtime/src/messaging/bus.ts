// The bus: the only modules that know the Kafka client are this one, group-consumer.ts and kafka-client.ts, so that
// swapping the client means rewriting those alone.
import { BatchedCalls } from '../batched-calls';
import { envMs } from '../config';
import type { Logger } from '../observability/logger';
import { untilAvailable } from '../until-available';
import { GroupConsumer, type SubscribeOptions, type Subscription } from './group-consumer';
import { isBrokerAway, kafkaClient, type KafkaClient } from './kafka-client';
import { keyPartitionHash } from './murmur2';

export { batchMessagesMax, PartlyHandled, type IncomingMessage, type SubscribeOptions, type Subscription } from './group-consumer';

export interface OutgoingMessage {
  key?: string;
  value: unknown;
  headers?: Record<string, string>;
}

/**
 * A member has one fetch in flight for all its partitions, and a message arriving on any of them answers it at once:
 * the wait bounds only how often an idle member asks. Measured (bench:charging's stack, idle): at 25 ms Kafka spent
 * 198 ms of CPU a second and each service about 50; at 500 ms, 109 and 5 to 19, with the same idle round trip.
 */
const fetchMaxWaitMs = envMs('KAFKA_FETCH_MAX_WAIT_MS', 500);
/** Attempts of one request while the broker is away, backing off from 200 ms to 5 s (about 20 s in all). */
const requestRetries = 8;
const retryDelay = (attempt: number) => Math.min(200 * 2 ** Math.max(attempt - 1, 0), 5_000);
const ensureTopicsAttempts = 20;

/**
 * Replicas of each topic a service creates: 1 for one broker; on a cluster KAFKA_REPLICATION_FACTOR=3, with the
 * brokers' `min.insync.replicas=2`, so that a broker lost loses no acknowledged write. (The Kafka client refuses a
 * topic's own configs at creation, so the in-sync minimum is the brokers' default.)
 */
const topicReplicas = () => {
  const replicas = Number(process.env.KAFKA_REPLICATION_FACTOR ?? 1);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 16)
    throw new Error('KAFKA_REPLICATION_FACTOR must be a whole number from 1 to 16');
  return replicas;
};
/**
 * A send still unsettled after this long is logged, once, with how many messages it carries: a process whose replies
 * all wait on one send (a ledger was seen deaf for over 30 s after a broker's return) then says where it waits.
 */
const slowSendMs = 5_000;
const producerRenewalMinMs = 5_000;
const healthTimeoutMs = 3_000;
/** Under the broker's 1 MB bound on a record batch (message.max.bytes), whatever the keys and headers add. */
const maxRequestBytes = 512 * 1024;

type ClientProducer = KafkaClient.Producer<string, string, string, string>;
type ProducedMessage = KafkaClient.MessageToProduce<string, string, string, string>;

/** One `publish`: its messages, encoded, and their size. */
interface Publish {
  messages: ProducedMessage[];
  bytes: number;
}

const hasErrorId = (error: unknown, apiId: string): boolean =>
  typeof (error as KafkaClient.GenericError)?.findBy === 'function' && Boolean((error as KafkaClient.GenericError).findBy('apiId', apiId));

export class KafkaBus {
  private producer: ClientProducer | undefined;
  private admin: KafkaClient.Admin | undefined;
  /**
   * The producer has one request in flight at a time (idempotent, so ordered and never duplicated by its retries);
   * what is published meanwhile, by any caller, goes in the next request together, up to the request size bound.
   */
  private readonly sends = new BatchedCalls<Publish, void>(
    async (publishes) => {
      if (!this.producer) throw new Error('bus not connected');
      const messages = publishes.flatMap((p) => p.messages);
      const slow = setTimeout(
        () => this.logger.warn({ messages: messages.length, waitingMs: slowSendMs }, 'publishing is slow; still trying'),
        slowSendMs,
      );
      this.sendingSince = Date.now();
      try {
        await this.producer.send({ messages });
        this.producerFailingSince = undefined;
      } catch (error) {
        this.producerFailingSince ??= Date.now();
        this.renewProducer(error);
        throw error;
      } finally {
        clearTimeout(slow);
        this.sendingSince = undefined;
      }
      return publishes.map(() => undefined);
    },
    { maxCalls: Number.POSITIVE_INFINITY, maxSize: maxRequestBytes, size: (p) => p.bytes },
  );
  private readonly subscriptions = new Set<GroupConsumer>();
  /** Since when every send has failed (undefined while sends succeed). */
  private producerFailingSince: number | undefined;
  /**
   * When the send in flight began (undefined when none is): one the client never settles holds every send after it,
   * so it counts as deaf for as long as it waits (a renewed producer's first send was seen unanswered for over 40 s
   * with the broker back).
   */
  private sendingSince: number | undefined;
  private producerRenewedAt = 0;

  constructor(
    private readonly brokers: string[],
    private readonly clientId: string,
    private readonly logger: Logger,
  ) {}

  private clientOptions() {
    return {
      clientId: this.clientId,
      bootstrapBrokers: this.brokers,
      strict: true,
      retries: requestRetries,
      retryDelay: (_client: unknown, _op: string, attempt: number) => retryDelay(attempt),
    };
  }

  /** Resolves once the broker answers; called again after a failure, it asks again with the same clients. */
  async connect(): Promise<void> {
    this.producer ??= this.newProducer();
    this.admin ??= new kafkaClient.Admin(this.clientOptions());
    await this.admin.metadata({ topics: [], forceUpdate: true });
  }

  private newProducer(): ClientProducer {
    // Idempotent: the broker drops a retried request's duplicate, and one request in flight keeps the order.
    return new kafkaClient.Producer<string, string, string, string>({
      ...this.clientOptions(),
      idempotent: true,
      serializers: kafkaClient.stringSerializers,
      // The same partition for a key as every other Kafka client (murmur2, as the Java client), without the client's
      // BigInt arithmetic (see murmur2.ts).
      partitioner: (_message, key) => (key ? keyPartitionHash(key) : 0),
    });
  }

  /**
   * A send failed after all its retries: the next goes through a new producer (at most one a few seconds), since one
   * that failed through a broker restart was seen failing every send after it with the broker back. One request is in
   * flight at a time, so nothing of the old producer's is pending.
   */
  private renewProducer(error: unknown) {
    if (Date.now() - this.producerRenewedAt < producerRenewalMinMs) return;
    this.producerRenewedAt = Date.now();
    this.logger.warn({ err: error }, 'publishing failed; the next send goes through a new producer');
    const old = this.producer;
    this.producer = this.newProducer();
    void old?.close().catch(() => undefined);
  }

  /** How long the bus has been unable to publish or to hear from a group it consumes in (0 when it can do both). */
  silentForMs(): number {
    const since = Math.min(this.producerFailingSince ?? Infinity, this.sendingSince ?? Infinity);
    const producing = since === Infinity ? 0 : Date.now() - since;
    return Math.max(producing, ...[...this.subscriptions].map((s) => s.silentForMs()));
  }

  /**
   * Creates the missing topics and waits until each partition has a leader. Several services create the shared
   * topics at once at start-up, so "already exists" and a briefly unknown partition are expected and retried.
   */
  async ensureTopics(topics: string[], numPartitions: number): Promise<void> {
    const admin = this.requireAdmin();
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = new Set(await admin.listTopics());
        const missing = topics.filter((t) => !existing.has(t));
        if (missing.length > 0) {
          await admin.createTopics({ topics: missing, partitions: numPartitions, replicas: topicReplicas() }).catch((error: unknown) => {
            if (!hasErrorId(error, 'TOPIC_ALREADY_EXISTS')) throw error;
          });
        }
        const metadata = await admin.metadata({ topics, forceUpdate: true });
        const leaderless = topics.filter((t) => {
          const described = metadata.topics.get(t);
          return !described || described.partitions.length === 0 || described.partitions.some((p) => p.leader < 0);
        });
        if (leaderless.length === 0) return;
        throw new Error(`no leader yet for ${leaderless.join(', ')}`);
      } catch (error) {
        if (attempt >= ensureTopicsAttempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  async deleteTopics(topics: string[]): Promise<void> {
    await this.requireAdmin().deleteTopics({ topics });
  }

  /**
   * Resolves when the broker has every message (acks from all in-sync replicas). An idle bus sends at once; a busy one
   * sends fewer, larger requests instead of queueing one per call behind each other (see `sends`). A failed request
   * fails each of its publishers.
   */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (!this.producer) return Promise.reject(new Error('bus not connected'));
    let bytes = 0;
    const encoded = messages.map((m): ProducedMessage => {
      const value = JSON.stringify(m.value);
      bytes += Buffer.byteLength(value);
      return { topic, key: m.key, value, headers: m.headers };
    });
    return this.sends.call({ messages: encoded, bytes });
  }

  /**
   * Resolves once the consumer has joined its group, so that nothing sent after this call is missed; while the broker
   * is away (gone just as the service starts, say), it waits for it, as the service's start waited for its first
   * connection. A consumer the client gives up on later is created again, with a bounded backoff, until it is stopped.
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const member = new GroupConsumer(
      { brokers: this.brokers, clientId: this.clientId, fetchMaxWaitMs, retries: requestRetries, retryDelay },
      options,
      this.logger,
    );
    await untilAvailable(`Kafka (group ${options.groupId})`, () => member.start(), this.logger, isBrokerAway);
    this.subscriptions.add(member);
    return {
      stop: async () => {
        this.subscriptions.delete(member);
        await member.stop();
      },
    };
  }

  /** True when the broker answers a metadata request within a few seconds. */
  async healthy(): Promise<boolean> {
    const timedOut = new Promise<false>((resolve) => setTimeout(() => resolve(false), healthTimeoutMs).unref());
    const answered = this.requireAdmin()
      .metadata({ topics: [], forceUpdate: true })
      .then((metadata) => metadata.brokers.size > 0)
      .catch(() => false);
    return Promise.race([answered, timedOut]);
  }

  async disconnect(): Promise<void> {
    await Promise.allSettled([...this.subscriptions].map((s) => s.stop()));
    this.subscriptions.clear();
    await Promise.allSettled([this.producer?.close(), this.admin?.close()]);
  }

  private requireAdmin(): KafkaClient.Admin {
    if (!this.admin) throw new Error('bus not connected');
    return this.admin;
  }
}
