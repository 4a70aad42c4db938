export const serviceNames = ['gateway', 'billing-ledger', 'land-registry-orders', 'analysis', 'location'] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * Topic names, prefixed by a namespace so that several stacks (tests, benchmarks) can share one broker.
 * Commands for a service go to `<ns>.<service>.commands`; events of a stream category go to `<ns>.events.<category>`;
 * each requesting process has its own reply topic.
 */
export const topicsFor = (namespace: string) => ({
  commands: (service: ServiceName) => `${namespace}.${service}.commands`,
  events: (category: string) => `${namespace}.events.${category}`,
  replies: (instanceId: string) => `${namespace}.replies.${instanceId}`,
});
export type Topics = ReturnType<typeof topicsFor>;

/** Partitions of every command and event topic; account commands are keyed by account id, so one account is serial. */
export const partitionsPerTopic = 4;
