import { AdminClient, docker, localImage, testEnvironmentSettings } from '@pds/infra';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { GenericContainer, Network, Wait, type StartedNetwork, type StartedTestContainer } from 'testcontainers';

// The whole stack as containers on their own network, for a platform team's tests (README, "Containers"): Kafka,
// PostgreSQL with PostGIS, the migrations, the upstreams' test environments and the five services, from the images
// `npm run images` builds (tagged :local). Nothing is published but the gateway, its operator API, PostgreSQL (for the
// finance audit) and the registry test environment (to set its faults), each on a free loopback port.

export const serviceNames = ['billing-ledger', 'land-registry-orders', 'analysis', 'location', 'gateway'] as const;
export type PlatformService = (typeof serviceNames)[number];

export interface PlatformStackOptions {
  /** Where each container's output is written, `<name>.log`. */
  logDir: string;
  /** Extra environment for the services and the registry test environment (LOG_LEVEL, timeouts). */
  env?: Record<string, string>;
  /**
   * A business-time clock file on this machine (tests only: service-runtime's clock), mounted read-only into the
   * services and the registry test environment, so that a test can move their time as it does the local stack's.
   */
  clockFile?: string;
  /** How long each container may take to become healthy; the first start of Kafka and the gateway take longest. */
  startupTimeoutMs?: number;
}

export interface PlatformStack {
  gatewayUrl: string;
  adminUrl: string;
  /** The operator API's client (accounts, deposits, balances, quarantined orders). */
  admin: AdminClient;
  /** The event store from this machine, as finance's audit reads it. */
  databaseUrl: string;
  /** The registry test environment's API root from this machine (RegistryControl sets its faults). */
  registryUrl: string;
  container(name: string): StartedTestContainer;
  /** Kills a service's container (SIGKILL: no cleanup, as a crashed host would). */
  kill(service: PlatformService): Promise<void>;
  /** Starts a killed service's container again and waits until it is healthy. */
  start(service: PlatformService): Promise<void>;
  /** Stops and removes every container, their volumes and the network. */
  stop(): Promise<void>;
}

const postgresPassword = 'pds-platform-test';
const epcToken = randomBytes(16).toString('hex');
const clockDirInContainer = '/var/lib/pds-clock';

export const startStack = async (options: PlatformStackOptions): Promise<PlatformStack> => {
  mkdirSync(options.logDir, { recursive: true });
  const timeout = options.startupTimeoutMs ?? 180_000;
  const network: StartedNetwork = await new Network().start();
  const started = new Map<string, StartedTestContainer>();
  const adminToken = randomBytes(24).toString('hex');
  // The clock file's directory is mounted (not the file): the tests replace the file whole (write and rename).
  const clock: { mount: { source: string; target: string; mode: 'ro' }[]; env: Record<string, string> } = options.clockFile
    ? {
        mount: [{ source: dirname(options.clockFile), target: clockDirInContainer, mode: 'ro' }],
        env: { PDS_CLOCK_FILE: join(clockDirInContainer, basename(options.clockFile)) },
      }
    : { mount: [], env: {} };

  const container = (name: string, image: string) =>
    new GenericContainer(image)
      .withName(`pds-${name}-${randomBytes(3).toString('hex')}`)
      .withNetwork(network)
      .withNetworkAliases(name)
      .withStartupTimeout(timeout)
      .withLogConsumer((stream) => stream.pipe(createWriteStream(join(options.logDir, `${name}.log`), { flags: 'a' })));
  const start = async (name: string, definition: GenericContainer) => {
    const running = await definition.start();
    started.set(name, running);
    return running;
  };
  const stopAll = async () => {
    await Promise.all(
      [...started.values()].map((c) => c.stop({ remove: true, removeVolumes: true, timeout: 10_000 }).catch(() => undefined)),
    );
    await network.stop().catch(() => undefined);
  };

  const environment = {
    KAFKA_BROKERS: 'kafka:9092',
    DATABASE_URL: `postgres://pds:${postgresPassword}@postgres:5432/pds`,
    TOPIC_NAMESPACE: 'pds',
    ...testEnvironmentSettings({
      registryUrl: 'http://registry-simulator:8090',
      epcUrl: 'http://epc-simulator:8091',
      epcToken,
      openDataUrl: 'http://open-data-simulator:8092',
    }),
    ...clock.env,
    ...options.env,
  };
  const service = (name: PlatformService) =>
    container(name, localImage('service'))
      .withCommand(['node', `services/${name}/dist/main.js`])
      .withEnvironment(environment)
      .withBindMounts(clock.mount)
      .withWaitStrategy(Wait.forHealthCheck());

  /** An upstream's test environment (infra/src/<name>), healthy once its own health endpoint answers. */
  const testEnvironment = (name: string, port: number, healthPath: string, env: Record<string, string>) =>
    container(name, localImage('service'))
      .withCommand(['node', `infra/dist/${name}/main.js`])
      .withEnvironment({ ...env, HEALTHCHECK_URL: `http://127.0.0.1:${port}${healthPath}` })
      .withWaitStrategy(Wait.forHealthCheck());

  try {
    const [postgres] = await Promise.all([
      start(
        'postgres',
        container('postgres', localImage('postgres'))
          .withEnvironment({ POSTGRES_USER: 'pds', POSTGRES_PASSWORD: postgresPassword, POSTGRES_DB: 'pds' })
          .withExposedPorts(5432)
          .withWaitStrategy(Wait.forHealthCheck()),
      ),
      start(
        'kafka',
        container('kafka', localImage('kafka'))
          .withEnvironment({
            KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://kafka:9092',
            KAFKA_NUM_PARTITIONS: '4',
            KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
          })
          .withWaitStrategy(Wait.forHealthCheck()),
      ),
      start(
        'registry-simulator',
        testEnvironment('registry-simulator', 8090, '/health', {
          REGISTRY_PORT: '8090',
          REGISTRY_HOST: '0.0.0.0',
          ...clock.env,
          ...options.env,
        })
          .withBindMounts(clock.mount)
          .withExposedPorts(8090),
      ),
      start(
        'epc-simulator',
        testEnvironment('epc-simulator', 8091, '/health', {
          EPC_SIMULATOR_PORT: '8091',
          EPC_SIMULATOR_HOST: '0.0.0.0',
          EPC_API_TOKEN: epcToken,
        }),
      ),
      start(
        'open-data-simulator',
        testEnvironment('open-data-simulator', 8092, '/health', { OPEN_DATA_SIMULATOR_PORT: '8092', OPEN_DATA_SIMULATOR_HOST: '0.0.0.0' }),
      ),
    ]);
    await start(
      'migrate',
      container('migrate', localImage('service'))
        .withCommand(['node', 'infra/dist/cli/migrate.js'])
        .withEnvironment(environment)
        .withWaitStrategy(Wait.forOneShotStartup()),
    );
    await Promise.all(serviceNames.filter((s) => s !== 'gateway').map((s) => start(s, service(s))));
    const gateway = await start(
      'gateway',
      service('gateway')
        .withEnvironment({ PORT: '8080', ADMIN_PORT: '8081', ADMIN_TOKEN: adminToken, HEALTHCHECK_URL: 'http://127.0.0.1:8080/healthz' })
        .withExposedPorts(8080, 8081),
    );
    const host = gateway.getHost();
    const adminUrl = `http://${host}:${gateway.getMappedPort(8081)}`;
    const registry = started.get('registry-simulator')!;
    return {
      gatewayUrl: `http://${host}:${gateway.getMappedPort(8080)}`,
      adminUrl,
      admin: new AdminClient(adminUrl, adminToken),
      databaseUrl: `postgres://pds:${postgresPassword}@${postgres.getHost()}:${postgres.getMappedPort(5432)}/pds`,
      registryUrl: `http://${registry.getHost()}:${registry.getMappedPort(8090)}`,
      container: (name) => {
        const found = started.get(name);
        if (!found) throw new Error(`no container ${name} in this stack`);
        return found;
      },
      kill: async (name) => {
        await docker(['kill', '--signal', 'KILL', started.get(name)!.getId()]);
      },
      start: async (name) => {
        const id = started.get(name)!.getId();
        await docker(['start', id]);
        await healthy(id, timeout);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};

/** Waits until Docker reports the container healthy by its image's health check. */
const healthy = async (id: string, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < until) {
    status = (await docker(['inspect', '--format', '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}', id])).trim();
    if (status === 'running healthy') return;
    if (status.startsWith('exited') || status.startsWith('dead')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`container ${id.slice(0, 12)} not healthy after ${timeoutMs} ms (${status})`);
};
