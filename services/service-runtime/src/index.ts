export * from './config';
export * from './periodic';
export * from './batched-calls';
export * from './clock';
export * from './service';
export * from './observability/logger';
export * from './observability/tracing';
export * from './messaging/bus';
export * from './messaging/request-reply';
export * from './messaging/command-host';
export * from './decider/decider';
/** Test helpers: `deciderTests.given(decider)(events).when(command).then(events)`; see decider/specification.ts. */
export * as deciderTests from './decider/specification';
export * from './event-store/types';
export * from './event-store/postgres';
export * from './event-store/log-follower';
export * from './event-store/kafka-relay';
export * from './event-store/aggregate';
export * from './event-store/eventstoredb';
