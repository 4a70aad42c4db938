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

/**
 * Partitions of a service's command topic, each handled in order and up to this many at once. The services that
 * answer reads alone (analysis, location: no command of theirs depends on another's being decided first) take 16, so
 * that a long answer (a property profile waiting on four services) holds up a sixteenth of the commands behind it
 * rather than a quarter (bench:data-operations); the others keep 4, their commands ordered by key.
 */
export const commandPartitions = (service: ServiceName): number =>
  service === 'analysis' || service === 'location' ? 16 : partitionsPerTopic;
