// The Kafka client, loaded for the bus modules alone (bus.ts, group-consumer.ts): nothing else knows which client it is.
// @platformatic/kafka ships ES modules only; Node 20.19+ loads them through require, which keeps these modules CommonJS.
import type * as KafkaClient from '@platformatic/kafka' with { 'resolution-mode': 'import' };

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const kafkaClient = require('@platformatic/kafka') as typeof KafkaClient;
export type { KafkaClient };
