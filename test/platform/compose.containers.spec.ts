import { composeCommands, freePort, repoRoot } from '@pds/infra';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { waitFor } from '../support/ledger';
import { completedOrder, registryOpenClock } from './support';

// docker-compose.yml as users run it, with the images `npm run images` builds: each Compose command here (`docker
// compose`, v2, and `docker-compose`, v1; npm test installs v1 when there is neither) brings it up in turn; every
// container becomes healthy; a chargeable call and an official-copy order go through; `down -v` takes it away. Prices
// by hand from the spec as in the platform suite.

const unavailable = process.env.TEST_CONTAINERS_UNAVAILABLE;
const describeWithDocker = unavailable ? describe.skip : describe;
/** Set by `npm test` when a daemon runs but the images could not be built: a failure, not a skip. */
const broken = process.env.TEST_CONTAINERS_BROKEN;

const work = mkdtempSync(join(process.env.TEST_WORK_DIR ?? tmpdir(), 'compose-'));
const adminToken = randomBytes(24).toString('hex');
const commands = unavailable ? [] : composeCommands();
/** The command and project of the describe running now (they run one after the other). */
let compose: string[];
let project: string;
let env: NodeJS.ProcessEnv;
let gatewayUrl: string;
let adminUrl: string;

const run = (args: string[], timeoutMs = 300_000) =>
  new Promise<string>((resolve, reject) =>
    execFile(
      compose[0]!,
      [...compose.slice(1), '-p', project, '-f', 'docker-compose.yml', '-f', join(work, 'clock.yml'), ...args],
      { cwd: repoRoot, env, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${compose.join(' ')} ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );

/** The stack's containers and what Docker says of each: `running healthy`, `exited 0`, … */
const states = async () => {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'docker',
      [
        'ps',
        '-a',
        '--filter',
        `label=com.docker.compose.project=${project}`,
        '--format',
        '{{.Label "com.docker.compose.service"}}|{{.State}}|{{.Status}}',
      ],
      (e, o) => (e ? reject(e) : resolve(o)),
    ),
  );
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [service, state, status] = line.split('|');
        const health = /\((healthy|unhealthy|health: starting)\)/.exec(status ?? '')?.[1];
        const exit = /^Exited \((\d+)\)/.exec(status ?? '')?.[1];
        return [service, [state, health ?? exit ?? ''].join(' ')];
      }),
  );
};

/** The containers of the stack's service running and healthy, by Compose service: `--scale` makes several. */
const healthyReplicas = async () => {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'docker',
      [
        'ps',
        '--filter',
        `label=com.docker.compose.project=${project}`,
        '--format',
        '{{.ID}}|{{.Label "com.docker.compose.service"}}|{{.Status}}',
      ],
      (e, o) => (e ? reject(e) : resolve(o)),
    ),
  );
  const replicas: Record<string, string[]> = {};
  for (const [id, service, status] of out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('|')))
    if (status?.includes('(healthy)')) (replicas[service as string] ??= []).push(id as string);
  return replicas;
};

const logsOf = (container: string) =>
  new Promise<string>((resolve, reject) =>
    execFile('docker', ['logs', container], { maxBuffer: 64 * 1024 * 1024 }, (e, o, err) => (e ? reject(e) : resolve(`${o}${err}`))),
  );

const api = async (path: string, apiKey: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await fetch(`${gatewayUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': apiKey, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const admin = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${adminUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as any;
};

const suite = (command: string[]) => {
  beforeAll(async () => {
    if (broken) throw new Error(broken);
    compose = command;
    project = `pdscompose${randomBytes(3).toString('hex')}`;
    const [port, adminPort] = [await freePort(), await freePort()];
    gatewayUrl = `http://127.0.0.1:${port}`;
    adminUrl = `http://127.0.0.1:${adminPort}`;
    env = { ...process.env, ADMIN_TOKEN: adminToken, PORT: String(port), ADMIN_PORT: String(adminPort) };
    // Business time at 10:00 tomorrow in London (the registry takes orders), by the services' test clock file,
    // mounted by an override file; the compose file itself is used as users have it.
    const clockDir = dirname(registryOpenClock(join(work, 'clock')));
    const clocked = ['gateway', 'billing-ledger', 'land-registry-orders', 'analysis', 'location', 'registry-simulator'];
    writeFileSync(
      join(work, 'clock.yml'),
      `services:\n${clocked.map((s) => `  ${s}:\n    environment: { PDS_CLOCK_FILE: /var/lib/pds-clock/clock.json, ORDER_SWEEP_MS: '250', REGISTRY_POLL_MS: '250' }\n    volumes: ['${clockDir}:/var/lib/pds-clock:ro']\n`).join('')}`,
    );
    await run(['up', '-d']);
  });
  afterAll(async () => {
    if (compose) await run(['down', '-v', '--remove-orphans']).catch((error: Error) => process.stderr.write(`${error.message}\n`));
  });

  it('brings every container to healthy and runs the migrations once', async () => {
    const expected = {
      postgres: 'running healthy',
      kafka: 'running healthy',
      migrate: 'exited 0',
      gateway: 'running healthy',
      entry: 'running healthy',
      'billing-ledger': 'running healthy',
      'land-registry-orders': 'running healthy',
      analysis: 'running healthy',
      location: 'running healthy',
      'registry-simulator': 'running healthy',
      'epc-simulator': 'running healthy',
      'open-data-simulator': 'running healthy',
    };
    let seen: Record<string, string> = {};
    await waitFor(async () => {
      seen = await states();
      return JSON.stringify(Object.entries(seen).sort()) === JSON.stringify(Object.entries(expected).sort());
    }, 240_000).catch(() => {
      throw new Error(`not every container became healthy: ${JSON.stringify(seen)}`);
    });
    const health = await fetch(`${gatewayUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it('answers a chargeable call on the published port and charges it once', async () => {
    const account = await admin('POST', '/admin/v1/accounts', { plan: 'basic', credits: 10, cycle: 'trial' });
    const res = await api(
      '/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10',
      account.apiKey,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.result.adjustedValue).toBe(330_000);
    expect([res.headers.get('x-credits-charged'), res.headers.get('x-credits-remaining')]).toEqual(['1', '9']);
  });

  it('places an official-copy order with the registry test environment and captures its price once completed', async () => {
    const c = await admin('POST', '/admin/v1/accounts', {
      plan: 'enterprise',
      credits: 1_000,
      cycle: 'non_renewing',
      purchaseBalancePence: 5_000,
      orderingEnabled: true,
    });
    const placed = await api('/land-registry/title-orders', c.apiKey, {
      method: 'POST',
      body: { titleNumber: 'BK509231', documentType: 'register', purchaseAuthorisation: { maximumChargePence: 700 } },
      headers: { 'Idempotency-Key': `compose-${Date.now()}` },
    });
    expect(placed.status).toBe(202);
    await completedOrder(async () => (await api(`/land-registry/title-orders/${placed.body.data.id}`, c.apiKey)).body.data);
    const balance = await admin('GET', `/admin/v1/accounts/${c.accountId}`);
    expect([balance.availableCredits, balance.purchaseBalance.availablePence, balance.purchaseBalance.reservedPence]).toEqual([
      950, 4_300, 0,
    ]);
  });

  it('runs two of every service with `--scale`, the entry sharing calls between the gateways, each charged once', async () => {
    const scaled = ['gateway', 'billing-ledger', 'land-registry-orders', 'analysis', 'location'];
    await run(['up', '-d', ...scaled.flatMap((s) => ['--scale', `${s}=2`])]);
    let seen: Record<string, string[]> = {};
    await waitFor(async () => {
      seen = await healthyReplicas();
      return scaled.every((s) => seen[s]?.length === 2);
    }, 240_000).catch(() => {
      throw new Error(`not two healthy of each service: ${JSON.stringify(seen)}`);
    });
    const account = await admin('POST', '/admin/v1/accounts', { plan: 'enterprise', credits: 100, cycle: 'non_renewing' });
    const path = '/property/renovation-uplift-calculator?value=250000&floorArea=100';
    // The entry learns the gateways' addresses from the name every few seconds: until it has both, calls go on to one.
    const statuses: number[] = [];
    const served = async () =>
      Promise.all((seen.gateway ?? []).map(async (id) => (await logsOf(id)).split('renovation-uplift-calculator').length - 1));
    await waitFor(async () => {
      statuses.push((await api(path, account.apiKey)).status);
      return (await served()).every((n) => n > 0);
    }, 60_000).catch(async () => {
      throw new Error(`calls did not reach both gateways: ${JSON.stringify(await served())}`);
    });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const calls = statuses.length;
    // 1 credit a call (spec: renovation uplift calculator).
    await waitFor(async () => (await admin('GET', `/admin/v1/accounts/${account.accountId}`)).availableCredits === 100 - calls, 30_000);
    expect((await admin('GET', `/admin/v1/accounts/${account.accountId}`)).availableCredits).toBe(100 - calls);
  });
};

if (commands.length > 0) {
  const table = commands.map((c) => [c.join(' '), c] as const);
  describeWithDocker.each(table)('docker-compose.yml with `%s`', (_name, command) => suite([...command]));
} else if (!unavailable) {
  it('docker-compose.yml: has a Compose command to run it with', () => {
    throw new Error('neither `docker compose` nor `docker-compose` answers (npm test installs docker-compose)');
  });
}

if (unavailable) {
  it.skip(`docker-compose.yml: skipped (${unavailable})`, () => undefined);
}
