// The only module that touches kafkajs: swapping the Kafka client means rewriting this file alone.
import {
  Kafka,
  logLevel as KafkaLogLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchHandler,
  type KafkaMessage,
  type Message,
  type Producer,
} from 'kafkajs';
import { envMs } from '../config';
import type { Logger } from '../observability/logger';

export interface OutgoingMessage {
  key?: string;
  value: unknown;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | undefined;
  /** Parsed JSON, or undefined when the payload was not JSON (such a message is logged and skipped). */
  value: unknown;
  headers: Record<string, string>;
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /** Start at the oldest retained message when the group has no committed offset. */
  fromBeginning: boolean;
  /** Partitions handled at once; messages of one partition are always handled in order. */
  partitionsConcurrently?: number;
  handle: (message: IncomingMessage) => Promise<void>;
  /**
   * When given, messages arrive in batches (in partition order, at most `batchMessagesMax` at a time) instead of
   * through `handle`. A batch that throws is delivered again from its first message.
   */
  handleBatch?: (messages: IncomingMessage[]) => Promise<void>;
}

/** Messages per batch handed to `handleBatch`; bounds the work (and the transaction) one batch makes. */
export const batchMessagesMax = 100;

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * A fetch returns as soon as one message is there; the wait bounds only how long an idle fetch is held open,
 * which is also how long a newly arrived message can sit behind an empty fetch on another partition.
 */
const fetchMaxWaitMs = envMs('KAFKA_FETCH_MAX_WAIT_MS', 25);
const connectRetries = 8;
const ensureTopicsAttempts = 20;
const offsetCommitIntervalMs = 500;
const consumerRestartMinMs = 500;
const consumerRestartMaxMs = 10_000;
const groupJoinTimeoutMs = 60_000;
/** Under the broker's 1 MB bound on a record batch (message.max.bytes), whatever the keys and headers add. */
const maxRequestBytes = 512 * 1024;

const toLevel = (level: KafkaLogLevel): 'error' | 'warn' | 'info' | 'debug' =>
  level === KafkaLogLevel.ERROR ? 'error' : level === KafkaLogLevel.WARN ? 'warn' : level === KafkaLogLevel.INFO ? 'info' : 'debug';

/** Messages given to `publish` while a produce request is in flight, and who waits for them. */
interface Queued {
  topic: string;
  messages: Message[];
  settle: (error?: unknown) => void;
}

export class KafkaBus {
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private readonly queued: Queued[] = [];
  private sending = false;
  private admin: Admin | undefined;
  private readonly consumers: Consumer[] = [];

  constructor(
    brokers: string[],
    clientId: string,
    private readonly logger: Logger,
  ) {
    this.kafka = new Kafka({
      clientId,
      brokers,
      logLevel: KafkaLogLevel.WARN,
      retry: { retries: connectRetries, initialRetryTime: 200, maxRetryTime: 5_000 },
      logCreator: () => (entry) => {
        const { message, ...extra } = entry.log;
        // The client logs a reconnect storm while the broker restarts; the last error surfaces through callers.
        logger[toLevel(entry.level)]({ kafka: entry.namespace, ...extra }, message);
      },
    });
  }

  async connect(): Promise<void> {
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
    await Promise.all([this.producer.connect(), this.admin.connect()]);
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
          await admin.createTopics({ topics: missing.map((topic) => ({ topic, numPartitions })), waitForLeaders: false });
        }
        const { topics: described } = await admin.fetchTopicMetadata({ topics });
        const leaderless = described.filter((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0));
        if (leaderless.length === 0) return;
        throw new Error(`no leader yet for ${leaderless.map((t) => t.name).join(', ')}`);
      } catch (error) {
        if (attempt >= ensureTopicsAttempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  async deleteTopics(topics: string[]): Promise<void> {
    await this.requireAdmin().deleteTopics({ topics, timeout: 5_000 });
  }

  /**
   * Resolves when the broker has every message (acks from all in-sync replicas). The producer has one request in
   * flight at a time (idempotent, so ordered and never duplicated by its retries); what is published meanwhile, by
   * any caller, waits and goes in the next request together. An idle bus sends at once; a busy one sends fewer, larger
   * requests instead of queueing one per call behind each other.
   */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (!this.producer) return Promise.reject(new Error('bus not connected'));
    const encoded = messages.map((m) => ({ key: m.key ?? null, value: JSON.stringify(m.value), headers: m.headers }));
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ topic, messages: encoded, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.sending) void this.sendQueued();
    });
  }

  /** How many of the queued publishes the next request takes: at least one, and under the request size bound. */
  private takeCount(): number {
    let bytes = 0;
    for (let i = 0; i < this.queued.length; i++) {
      bytes += (this.queued[i] as Queued).messages.reduce((n, m) => n + Buffer.byteLength(m.value as string), 0);
      if (bytes > maxRequestBytes && i > 0) return i;
    }
    return this.queued.length;
  }

  /** Sends what is queued, one request at a time, until nothing is; a failed request fails each of its publishers. */
  private async sendQueued(): Promise<void> {
    this.sending = true;
    try {
      while (this.queued.length > 0) {
        const taken = this.queued.splice(0, this.takeCount());
        // One entry per topic, in the order first published; each topic's messages in the order published.
        const byTopic = new Map<string, Message[]>();
        for (const q of taken) byTopic.set(q.topic, [...(byTopic.get(q.topic) ?? []), ...q.messages]);
        try {
          if (!this.producer) throw new Error('bus not connected');
          await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
          for (const q of taken) q.settle();
        } catch (error) {
          for (const q of taken) q.settle(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /**
   * Resolves once the consumer has joined its group, so that nothing sent after this call is missed. A consumer that
   * crashes beyond kafkajs's own restarts (the broker gone for a while) is created again, with a bounded backoff,
   * until the subscription is stopped.
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    let stopped = false;
    let current: Consumer | undefined;
    let restartDelayMs = consumerRestartMinMs;
    const start = async (): Promise<Consumer> => {
      const consumer = this.createConsumer(options);
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (payload.restart || stopped) return;
        this.logger.error({ groupId: options.groupId, err: payload.error }, 'consumer crashed; starting it again');
        this.consumers.splice(this.consumers.indexOf(consumer), 1);
        void consumer.disconnect().catch(() => undefined);
        const retry = () => {
          if (stopped) return;
          start().then(
            (next) => {
              current = next;
              restartDelayMs = consumerRestartMinMs;
            },
            () => {
              restartDelayMs = Math.min(restartDelayMs * 2, consumerRestartMaxMs);
              setTimeout(retry, restartDelayMs);
            },
          );
        };
        setTimeout(retry, restartDelayMs);
      });
      const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: options.topics, fromBeginning: options.fromBeginning });
        await this.run(consumer, options);
        const joinTimedOut = new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`${options.groupId}: no group join within ${groupJoinTimeoutMs} ms`)),
            groupJoinTimeoutMs,
          ).unref(),
        );
        await Promise.race([joined, joinTimedOut]);
      } catch (error) {
        this.consumers.splice(this.consumers.indexOf(consumer), 1);
        await consumer.disconnect().catch(() => undefined);
        throw error;
      }
      return consumer;
    };
    current = await start();
    return {
      stop: async () => {
        stopped = true;
        if (!current) return;
        await current.disconnect();
        this.consumers.splice(this.consumers.indexOf(current), 1);
      },
    };
  }

  private createConsumer(options: SubscribeOptions): Consumer {
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      maxWaitTimeInMs: fetchMaxWaitMs,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 10_000,
      allowAutoTopicCreation: false,
    });
    this.consumers.push(consumer);
    return consumer;
  }

  private run(consumer: Consumer, options: SubscribeOptions) {
    return consumer.run({
      // Offsets are committed on an interval, not after every message: a crash redelivers at most that much, and
      // every handler treats a repeated message as the same one.
      autoCommitInterval: offsetCommitIntervalMs,
      partitionsConsumedConcurrently: options.partitionsConcurrently ?? 1,
      // Offsets are resolved chunk by chunk, never for a batch left early (a rebalance), so nothing is skipped.
      ...(options.handleBatch
        ? { eachBatchAutoResolve: false, eachBatch: this.batchesTo(options.handleBatch) }
        : {
            eachMessage: async ({ topic, partition, message }) => {
              const incoming = this.decode(topic, partition, message);
              if (incoming) await options.handle(incoming);
            },
          }),
    });
  }

  private batchesTo(handleBatch: (messages: IncomingMessage[]) => Promise<void>): EachBatchHandler {
    return async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      for (let from = 0; from < batch.messages.length; from += batchMessagesMax) {
        if (!isRunning() || isStale()) return;
        const chunk = batch.messages.slice(from, from + batchMessagesMax);
        const decoded = chunk.map((m) => this.decode(batch.topic, batch.partition, m)).filter((m): m is IncomingMessage => m !== undefined);
        if (decoded.length > 0) await handleBatch(decoded);
        resolveOffset((chunk[chunk.length - 1] as KafkaMessage).offset);
        await heartbeat();
      }
    };
  }

  /** The message as handlers see it; undefined (logged) when the payload is not JSON. */
  private decode(topic: string, partition: number, message: KafkaMessage): IncomingMessage | undefined {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? String(value[0]) : String(value);
    }
    try {
      const value = message.value ? JSON.parse(message.value.toString('utf8')) : undefined;
      return { topic, partition, offset: message.offset, key: message.key?.toString('utf8'), value, headers };
    } catch {
      this.logger.error({ topic, partition, offset: message.offset }, 'skipping a message that is not JSON');
      return undefined;
    }
  }

  /** True when the broker answers a metadata request. */
  async healthy(): Promise<boolean> {
    try {
      const cluster = await this.requireAdmin().describeCluster();
      return cluster.brokers.length > 0;
    } catch {
      return false;
    }
  }

  async disconnect(): Promise<void> {
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    await Promise.allSettled([this.producer?.disconnect(), this.admin?.disconnect()]);
  }

  private requireAdmin(): Admin {
    if (!this.admin) throw new Error('bus not connected');
    return this.admin;
  }
}
