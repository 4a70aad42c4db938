import { serviceNames, type ServiceName } from '@pds/contracts';
import { runAudit } from '../support/audit';
import { e2eFixture } from '../support/e2e';
import { faultStackEnv } from '../support/fault-run';
import { expectKeyedCallsChargedExactly, runKeyedLoad } from '../support/keyed-load';
import { RoundRobinProxy } from '@pds/infra';
import { addInstance, type Instance } from '../support/instances';

// Two processes of each of the five services on one broker and one database, the gateways behind one entry point (a
// round-robin proxy, as a load balancer would stand), under a load of chargeable calls from several accounts: the
// renovation calculator (1 credit, on_answer: the analysis service's) and crime (2 credits, reserve_first: the location
// service's, from the police.uk API's test environment). One process of each service is SIGKILLed in turn with the load
// running, then one of each is added back. Every call carries an Idempotency-Key, and one whose connection was lost
// with a killed gateway is sent again with it (a call can be charged and its answer lost with the process that held
// it: the key is how a client gets the answer it paid for, not another charge). Every key is reconciled with its
// account's stream afterwards. The keys' lease is short (8 s) so that a dead gateway's call is taken over soon.

const world = e2eFixture({
  env: { ...faultStackEnv, IDEMPOTENCY_LEASE_MS: '8000' },
  imports: ['codepoint-open', 'ons-postcode-lookup'],
});

const operations = [
  { path: '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100', creditsPerCall: 1, accounts: 6 },
  { path: '/api/v1/area/crime?postcode=LS1%204AP&from=2017-07', creditsPerCall: 2, accounts: 2 },
];
const credits = 100_000;
/** Long enough for a consumer group to notice a member gone (its session) or come (a rebalance) and go on. */
const settleMs = 12_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let proxy: RoundRobinProxy | undefined;
const instances: Instance[] = [];

/** Starts another process of a service and puts it to work (a gateway behind the entry point). */
const startInstance = async (service: ServiceName, name: string): Promise<Instance> => {
  const instance = await addInstance(world.stack, service, name);
  instances.push(instance);
  if (instance.gatewayUrl) proxy?.add(instance.gatewayUrl);
  return instance;
};

/**
 * What a process did, from its metrics: a gateway's HTTP requests; another service's commands, Pings aside, except the
 * land registry's, which this load gives no work: its Pings (the health checks', keyed at random) show it consuming.
 */
const workDone = async (instance: Instance): Promise<number> => {
  const text = await (await fetch(instance.metricsUrl, { signal: AbortSignal.timeout(5_000) })).text();
  const metric = instance.service === 'gateway' ? 'pds_http_requests_total{' : 'pds_commands_handled_total{';
  const pingsCount = instance.service === 'land-registry-orders';
  return text
    .split('\n')
    .filter((line) => line.startsWith(metric) && (pingsCount || !line.includes('command="Ping"')))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
};

/** `/healthz` through the entry point every second for `ms`: each asks every service's instances a Ping. */
const healthChecksDuring = async (ms: number) => {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(1_000))
    await fetch(`${proxy!.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
};

beforeAll(async () => {
  proxy = await RoundRobinProxy.start([world.stack.gatewayUrl]);
  for (const service of serviceNames) {
    const gatewayUrl = service === 'gateway' ? { gatewayUrl: world.stack.gatewayUrl } : {};
    instances.push({ service, name: service, metricsUrl: world.stack.metricsUrl(service), env: {}, ...gatewayUrl });
  }
  for (const service of serviceNames) await startInstance(service, `${service}-2`);
  await sleep(settleMs);
}, 180_000);

afterAll(async () => {
  await proxy?.stop();
});

describe('two processes of every service behind one entry point, one of each killed in turn and one added back', () => {
  it('shares the work, charges each call the clients saw succeed exactly once and nothing else, and the audit passes', async () => {
    const entry = proxy!;
    let stopLoad!: () => void;
    const stopped = new Promise<void>((r) => (stopLoad = r));
    const clients = await Promise.all(
      operations.flatMap((op) =>
        Array.from({ length: op.accounts }, async () => {
          const account = await world.admin.createAccount('enterprise', credits, {
            rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 },
          });
          return { ...op, account, load: runKeyedLoad(`${entry.url}${op.path}`, account.apiKey, 1, stopped) };
        }),
      ),
    );
    await sleep(settleMs / 2);

    // The gateway killed is the second (the first serves the operator API the test uses); of the others, the first.
    const killed: string[] = [];
    for (const service of serviceNames) {
      const victim = service === 'gateway' ? 'gateway-2' : service;
      await world.stack.kill(victim, 'SIGKILL');
      killed.push(victim);
      await healthChecksDuring(settleMs);
    }
    for (const service of serviceNames) await startInstance(service, `${service}-3`);
    await healthChecksDuring(settleMs * 1.5);
    stopLoad();
    const loads = await Promise.all(clients.map(async (c) => ({ ...c, calls: await c.load })));

    // Each process still running did work of its own: two of each shared the load, a new one took its share.
    const survivors = instances.filter((i) => !killed.includes(i.name));
    const work = Object.fromEntries(await Promise.all(survivors.map(async (i) => [i.name, await workDone(i)] as const)));
    process.stdout.write(
      `scale-out: ${JSON.stringify({ work, sent: Object.fromEntries(entry.sent), lost: Object.fromEntries(entry.lost) })}\n`,
    );
    const summaries = [];
    for (const c of loads) {
      summaries.push(await expectKeyedCallsChargedExactly(world.databaseUrl, c.account.accountId, credits, c.calls, c.creditsPerCall));
      // Every account's calls went on through every kill: most of them answered.
      expect(c.calls.filter((call) => call.status === 200).length).toBeGreaterThan(c.calls.length / 2);
    }
    process.stdout.write(`scale-out: ${JSON.stringify({ summaries })}\n`);
    const audit = runAudit(world.databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);

    for (const i of survivors) expect([i.name, (work[i.name] ?? 0) > 0]).toEqual([i.name, true]);
    for (const gateway of survivors.filter((s) => s.gatewayUrl))
      expect(entry.sent.get(gateway.gatewayUrl as string) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
