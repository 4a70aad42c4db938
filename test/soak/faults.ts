import { serviceNames } from '@pds/contracts';
import type { RegistryControl, ServiceStack } from '@pds/infra';
import { startAgain, type Instance } from '../support/instances';
import type { ownServers } from '../support/own-servers';

// The soak's faults, taken in turn round after round: a service's process killed with SIGKILL and started again (its
// first process, or its second), the broker and the database killed and started again a few seconds later, and the
// registry slow, failing or unsure.

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** How long the broker or the database stays away. */
const dependencyAwayMs = 5_000;

export const faultKinds = [
  ...serviceNames.map((s) => `kill ${s}` as const),
  'kill kafka',
  'kill postgresql',
  'registry slow to accept',
  'registry fails a copy',
  'registry unsure of a submission',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultTargets {
  stack: ServiceStack;
  servers: ReturnType<typeof ownServers>;
  registry: RegistryControl;
  /** Every service's second process, by service. */
  seconds: ReadonlyMap<string, Instance>;
}

/**
 * Injects one fault and undoes it (a process started again); the registry's faults wear off after their `times`. A
 * service's fault falls on its second process when `second`. Gives back the fault as injected (the process named).
 */
export const inject = async (kind: FaultKind, { stack, servers, registry, seconds }: FaultTargets, second: boolean): Promise<string> => {
  switch (kind) {
    case 'kill kafka':
      servers.killBroker();
      await sleep(dependencyAwayMs);
      await servers.startBroker();
      return kind;
    case 'kill postgresql':
      servers.killPostgres();
      await sleep(dependencyAwayMs);
      await servers.startPostgres();
      return kind;
    case 'registry slow to accept':
      await registry.setFaults([{ operation: 'submit', mode: 'slow', delayMs: 3_000, times: 2 }]);
      return kind;
    case 'registry fails a copy':
      await registry.setFaults([{ operation: 'fulfil', mode: 'fail', times: 1 }]);
      return kind;
    case 'registry unsure of a submission':
      await registry.setFaults([{ operation: 'submit', mode: 'uncertain', times: 1 }]);
      return kind;
    default: {
      const service = kind.slice('kill '.length) as (typeof serviceNames)[number];
      const instance = second ? seconds.get(service) : undefined;
      const name = instance?.name ?? service;
      await stack.kill(name, 'SIGKILL');
      await sleep(500);
      if (instance) await startAgain(stack, instance);
      else stack.spawn(service);
      return `kill ${name}`;
    }
  }
};
