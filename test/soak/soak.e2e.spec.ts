import { serviceNames } from '@pds/contracts';
import { RegistryControl, RoundRobinProxy } from '@pds/infra';
import { DateTime } from 'luxon';
import { runAudit } from '../support/audit';
import { importWithCli } from '../support/datasets';
import { faultStackEnv } from '../support/fault-run';
import { addInstance, type Instance } from '../support/instances';
import { ownServers } from '../support/own-servers';
import { demoBranding } from '../support/reports';
import { startTestStack, type TestStack } from '../support/stack';
import { runKeyedClients, type KeyedOutcome } from './clients';
import { faultKinds, inject, type FaultKind } from './faults';
import { reconcileCalls, reconcileOrders, reconcileReports } from './reconcile';

// The project's fault soak (`npm run soak`): two processes of every service on one broker and one database, the
// gateways behind one entry point, and retrying clients with Idempotency-Keys making chargeable calls (one charged on
// its answer, one reserved first at the registry), placing official-copy orders and requesting reports (area packs),
// while each service process (the first and the second of each in turn), the broker and the database are killed and
// started again and the registry is slow, fails a copy or is unsure of a submission. Afterwards every account must hold
// exactly what its clients saw (each keyed call charged once, each report once) and the finance audit must pass.
// SOAK_ROUNDS (default: each kind of fault once) and SOAK_MINUTES (default 30) bound it.

const rounds = Number(process.env.SOAK_ROUNDS ?? faultKinds.length);
const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const loadBetweenFaultsMs = 1_500;
/** A client keeps retrying a call for this long: longer than any fault here lasts. */
const patienceMs = 120_000;
/** An area pack (15 credits): sections from the location and analysis services, drawn as a PDF by analysis. */
const areaPack = { type: 'area-pack', subject: { postcode: 'RG30 2AN' }, branding: demoBranding };
const unlimited = { rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 } };

const servers = ownServers();
let t: TestStack | undefined;
const stack = () => t!;
/** Every service's second process, by service; the first of each is the stack's own. */
const seconds = new Map<string, Instance>();
let entry: RoundRobinProxy | undefined;

beforeAll(async () => {
  await servers.startPostgres();
  await servers.startBroker();
  t = await startTestStack(
    { ...faultStackEnv, SETTLE_PATIENCE_MS: '10000', ORDER_SWEEP_MS: '250', REGISTRY_POLL_MS: '250' },
    { servers: servers.servers() },
  );
  // The registry takes orders in its opening hours: tomorrow at 10:00 in London, for every service and the registry.
  t.clock.set(DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 }).toJSDate());
  // What an area pack of RG30 2AN is made of: the postcode datasets and Price Paid.
  for (const dataset of ['codepoint-open', 'ons-postcode-lookup', 'ppd']) await importWithCli(t.databaseUrl, dataset);
  entry = await RoundRobinProxy.start([t.stack.gatewayUrl]);
  for (const service of serviceNames) {
    const second = await addInstance(t.stack, service, `${service}-2`);
    seconds.set(service, second);
    if (second.gatewayUrl) entry.add(second.gatewayUrl);
  }
}, 480_000);

afterAll(async () => {
  await entry?.stop();
  await t?.stop().catch(() => undefined);
  await servers.stop();
}, 120_000);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('the fault soak', () => {
  it(
    'keeps every account exact through every kind of fault, each keyed call charged once, and the audit passes',
    async () => {
      const started = Date.now();
      const registry = new RegistryControl(stack().stack.registryUrl);
      const caller = await stack().admin.createAccount('enterprise', 1_000_000, { cycle: 'non_renewing', ...unlimited });
      const orderer = await stack().admin.createAccount('enterprise', 100_000, {
        cycle: 'non_renewing',
        ...unlimited,
        purchaseBalancePence: 1_000_000,
        orderingEnabled: true,
      });
      let stopClients!: () => void;
      const stopped = new Promise<void>((r) => (stopClients = r));
      const reporter = await stack().admin.createAccount('enterprise', 1_000_000, { cycle: 'non_renewing', ...unlimited });
      const entryUrl = entry!.url;
      const api = (path: string) => `${entryUrl}/api/v1${path}`;
      const calls = runKeyedClients(
        4,
        (w, n) => ({
          // One call in four asks the registry (25 credits, reserved first); the others are charged on their answer (1).
          url:
            n % 4 === 0 ? api('/land-registry/titles/WT371956') : api('/property/renovation-uplift-calculator?value=250000&floorArea=100'),
          init: { method: 'GET', apiKey: caller.apiKey },
          key: `soak-call-${w}-${n}`,
        }),
        stopped,
        { patienceMs },
      );
      const orders = runKeyedClients(
        1,
        (w, n) => ({
          url: api('/land-registry/title-orders'),
          init: {
            method: 'POST',
            apiKey: orderer.apiKey,
            body: {
              titleNumber: n % 2 ? 'WT371956' : 'BK509231',
              documentType: 'register',
              purchaseAuthorisation: { maximumChargePence: 700 },
            },
          },
          key: `soak-order-${w}-${n}`,
        }),
        stopped,
        { patienceMs, pauseMs: 1_000 },
      );
      const reports = runKeyedClients(
        1,
        (w, n) => ({
          url: api('/reports'),
          init: { method: 'POST', apiKey: reporter.apiKey, body: { ...areaPack, asOf: `2023-0${1 + (n % 9)}-28` } },
          key: `soak-report-${w}-${n}`,
        }),
        stopped,
        { patienceMs, pauseMs: 1_000 },
      );

      const injected: Record<string, number> = {};
      let round = 0;
      while (round < rounds && Date.now() - started < minutes * 60_000) {
        const kind = faultKinds[round % faultKinds.length] as FaultKind;
        // A service's first process one time round, its second the next.
        const second = Math.floor(round / faultKinds.length) % 2 === 1;
        const fault = await inject(kind, { stack: stack().stack, servers, registry, seconds }, second);
        injected[fault] = (injected[fault] ?? 0) + 1;
        await stack().stack.waitUntilHealthy(120_000);
        await sleep(loadBetweenFaultsMs);
        round++;
      }
      stopClients();
      const [callOutcomes, orderOutcomes, reportOutcomes] = await Promise.all([calls, orders, reports]);
      await registry.clearFaults();

      const callFigures = await reconcileCalls(stack().databaseUrl, caller.accountId, callOutcomes);
      const orderFigures = await reconcileOrders(stack(), orderer, orderOutcomes as KeyedOutcome[], { pence: 1_000_000, credits: 100_000 });
      const reportFigures = await reconcileReports(stack(), reporter, reportOutcomes, { credits: 1_000_000 });
      const audit = runAudit(stack().databaseUrl);
      expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
      process.stdout.write(
        `soak: ${JSON.stringify({ rounds: round, minutes: +((Date.now() - started) / 60_000).toFixed(1), injected, calls: callFigures, orders: orderFigures, reports: reportFigures, audit: 'PASS' })}\n`,
      );
    },
    (minutes + 10) * 60_000,
  );
});
