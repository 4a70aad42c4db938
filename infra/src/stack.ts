import { serviceNames, type ServiceName } from '@pds/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { MailControl } from './mail-control';
import { migrate } from './migrate';
import { defaultRegistryCredentials } from './registry-simulator/credentials';
import type { ExitStatus, RunningProcess, Supervisor } from './supervision/supervisor';

export const repoRoot = join(__dirname, '..', '..');

export interface StackOptions {
  databaseUrl: string;
  kafkaBrokers: string;
  /** Topic prefix: several stacks can share one broker. */
  namespace: string;
  port: number;
  adminPort: number;
  adminToken: string;
  logDir: string;
  /** Extra environment for every service (timeouts, log level) and for the registry simulator. */
  env?: Record<string, string>;
  /**
   * The keys webhook secrets are sealed under (WEBHOOK_SECRET_KEYS); a new key for this stack when absent. `npm start`
   * keeps one in `.run/`, so that the secrets of webhooks registered before a restart still open after it.
   */
  webhookSecretKeys?: string;
  /** Extra environment for the registry simulator only (REGISTRY_FULFILMENT_DELAY_MS). */
  registryEnv?: Record<string, string>;
  /** Extra environment for the EPC register simulator only (EPC_REGISTER_FILE). */
  epcEnv?: Record<string, string>;
  /** Extra environment for the open-data simulator only (POLICE_SIMULATOR_FILES). */
  openDataEnv?: Record<string, string>;
  /** Extra environment for the mail sink only (MAIL_SINK_DIR). */
  mailEnv?: Record<string, string>;
  /** Extra environment for the Stripe simulator only (STRIPE_SIM_WEBHOOK_URL, STRIPE_SIM_RETRY_BASE_MS). */
  stripeEnv?: Record<string, string>;
  /** The Stripe webhook signing secret (`whsec_…`); a new one for this stack when absent (`npm start` keeps one in `.run/`). */
  stripeWebhookSecret?: string;
  readyTimeoutMs?: number;
  /**
   * Restarts a process of the stack that dies (`npm start`). Without it (the e2e tests) a process that dies stays
   * dead until a test starts it again. Either way, `kill`, `restart` and `stop` are deliberate and never restarted.
   */
  supervisor?: Supervisor;
}

const entryPoint = (service: ServiceName) => join(repoRoot, 'services', service, 'dist', 'main.js');

export const registrySimulatorName = 'registry-simulator';
const registrySimulatorEntryPoint = join(__dirname, 'registry-simulator', 'main.js');
/** A test environment's start, five at once on two cores (about 3 s each alone here, mostly loading modules). */
const simulatorReadyTimeoutMs = 30_000;

export const epcSimulatorName = 'epc-simulator';
const epcSimulatorEntryPoint = join(__dirname, 'epc-simulator', 'main.js');
/** What answers built from the EPC test environment say of it in `sources`. */
export const epcSimulatorDescription =
  'SYNTHETIC certificates from the EPC register test environment (infra/src/epc-simulator), made by ' +
  'infra/demo-data/src/epc/generate.ts; not MHCLG data, not real certificates.';

export const openDataSimulatorName = 'open-data-simulator';
const openDataSimulatorEntryPoint = join(__dirname, 'open-data-simulator', 'main.js');
/** What answers built from the open-data test environment's police.uk API say of it in `sources`. */
export const policeSimulatorDescription =
  'The police.uk API test environment (infra/src/open-data-simulator): real police.uk street-level records of the demo ' +
  "files, served in the API's format (API and street ids made up). Contains public sector information licensed under " +
  'the Open Government Licence v3.0.';

/** What ground-risk answers built from the open-data test environment's map services say of them in `sources`. */
export const groundRiskSimulatorDescription =
  'SYNTHETIC coal mining, landslide and geology layers of the map services test environment (infra/src/open-data-simulator/ground/layers.ts), ' +
  'laid over the demo region and the Yorkshire coalfield; not Coal Authority or BGS data.';

export const mailSinkName = 'mail-sink';
const mailSinkEntryPoint = join(__dirname, 'mail-sink', 'main.js');
/** The From of the stack's mail (the gateway's default, given so the setting is seen at work). */
export const stackMailFrom = 'Property Data Service <no-reply@pds.invalid>';
export const stripeSimulatorName = 'stripe-simulator';
const stripeSimulatorEntryPoint = join(__dirname, 'stripe-simulator', 'main.js');

/**
 * The Prices the Stripe test environment is seeded with, one a self-service plan at the plan's monthly price in
 * pence (the prices proposed for the plans: Basic £29, Standard £99, Premium £299).
 */
export const stripeTestPrices = [
  { plan: 'basic', priceId: 'price_test_basic', pence: 2_900 },
  { plan: 'standard', priceId: 'price_test_standard', pence: 9_900 },
  { plan: 'premium', priceId: 'price_test_premium', pence: 29_900 },
] as const;

/** Where the Stripe test environment delivers events: the gateway's webhook route. */
export const stripeWebhookPath = '/account/stripe/webhook';

/** What every service is told of the Stripe test environment: its API root, its keys, the plans' Price ids. */
export const stripeSettings = (at: { stripeUrl: string; secretKey: string; webhookSecret: string }) => ({
  STRIPE_API_URL: at.stripeUrl,
  STRIPE_SECRET_KEY: at.secretKey,
  STRIPE_WEBHOOK_SECRET: at.webhookSecret,
  // Its hosted checkout page stands where Stripe's would, so the dashboard's forms may lead there.
  STRIPE_CHECKOUT_ORIGINS: at.stripeUrl,
  ...Object.fromEntries(stripeTestPrices.map((p) => [`STRIPE_PRICE_${p.plan.toUpperCase()}`, p.priceId])),
});

/** A new Stripe webhook signing secret. */
export const newStripeWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * What every service is told of the upstreams' test environments (the registry's root, where Business Gateway's test
 * service paths answer, with the user it accepts; the EPC register's root with its token; the open-data one's root),
 * with the notes that answers built from them carry in `sources`.
 */
export const testEnvironmentSettings = (at: { registryUrl: string; epcUrl: string; epcToken: string; openDataUrl: string }) => ({
  LAND_REGISTRY_ENVIRONMENT: 'test',
  LAND_REGISTRY_URL: at.registryUrl,
  LAND_REGISTRY_USERNAME: defaultRegistryCredentials.username,
  LAND_REGISTRY_PASSWORD: defaultRegistryCredentials.password,
  EPC_API_URL: at.epcUrl,
  EPC_API_TOKEN: at.epcToken,
  EPC_API_SYNTHETIC: epcSimulatorDescription,
  POLICE_API_URL: `${at.openDataUrl}/police/api`,
  POLICE_API_SYNTHETIC: policeSimulatorDescription,
  COAL_WMS_URL: `${at.openDataUrl}/bgs`,
  BGS_GEOLOGY_WMS_URL: `${at.openDataUrl}/bgs`,
  BGS_OGCAPI_URL: `${at.openDataUrl}/bgs/ogcapi`,
  GROUND_RISK_SYNTHETIC: groundRiskSimulatorDescription,
});

/** A WEBHOOK_SECRET_KEYS value of one new 256-bit key. */
export const newWebhookSecretKeys = () => `k${Date.now().toString(36)}:${randomBytes(32).toString('base64')}`;

/** Whether `port` on loopback is free to listen on now (nothing else listens there). */
export const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The range the kernel takes local ports of outgoing connections from (Linux's default when it cannot be read). */
const ephemeralPorts = (): [number, number] => {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux: the default below
  }
  return [32768, 60999];
};

const listenFloor = 20_000;
/** Ports `freePort` has answered in this process. */
const handedOut = new Set<number>();

/**
 * A port free on loopback now, for a server started next. Taken below the ephemeral range where there is room: a
 * port in it can be taken meanwhile by any outgoing connection's local end (a gateway once failed to start so, with
 * EADDRINUSE, in a busy test run), while one below it can only be taken by another server.
 */
export const freePort = async (): Promise<number> => {
  const [low] = ephemeralPorts();
  for (let attempt = 0; low - listenFloor > 1_000 && attempt < 50; attempt++) {
    const port = listenFloor + Math.floor(Math.random() * (low - listenFloor));
    // A stack picks all its ports before starting its servers, so a port handed out is still free when asked again:
    // never the same one twice (two servers of one stack were once given one port).
    if (handedOut.has(port) || !(await portIsFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
};

/**
 * The five services as separate processes, with their logs in `logDir/<service>.log`, and the test environments of
 * their upstreams (the HM Land Registry simulator they order from, the EPC register simulator, the mail sink the
 * gateway sends to), started first.
 */
export class ServiceStack {
  /** Running processes by instance name: the service name, or a name given to an extra instance. */
  private readonly children = new Map<string, ChildProcess>();
  private readonly logs = new Map<string, WriteStream>();
  /** Each service's `/metrics` port (METRICS_PORT), kept across restarts so a scraper's target stays put. */
  private readonly metricsPorts = new Map<string, number>();

  /** The bearer token the EPC test environment accepts and the location service sends. */
  private readonly epcToken = randomBytes(16).toString('hex');

  /** WEBHOOK_SECRET_KEYS for every service process. */
  private readonly webhookSecretKeys: string;
  /** The dashboard's form-token key (ACCOUNT_SECRET_KEYS), one per stack so that every gateway process of it agrees. */
  private readonly accountSecretKeys = randomBytes(32).toString('base64url');

  /** The mail sink's SMTP port and its viewer's, picked at start. */
  private mailPorts = { smtp: 0, http: 0 };
  /** The Stripe test environment's port (chosen at start) and the keys it and the gateway share. */
  private stripePort = 0;
  private readonly stripeSecretKey = `sk_test_${randomBytes(24).toString('base64url')}`;
  private readonly stripeWebhookSecret: string;

  private constructor(
    readonly options: StackOptions,
    private readonly registryPort: number,
    private readonly epcPort: number,
    private readonly openDataPort: number,
  ) {
    this.webhookSecretKeys = options.webhookSecretKeys ?? newWebhookSecretKeys();
    this.stripeWebhookSecret = options.stripeWebhookSecret ?? newStripeWebhookSecret();
  }

  get gatewayUrl() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get adminUrl() {
    return `http://127.0.0.1:${this.options.adminPort}`;
  }

  /** The registry test environment's root (Business Gateway's test service paths under it), given to every service as LAND_REGISTRY_URL. */
  get registryUrl() {
    return `http://127.0.0.1:${this.registryPort}`;
  }

  /** The EPC register test environment's API root, given to every service as EPC_API_URL. */
  get epcUrl() {
    return `http://127.0.0.1:${this.epcPort}`;
  }

  /** The open-data test environment's root; the police.uk API is at /police/api under it. */
  get openDataUrl() {
    return `http://127.0.0.1:${this.openDataPort}`;
  }

  /** The mail sink's viewer (and its controls at /_control): every message the services sent. */
  get mailUrl() {
    return `http://127.0.0.1:${this.mailPorts.http}`;
  }

  /** Where the gateway sends mail (SMTP_URL): the mail sink. */
  get smtpUrl() {
    return `smtp://127.0.0.1:${this.mailPorts.smtp}`;
  }

  /** The mail sink's controls: the messages caught, found by recipient and subject. */
  get mail(): MailControl {
    return new MailControl(this.mailUrl);
  }

  /** The Stripe test environment's API root (its hosted checkout pages and controls beside it), given as STRIPE_API_URL. */
  get stripeUrl() {
    return `http://127.0.0.1:${this.stripePort}`;
  }

  static async start(options: StackOptions): Promise<ServiceStack> {
    mkdirSync(options.logDir, { recursive: true });
    await migrate(options.databaseUrl);
    const stack = new ServiceStack(options, await freePort(), await freePort(), await freePort());
    for (const service of serviceNames) stack.metricsPorts.set(service, await freePort());
    stack.mailPorts = { smtp: await freePort(), http: await freePort() };
    stack.stripePort = await freePort();
    try {
      // The test environments side by side (their start is each one's own CPU, mostly loading modules: one at a time
      // left the second core idle), then the services, which need them only to serve some calls.
      await Promise.all([
        stack.startMailSink(),
        stack.startRegistrySimulator(),
        stack.startEpcSimulator(),
        stack.startOpenDataSimulator(),
        stack.startStripeSimulator(),
      ]);
      for (const service of serviceNames) stack.spawn(service);
      await stack.waitUntilHealthy(options.readyTimeoutMs ?? 90_000);
    } catch (error) {
      // Nobody else holds the stack yet: stop what did start rather than leave it running.
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** Where a service's Prometheus metrics are served. */
  metricsUrl(service: ServiceName): string {
    return `http://127.0.0.1:${this.metricsPorts.get(service)}/metrics`;
  }

  spawn(service: ServiceName): void {
    this.spawnInstance(service, service, {});
  }

  /** Another process of a service beside the first (a second gateway on another port, say), with its own log. */
  spawnInstance(service: ServiceName, name: string, env: Record<string, string>): void {
    this.spawnProcess(name, entryPoint(service), {
      KAFKA_BROKERS: this.options.kafkaBrokers,
      DATABASE_URL: this.options.databaseUrl,
      TOPIC_NAMESPACE: this.options.namespace,
      PORT: String(this.options.port),
      ADMIN_PORT: String(this.options.adminPort),
      ADMIN_TOKEN: this.options.adminToken,
      ...testEnvironmentSettings({
        registryUrl: this.registryUrl,
        epcUrl: this.epcUrl,
        epcToken: this.epcToken,
        openDataUrl: this.openDataUrl,
      }),
      ...stripeSettings({ stripeUrl: this.stripeUrl, secretKey: this.stripeSecretKey, webhookSecret: this.stripeWebhookSecret }),
      ...(this.metricsPorts.has(name) ? { METRICS_PORT: String(this.metricsPorts.get(name)) } : {}),
      WEBHOOK_SECRET_KEYS: this.webhookSecretKeys,
      // The demo's and the tests' receivers listen on this machine: loopback targets are allowed (never in production).
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      // Only the gateway sends mail; the stack's goes to the mail sink.
      ...(service === 'gateway' ? { SMTP_URL: this.smtpUrl, MAIL_FROM: stackMailFrom, ACCOUNT_SECRET_KEYS: this.accountSecretKeys } : {}),
      ...this.options.env,
      ...env,
    });
  }

  /**
   * Starts the registry simulator on the stack's registry port and waits until it answers. Its orders live in its
   * memory: after `kill('registry-simulator')` this brings back an empty registry at the same address. It shares
   * the services' environment, so it keeps business time by the same clock file (PDS_CLOCK_FILE).
   */
  async startRegistrySimulator(): Promise<void> {
    this.spawnProcess(registrySimulatorName, registrySimulatorEntryPoint, {
      ...this.options.env,
      REGISTRY_PORT: String(this.registryPort),
      ...this.options.registryEnv,
    });
    await this.waitForAnswer(registrySimulatorName, `${this.registryUrl}/health`);
  }

  /**
   * Starts the EPC register test environment on the stack's EPC port, serving the demo region's synthetic register,
   * and waits until it answers. Its faults live in its memory: after `kill('epc-simulator')` this brings it back with none.
   */
  async startEpcSimulator(): Promise<void> {
    this.spawnProcess(epcSimulatorName, epcSimulatorEntryPoint, {
      ...this.options.env,
      EPC_SIMULATOR_PORT: String(this.epcPort),
      EPC_API_TOKEN: this.epcToken,
      ...this.options.epcEnv,
    });
    await this.waitForAnswer(epcSimulatorName, `${this.epcUrl}/health`);
  }

  /**
   * Starts the open-data test environment (the police.uk API, …) on the stack's port and waits until it answers. Its
   * faults live in its memory: after `kill('open-data-simulator')` this brings it back with none.
   */
  async startOpenDataSimulator(): Promise<void> {
    this.spawnProcess(openDataSimulatorName, openDataSimulatorEntryPoint, {
      ...this.options.env,
      OPEN_DATA_SIMULATOR_PORT: String(this.openDataPort),
      ...this.options.openDataEnv,
    });
    await this.waitForAnswer(openDataSimulatorName, `${this.openDataUrl}/health`);
  }

  /**
   * Starts the mail sink on the stack's mail ports and waits until it answers. What it caught lives in its memory (and
   * in MAIL_SINK_DIR where set): after `kill('mail-sink')` this brings it back with an empty mailbox.
   */
  async startMailSink(): Promise<void> {
    this.spawnProcess(mailSinkName, mailSinkEntryPoint, {
      ...this.options.env,
      MAIL_SINK_SMTP_PORT: String(this.mailPorts.smtp),
      MAIL_SINK_HTTP_PORT: String(this.mailPorts.http),
      ...this.options.mailEnv,
    });
    await this.waitForAnswer(mailSinkName, `${this.mailUrl}/health`);
  }

  /**
   * Starts the Stripe test environment on the stack's Stripe port, seeded with the plans' Prices and delivering events
   * to the gateway's webhook route, and waits until it answers. Its objects live in its memory: after
   * `kill('stripe-simulator')` this brings it back empty. It keeps business time by the services' clock file.
   */
  async startStripeSimulator(): Promise<void> {
    this.spawnProcess(stripeSimulatorName, stripeSimulatorEntryPoint, {
      ...this.options.env,
      STRIPE_SIM_PORT: String(this.stripePort),
      STRIPE_SIM_SECRET_KEY: this.stripeSecretKey,
      STRIPE_SIM_WEBHOOK_SECRET: this.stripeWebhookSecret,
      STRIPE_SIM_WEBHOOK_URL: `${this.gatewayUrl}${stripeWebhookPath}`,
      STRIPE_SIM_PRICES: stripeTestPrices.map((p) => `${p.plan}:${p.priceId}:${p.pence}`).join(','),
      ...this.options.stripeEnv,
    });
    await this.waitForAnswer(stripeSimulatorName, `${this.stripeUrl}/health`);
  }

  private async waitForAnswer(name: string, healthUrl: string): Promise<void> {
    const until = Date.now() + simulatorReadyTimeoutMs;
    let last = 'no answer';
    while (Date.now() < until) {
      const failure = this.failureOf(name);
      if (failure) throw new Error(failure);
      try {
        const res = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) });
        if (res.status === 200) return;
        last = `HTTP ${res.status}`;
      } catch (error) {
        last = (error as Error).message;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${name} not answering after ${simulatorReadyTimeoutMs} ms: ${last}`);
  }

  private spawnProcess(name: string, entry: string, env: Record<string, string>): void {
    const running = this.launch(name, entry, env);
    const logFile = join(this.options.logDir, `${name}.log`);
    const start = async () => this.launch(name, entry, env);
    this.options.supervisor?.watch({ name, logFile, start, note: (line) => this.note(name, line) }, running);
  }

  private launch(name: string, entry: string, env: Record<string, string>): RunningProcess {
    const log = this.logs.get(name) ?? createWriteStream(join(this.options.logDir, `${name}.log`), { flags: 'a' });
    this.logs.set(name, log);
    // PDS_NODE_FLAGS: extra flags for every process of the stack, such as `--cpu-prof --cpu-prof-dir=/tmp/prof` to
    // profile each under a benchmark (Node refuses those in NODE_OPTIONS).
    const flags = (process.env.PDS_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
    const child = spawn(process.execPath, ['--enable-source-maps', ...flags, entry], {
      // Node's compile cache keeps the V8 code of every module loaded, so the stack's next start (a restart, or the
      // next test file's stack) loads its thousand modules about a third faster. Entries are checked against their
      // source, so a rebuilt module is compiled afresh.
      env: { NODE_COMPILE_CACHE: join(repoRoot, '.run', 'compile-cache'), ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    this.children.set(name, child);
    // 'close' comes after the last of its output has reached the log, so a note about its end follows that output.
    const exited = new Promise<ExitStatus>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
    return { pid: child.pid ?? 0, exited };
  }

  /** A line in a process's log, after what the process wrote there. */
  private note(name: string, line: string): void {
    const log = this.logs.get(name);
    if (log && !log.writableEnded) log.write(line);
  }

  /** The pid of a running process of the stack (`kill -9` it to see the supervisor at work). */
  pidOf(name: string): number | undefined {
    const child = this.children.get(name);
    return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
  }

  /**
   * Why a process of the stack will not come up: supervised, when the supervisor gave up on it (a death is
   * otherwise restarted); unsupervised, when it has exited.
   */
  private failureOf(name: string): string | undefined {
    const { supervisor, logDir } = this.options;
    if (supervisor) return supervisor.status(name)?.gaveUp ?? undefined;
    const child = this.children.get(name);
    return child?.exitCode !== null ? `${name} exited with code ${child?.exitCode}; see ${logDir}/${name}.log` : undefined;
  }

  /** Stops one service abruptly (SIGKILL: no cleanup) or politely (SIGTERM). */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    // Deliberate: the supervisor must not take this exit for a death (nor restart one still pending).
    this.options.supervisor?.release(name);
    const child = this.children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // 'close', not 'exit': only then has the last of its output been piped into the log, which stop() ends next.
    const exited = new Promise((resolve) => child.once('close', resolve));
    child.kill(signal);
    await exited;
    this.children.delete(name);
  }

  async restart(service: ServiceName): Promise<void> {
    await this.kill(service, 'SIGTERM');
    this.spawn(service);
    await this.waitUntilHealthy(60_000);
  }

  logOf(name: string): string {
    return readFileSync(join(this.options.logDir, `${name}.log`), 'utf8');
  }

  async waitUntilHealthy(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < until) {
      for (const name of this.children.keys()) {
        const failure = this.failureOf(name);
        if (failure) throw new Error(failure);
      }
      try {
        const res = await fetch(`${this.gatewayUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
        last = await res.text();
        if (res.status === 200) return;
      } catch (error) {
        last = (error as Error).message;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`stack not healthy after ${timeoutMs} ms: ${last}`);
  }

  async stop(): Promise<void> {
    for (const name of this.children.keys()) this.options.supervisor?.release(name);
    await Promise.all([...this.children.keys()].map((s) => this.killWithGrace(s)));
    await Promise.all([...this.logs.values()].map((l) => new Promise((r) => l.end(r))));
    this.logs.clear();
  }

  private async killWithGrace(name: string, graceMs = 10_000): Promise<void> {
    const child = this.children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.kill(name, 'SIGTERM');
    clearTimeout(timer);
  }
}
