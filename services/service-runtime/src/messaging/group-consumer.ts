import type { Logger } from '../observability/logger';
import { notInTime, within } from '../within';
import { lagRows, watchLag, type PartitionLag } from './consumer-lag';
import { kafkaClient, type KafkaClient } from './kafka-client';

type ClientMessage = KafkaClient.Message<string, string, string, string>;
type ClientConsumer = KafkaClient.Consumer<string, string, string, string>;
type ClientStream = KafkaClient.MessagesStream<string, string, string, string>;

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
   * When given, messages arrive in batches (of one partition, in order, at most `batchMessagesMax` at a time: whatever
   * has arrived while the previous batch was handled) instead of through `handle`. A batch that throws is delivered
   * again from its first message, or from the first not handled when it throws `PartlyHandled`.
   */
  handleBatch?: (messages: IncomingMessage[]) => Promise<void>;
  /**
   * Lets messages of one partition be handled alongside each other, up to `perPartition` at once (through `handle`):
   * for messages whose effects do not depend on one another, such as answers to callers who are waiting, so that a
   * slow one does not hold up those behind it. A message `mayOvertake` says no to is handled in order: it waits for
   * those before it, and those after it wait for it. A message that throws is handled again after a backoff while the
   * others carry on; offsets are committed up to the first message not yet handled.
   */
  overtaking?: { perPartition: number; mayOvertake: (message: IncomingMessage) => boolean };
}

/**
 * Thrown by a batch handler that failed part-way: its first `handled` messages are done (their effects complete), so
 * only the rest is delivered again.
 */
export class PartlyHandled extends Error {
  constructor(
    readonly handled: number,
    override readonly cause: unknown,
  ) {
    super(`${handled} of the batch handled, then: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

export interface Subscription {
  stop(): Promise<void>;
}

/** Messages per batch handed to `handleBatch`; bounds the work (and the transaction) one batch makes. */
export const batchMessagesMax = 100;

export interface ConsumerSettings {
  brokers: string[];
  clientId: string;
  fetchMaxWaitMs: number;
  retries: number;
  retryDelay: (attempt: number) => number;
}

const offsetCommitIntervalMs = 500;
const redeliveryMinMs = 200;
const redeliveryMaxMs = 5_000;
const restartMinMs = 500;
const restartMaxMs = 10_000;
const groupJoinTimeoutMs = 60_000;
/**
 * A member that has not heartbeated in this long (three session timeouts) is out of its group whatever the client
 * believes: it is started again. Seen after a second broker restart: fetches and commits failed, no error reached the
 * consumer, and the member stayed deaf with its process alive.
 */
const silentMemberMs = 30_000;
const watchIntervalMs = 5_000;
/**
 * How long a restart waits for the old member's work in hand, its last commit and its leaving, each, before going on
 * without them. Seen after a broker's return (test/e2e/outages.e2e.spec.ts, about one run in three): a restarted member
 * waited for its last offset commit, which the client held for a rejoin that never came, and its process stayed deaf.
 */
const oldMemberWaitMs = 5_000;
/** A commit the client has not settled in this long is counted as failed and tried at a later tick. */
const commitWaitMs = 10_000;
/** Fetching pauses while this many messages wait to be handled, and resumes below half of it. */
const queuedHigh = 2_000;

/** Leaves the group with any stream still open; a failure to leave (the broker gone) is the session timeout's to settle. */
const closeForcibly = (consumer: ClientConsumer) => new Promise<void>((resolve) => consumer.close(true, () => resolve()));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One consumer group member: messages of each partition handled in order, up to `partitionsConcurrently` partitions at
 * once, offsets committed every 500 ms for what has been handled (a crash redelivers at most that much; every handler
 * treats a repeated message as the same one). A handler that throws gets the same message again after a backoff. When
 * the client gives up (the broker gone for longer than its retries), the member is created again with a bounded backoff
 * and carries on from the committed offsets, until stopped.
 */
export class GroupConsumer implements Subscription {
  private consumer: ClientConsumer | undefined;
  private stream: ClientStream | undefined;
  /** Bumped at every restart: work of an earlier member stops at its next message. */
  private incarnation = 0;
  private stopped = false;
  private restarting = false;
  private readonly queues = new Map<string, ClientMessage[]>();
  /** Work in hand, by partition, of the current member (a restart starts a new map and leaves the old one's work be). */
  private working = new Map<string, Promise<void>>();
  private queuedCount = 0;
  /** Wakes a partition's overtaking drain when a message arrives for it. */
  private readonly wakers = new Map<string, () => void>();
  private readonly handled = new Map<string, ClientMessage>();
  private commitTimer: NodeJS.Timeout | undefined;
  private committing: Promise<void> | undefined;
  private unwatchLag: (() => void) | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  /** When the member last heard from its group coordinator (joined, or a heartbeat answered). */
  private aliveAt = Date.now();

  constructor(
    private readonly settings: ConsumerSettings,
    private readonly options: SubscribeOptions,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the member has joined its group, so that nothing sent after this is missed. */
  async start(): Promise<void> {
    const incarnation = this.incarnation;
    const consumer = new kafkaClient.Consumer<string, string, string, string>({
      clientId: this.settings.clientId,
      bootstrapBrokers: this.settings.brokers,
      groupId: this.options.groupId,
      strict: true,
      autocommit: false,
      maxWaitTime: this.settings.fetchMaxWaitMs,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 10_000,
      retries: this.settings.retries,
      retryDelay: (_client, _op, attempt) => this.settings.retryDelay(attempt),
      deserializers: kafkaClient.stringDeserializers,
    });
    this.consumer = consumer;
    consumer.on('error', (error: Error) => this.restart(incarnation, error));
    // Only the current member's: an old one whose close has not finished may still rejoin and heartbeat, and its
    // messages are dropped, so it must not keep the member counted as hearing.
    const alive = () => {
      if (incarnation === this.incarnation) this.aliveAt = Date.now();
    };
    consumer.on('consumer:heartbeat:end', alive);
    consumer.on('consumer:group:join', alive);
    try {
      const consumed = consumer.consume({
        topics: this.options.topics,
        mode: 'committed',
        fallbackMode: this.options.fromBeginning ? 'earliest' : 'latest',
      });
      const joinTimedOut = new Promise<never>((_, reject) =>
        setTimeout(
          // Retriable, as the client marks a broker that does not answer: the caller may wait and join again.
          () =>
            reject(Object.assign(new Error(`${this.options.groupId}: no group join within ${groupJoinTimeoutMs} ms`), { canRetry: true })),
          groupJoinTimeoutMs,
        ).unref(),
      );
      const stream = await Promise.race([consumed, joinTimedOut]);
      this.stream = stream;
      stream.on('data', (message: ClientMessage) => this.enqueue(incarnation, message));
      stream.on('error', (error: Error) => this.restart(incarnation, error));
    } catch (error) {
      await closeForcibly(consumer);
      throw error;
    }
    this.aliveAt = Date.now();
    this.commitTimer ??= setInterval(() => void this.commit(), offsetCommitIntervalMs);
    this.watchdog ??= setInterval(() => {
      if (!this.restarting && this.silentForMs() > silentMemberMs)
        this.restart(this.incarnation, new Error(`no heartbeat answered for ${Math.round(this.silentForMs() / 1000)} s`));
    }, watchIntervalMs);
    this.unwatchLag ??= watchLag({ groupId: this.options.groupId, lag: () => this.lag() });
  }

  /** How long the member has gone without hearing from its group (0 while it hears); the process's watchdog reads it. */
  silentForMs(): number {
    return this.stopped ? 0 : Date.now() - this.aliveAt;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.commitTimer);
    clearInterval(this.watchdog);
    this.unwatchLag?.();
    await Promise.allSettled(this.working.values());
    await this.commit();
    await this.closeMember();
  }

  private enqueue(incarnation: number, message: ClientMessage) {
    if (incarnation !== this.incarnation) return;
    const key = `${message.topic}|${message.partition}`;
    const queue = this.queues.get(key) ?? [];
    queue.push(message);
    this.queues.set(key, queue);
    if (++this.queuedCount >= queuedHigh) this.stream?.pause();
    this.wakers.get(key)?.();
    this.schedule();
  }

  /** Starts work on partitions with messages waiting, within the concurrency. */
  private schedule() {
    const limit = this.options.partitionsConcurrently ?? 1;
    for (const [key, queue] of this.queues) {
      if (this.working.size >= limit) return;
      if (queue.length === 0 || this.working.has(key)) continue;
      const incarnation = this.incarnation;
      const working = this.working;
      working.set(
        key,
        (this.options.overtaking
          ? this.drainOvertaking(key, queue, incarnation, this.options.overtaking)
          : this.drain(key, queue, incarnation)
        ).finally(() => {
          working.delete(key);
          if (!this.stopped && incarnation === this.incarnation) this.schedule();
        }),
      );
    }
  }

  /** Handles a partition's waiting messages in order; a chunk that throws is handed over again after a backoff. */
  private async drain(key: string, queue: ClientMessage[], incarnation: number) {
    // The client hands over a fetch's messages one by one, in one go: starting after them puts all of them in the first
    // chunk, instead of the first alone.
    await Promise.resolve();
    let delayMs = redeliveryMinMs;
    while (queue.length > 0 && incarnation === this.incarnation && !this.stopped) {
      const chunk = queue.slice(0, this.options.handleBatch ? batchMessagesMax : 1);
      const decoded: IncomingMessage[] = [];
      /** Where each decoded message sits in the chunk (one that is not JSON is skipped, so they can differ). */
      const inChunk: number[] = [];
      chunk.forEach((m, i) => {
        const message = this.decode(m);
        if (!message) return;
        decoded.push(message);
        inChunk.push(i);
      });
      try {
        if (decoded.length > 0) {
          if (this.options.handleBatch) await this.options.handleBatch(decoded);
          else await this.options.handle(decoded[0] as IncomingMessage);
        }
      } catch (error) {
        const done = error instanceof PartlyHandled && error.handled > 0 ? (inChunk[error.handled - 1] as number) + 1 : 0;
        this.logger.error(
          { groupId: this.options.groupId, partition: key, handled: done, err: error },
          'handler failed; delivering the message again',
        );
        if (done > 0 && incarnation === this.incarnation) this.markHandled(key, queue, chunk.slice(0, done));
        await sleep(delayMs);
        delayMs = Math.min(delayMs * 2, redeliveryMaxMs);
        continue;
      }
      delayMs = redeliveryMinMs;
      if (incarnation !== this.incarnation) return;
      this.markHandled(key, queue, chunk);
    }
  }

  /**
   * Handles a partition's waiting messages up to `perPartition` at once, each as soon as it may start (see
   * `SubscribeOptions.overtaking`), taking new arrivals as they come rather than after the slowest in hand.
   */
  private async drainOvertaking(
    key: string,
    queue: ClientMessage[],
    incarnation: number,
    { perPartition, mayOvertake }: NonNullable<SubscribeOptions['overtaking']>,
  ) {
    await Promise.resolve();
    const current = () => incarnation === this.incarnation;
    /** The queue's first `started` messages are handled or being handled; `finished` those done, in any order. */
    let started = 0;
    const finished = new Set<ClientMessage>();
    const inFlight = new Set<Promise<void>>();
    /** An in-order message is being handled: nothing else starts until it is done. */
    let holding = false;
    let peeked: { raw: ClientMessage; message: IncomingMessage | undefined; inOrder: boolean } | undefined;
    /** Takes the finished messages off the front of the queue, up to the first still being handled. */
    const retire = () => {
      let n = 0;
      while (n < started && finished.has(queue[n] as ClientMessage)) n++;
      if (n === 0 || !current()) return;
      const done = queue.slice(0, n);
      for (const m of done) finished.delete(m);
      started -= n;
      this.markHandled(key, queue, done);
    };
    while (current() && !this.stopped) {
      const raw = queue[started];
      if (raw && peeked?.raw !== raw) {
        const message = this.decode(raw);
        peeked = { raw, message, inOrder: message !== undefined && !mayOvertake(message) };
      }
      const next = raw ? peeked : undefined;
      if (next && !holding && inFlight.size < perPartition && !(next.inOrder && inFlight.size > 0)) {
        started++;
        holding = next.inOrder;
        const work: Promise<void> = (next.message ? this.handleUntilDone(key, next.message, incarnation) : Promise.resolve(true)).then(
          (handled) => {
            if (handled) finished.add(next.raw);
            if (next.inOrder) holding = false;
            inFlight.delete(work);
          },
        );
        inFlight.add(work);
        continue;
      }
      if (!next && inFlight.size === 0) break;
      let wake: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => this.wakers.set(key, (wake = resolve)));
      await Promise.race([...inFlight, arrived]);
      // Only its own: after a restart, the new member's drain of this partition may have set its waker since.
      if (this.wakers.get(key) === wake) this.wakers.delete(key);
      retire();
    }
    await Promise.allSettled(inFlight);
    retire();
  }

  /**
   * One message through `handle`, again after a backoff each time it throws: true once handled, false when the member
   * ends first (the message is then not counted as handled, and is delivered again).
   */
  private async handleUntilDone(key: string, message: IncomingMessage, incarnation: number): Promise<boolean> {
    for (let delayMs = redeliveryMinMs; ; delayMs = Math.min(delayMs * 2, redeliveryMaxMs)) {
      try {
        await this.options.handle(message);
        return true;
      } catch (error) {
        this.logger.error(
          { groupId: this.options.groupId, partition: key, offset: message.offset, err: error },
          'handler failed; handling the message again',
        );
        if (incarnation !== this.incarnation || this.stopped) return false;
        await sleep(delayMs);
      }
    }
  }

  /** The first messages of a partition's queue are handled: their offsets are committed at the next tick. */
  private markHandled(key: string, queue: ClientMessage[], done: ClientMessage[]) {
    queue.splice(0, done.length);
    this.handled.set(key, done[done.length - 1] as ClientMessage);
    this.queuedCount -= done.length;
    if (this.queuedCount < queuedHigh / 2 && this.stream?.isPaused()) this.stream.resume();
  }

  /**
   * How far behind this member is on the partitions it holds (for /metrics): the client's own reckoning, from the log
   * ends it asks the leaders for and the offsets this member committed (or started from). None while it restarts.
   */
  private async lag(): Promise<PartitionLag[]> {
    const consumer = this.consumer;
    const held = (consumer?.assignments ?? []).filter((a) => a.partitions.length > 0);
    if (!consumer || held.length === 0) return [];
    const partitions = Object.fromEntries(held.map((a) => [a.topic, a.partitions]));
    return lagRows(await consumer.getLag({ topics: held.map((a) => a.topic), partitions }));
  }

  /**
   * Commits, per partition, the offset after the last handled message; a failed commit is tried at the next tick. One
   * commit runs at a time; a call meanwhile shares it.
   */
  private commit(): Promise<void> {
    if (!this.committing) {
      // Cleared in a reaction, which always runs after this assignment: were it cleared inside the async function, a
      // commit with nothing to do (no await in it) would clear it before being assigned, and stay assigned for good,
      // so that no offset was ever committed again.
      const committing = this.commitHandled().finally(() => {
        if (this.committing === committing) this.committing = undefined;
      });
      this.committing = committing;
    }
    return this.committing;
  }

  private async commitHandled(): Promise<void> {
    for (const [key, message] of [...this.handled]) {
      try {
        if ((await within(Promise.resolve(message.commit()), commitWaitMs)) === notInTime)
          throw new Error(`no answer within ${commitWaitMs} ms`);
        if (this.handled.get(key) === message) this.handled.delete(key);
      } catch (error) {
        this.logger.warn({ groupId: this.options.groupId, partition: key, err: error }, 'offset commit failed; trying again');
      }
    }
  }

  /**
   * The client has given up on this member (a fetch or a rejoin failed beyond its retries): commit what was handled,
   * drop what was not (it is fetched again from the committed offsets) and start a new member, backing off while the
   * broker stays away.
   */
  private restart(incarnation: number, error: Error) {
    if (this.stopped || this.restarting || incarnation !== this.incarnation) return;
    this.restarting = true;
    this.incarnation++;
    this.logger.error({ groupId: this.options.groupId, err: error }, 'consumer failed; starting it again');
    const oldWork = [...this.working.values()];
    this.working = new Map();
    void (async () => {
      // Work of the old member can no longer mark anything handled (its incarnation is over): what it has not finished
      // when this stops waiting is delivered again to the new member, and handlers take a repeat as the same message.
      await within(Promise.allSettled(oldWork), oldMemberWaitMs);
      await within(this.commit(), oldMemberWaitMs);
      // A commit of the old member's still waiting (its client may hold it until a rejoin that never comes) is not
      // shared with the new member's commits: theirs start afresh.
      this.committing = undefined;
      // What could not be committed now never can be through this member (its client is closed): the new member
      // starts from the offsets committed, and handlers treat the messages delivered again as the same ones.
      this.handled.clear();
      this.queues.clear();
      this.queuedCount = 0;
      await within(this.closeMember(), oldMemberWaitMs);
      for (let delayMs = restartMinMs; !this.stopped; delayMs = Math.min(delayMs * 2, restartMaxMs)) {
        await sleep(delayMs);
        if (this.stopped) break;
        try {
          await this.start();
          break;
        } catch (startError) {
          this.logger.warn({ groupId: this.options.groupId, err: startError }, 'consumer not started yet; retrying');
          await this.closeMember();
        }
      }
      this.restarting = false;
    })();
  }

  private async closeMember() {
    const { stream, consumer } = this;
    this.stream = undefined;
    this.consumer = undefined;
    await stream?.close().catch(() => undefined);
    if (consumer) await closeForcibly(consumer);
  }

  /** The message as handlers see it; undefined (logged) when the payload is not JSON. */
  private decode(message: ClientMessage): IncomingMessage | undefined {
    const headers: Record<string, string> = {};
    for (const [name, value] of message.headers) if (name !== undefined && value !== undefined) headers[name] = value;
    const offset = message.offset.toString();
    try {
      const value: unknown = message.value === undefined ? undefined : JSON.parse(message.value);
      return { topic: message.topic, partition: message.partition, offset, key: message.key ?? undefined, value, headers };
    } catch {
      this.logger.error({ topic: message.topic, partition: message.partition, offset }, 'skipping a message that is not JSON');
      return undefined;
    }
  }
}
