import { serviceNames } from '@pds/contracts';
import type { RegistryControl, ServiceStack } from '@pds/infra';
import type { ownServers } from '../support/own-servers';

// The soak's faults, taken in turn round after round: each service process killed with SIGKILL and started again, the
// broker and the database killed and started again a few seconds later, and the registry slow, failing or unsure.

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
}

/** Injects one fault and undoes it (a process started again); the registry's faults wear off after their `times`. */
export const inject = async (kind: FaultKind, { stack, servers, registry }: FaultTargets): Promise<void> => {
  switch (kind) {
    case 'kill kafka':
      servers.killBroker();
      await sleep(dependencyAwayMs);
      return servers.startBroker();
    case 'kill postgresql':
      servers.killPostgres();
      await sleep(dependencyAwayMs);
      return servers.startPostgres();
    case 'registry slow to accept':
      return void (await registry.setFaults([{ operation: 'submit', mode: 'slow', delayMs: 3_000, times: 2 }]));
    case 'registry fails a copy':
      return void (await registry.setFaults([{ operation: 'fulfil', mode: 'fail', times: 1 }]));
    case 'registry unsure of a submission':
      return void (await registry.setFaults([{ operation: 'submit', mode: 'uncertain', times: 1 }]));
    default: {
      const service = kind.slice('kill '.length) as (typeof serviceNames)[number];
      await stack.kill(service, 'SIGKILL');
      await sleep(500);
      return stack.spawn(service);
    }
  }
};
