// The Kafka client, loaded for the bus modules alone (bus.ts, group-consumer.ts): nothing else knows which client it is.
// @platformatic/kafka ships ES modules only; Node 20.19+ loads them through require, which keeps these modules CommonJS.
import type * as KafkaClient from '@platformatic/kafka' with { 'resolution-mode': 'import' };

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const kafkaClient = require('@platformatic/kafka') as typeof KafkaClient;
export type { KafkaClient };

/**
 * A Kafka response's tagged fields are a count, then each field's tag, size and bytes (KIP-482). This release reads
 * them as one signed length and skips that many bytes: a response carrying one tagged field (a count of 1 reads as
 * -1) is misread from there on. Brokers add them to errors, such as the current leader on a fetch or produce refused
 * by a restarted broker, so every fetch failed with "Out of bounds" until the consumer gave up (about 26 s of
 * retries). The 2.x releases read them this way, but need Node 22.
 */
kafkaClient.Reader.prototype.readTaggedFields = function readTaggedFields(this: KafkaClient.Reader) {
  const count = this.readUnsignedVarInt();
  for (let i = 0; i < count; i++) {
    this.readUnsignedVarInt(); // the tag: none is read by this client
    this.skip(this.readUnsignedVarInt());
  }
};

const { Base } = kafkaClient;
// Annotated: a unique symbol read off an object would widen to `symbol`.
const kGetConnection: typeof KafkaClient.kGetConnection = kafkaClient.kGetConnection;
const connect = Base.prototype[kGetConnection];

/**
 * While a broker starts again, its metadata can list no broker yet (KRaft lists only brokers it has let back in). The
 * client then asks its pool for a connection to a broker it cannot find and throws a TypeError inside its own socket
 * callback, which no caller can catch: the process ends (seen on a group coordinator's join or heartbeat, and possible
 * on every produce and fetch; @platformatic/kafka 1.35, the last release for Node 20). Every client (consumer,
 * producer, admin: each inherits this from Base) answers an unknown broker as a failed request instead: the metadata
 * is dropped, so the operation's next attempt (a new consumer member, the next send) reads it afresh, and the error is
 * not retried inside the operation, which would read the same stale metadata every time.
 */
Base.prototype[kGetConnection] = function connectKnown(
  this: KafkaClient.Base,
  broker: KafkaClient.Broker | undefined,
  callback: KafkaClient.Callback<KafkaClient.Connection>,
) {
  if (broker) {
    connect.call(this, broker, callback);
    return;
  }
  this.clearMetadata();
  callback(new kafkaClient.NetworkError('The broker is not in the cluster metadata yet (is it starting?).', { canRetry: false }));
};

const brokerAwayCodes = new Set(['PLT_KFK_NETWORK', 'PLT_KFK_TIMEOUT']);

/**
 * Whether a client's failure says the broker could not be reached or could not serve yet (a connection refused or
 * closed, a request timed out, a coordinator not ready after a restart: whatever the client marks retriable), so
 * that the caller may wait and try again; not a refusal such as a failed authentication or an unknown topic.
 */
export const isBrokerAway = (error: unknown): boolean => {
  const e = error as { code?: unknown; canRetry?: unknown; errors?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (Array.isArray(e.errors) && e.errors.length > 0) return e.errors.every(isBrokerAway);
  return e.canRetry === true || (typeof e.code === 'string' && brokerAwayCodes.has(e.code));
};
