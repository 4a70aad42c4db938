import type { ServiceName } from '@pds/contracts';
import { freePort, type ServiceStack } from '@pds/infra';

// More processes of a service beside the stack's first: for the tests that run several instances of each (scale-out,
// the fault soak). Each has a metrics port of its own and, a gateway, a public port of its own and no operator API
// (the first gateway's serves the test).

export interface Instance {
  service: ServiceName;
  name: string;
  metricsUrl: string;
  /** A gateway's own origin, for an entry point in front of the gateways. */
  gatewayUrl?: string;
  /** What it was started with, to start it again after a kill on the same ports. */
  env: Record<string, string>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Starts the process and waits until it answers (a gateway its `/healthz`, another service its metrics). */
const spawnAndWait = async (stack: ServiceStack, instance: Instance): Promise<Instance> => {
  stack.spawnInstance(instance.service, instance.name, instance.env);
  const readyUrl = instance.gatewayUrl ? `${instance.gatewayUrl}/healthz` : instance.metricsUrl;
  for (let until = Date.now() + 60_000; ; await sleep(250)) {
    if (Date.now() > until) throw new Error(`${instance.name} not answering at ${readyUrl}`);
    const answers = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (answers) return instance;
  }
};

/** Another process of `service`, named `name`, started and answering. */
export const addInstance = async (stack: ServiceStack, service: ServiceName, name: string): Promise<Instance> => {
  const metricsPort = await freePort();
  const env: Record<string, string> = { METRICS_PORT: String(metricsPort) };
  const instance: Instance = { service, name, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, env };
  if (service === 'gateway') {
    const port = await freePort();
    Object.assign(env, { PORT: String(port), ADMIN_TOKEN: '' });
    instance.gatewayUrl = `http://127.0.0.1:${port}`;
  }
  return spawnAndWait(stack, instance);
};

/** An instance added earlier, killed, started again as it was (same name, same ports) and answering. */
export const startAgain = (stack: ServiceStack, instance: Instance): Promise<Instance> => spawnAndWait(stack, instance);
