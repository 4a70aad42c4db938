import { defaultRegistryCredentials, RegistryControl, startRegistrySimulator, type RunningRegistrySimulator } from '@pds/infra';
import { businessGateway } from '@pds/land-register';
import { createLogger } from '@pds/service-runtime';

// The registry test environment in this process, on a free port, for one test file: business time the file sets
// (11:00 in London by default, again before each test), its faults armed through its controls and cleared after each
// test, the vendor test user, the transport that reaches HM Land Registry pointed at it, and a plain authenticated GET.

const start = () => new Date('2026-05-12T10:00:00Z'); // 11:00 in London

type Running = { registry: RunningRegistrySimulator; control: RegistryControl; transport: businessGateway.BusinessGatewayTransport };

export const registryTestEnvironment = () => {
  const account: { username: string; password: string } = { ...defaultRegistryCredentials };
  let now = start();
  let running: Running | undefined;
  const serving = (): Running => {
    if (!running) throw new Error('the registry test environment is not serving: use it inside a test');
    return running;
  };

  beforeAll(async () => {
    const registry = await startRegistrySimulator({ clock: { now: () => now }, logger: createLogger('registry-simulator', 'silent') });
    running = {
      registry,
      control: new RegistryControl(registry.url),
      transport: new businessGateway.BusinessGatewayTransport({ environment: 'test', rootUrl: registry.url, credentials: account }),
    };
  });
  afterAll(() => running?.registry.close());
  beforeEach(() => {
    now = start();
  });
  afterEach(() => running?.control.clearFaults());

  return {
    account,
    get now() {
      return now;
    },
    set now(at: Date) {
      now = at;
    },
    get transport() {
      return serving().transport;
    },
    get url() {
      return serving().registry.url;
    },
    setFaults: (faults: Parameters<RegistryControl['setFaults']>[0]) => serving().control.setFaults(faults),
    get: async (path: string, auth: { username: string; password: string } = account) => {
      const res = await fetch(`${serving().registry.url}${path}`, {
        headers: { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` },
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
    },
  };
};
