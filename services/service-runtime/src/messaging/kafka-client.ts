// The Kafka client, loaded for the bus modules alone (bus.ts, group-consumer.ts): nothing else knows which client it is.
// @platformatic/kafka ships ES modules only; Node loads them through require, which keeps these modules CommonJS.
import type * as KafkaClient from '@platformatic/kafka' with { 'resolution-mode': 'import' };

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const kafkaClient = require('@platformatic/kafka') as typeof KafkaClient;
export type { KafkaClient };

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
