import { serviceNames } from '@pds/contracts';
import { runAudit } from '../support/audit';
import { faultStackEnv } from '../support/fault-run';
import { runLoad, type CallRecord } from '../support/load';
import { expectChargedExactlyForSuccesses } from '../support/reconcile';
import { ownServers } from '../support/own-servers';
import { startTestStack, type TestStack } from '../support/stack';

// A database server and a broker of this file's own (see ownServers), each killed with SIGKILL for 20 s under a load
// of chargeable calls, twice in turn, with no supervisor: a service that exited would stay down.

const outageMs = 20_000;
const answerAgainWithinMs = 30_000;
const rounds = 2;
const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100';
const credits = 100_000;
const probeCredits = 1_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const servers = ownServers();
let t: TestStack | undefined;
/** Ends the load; called again after the test, so that a failure mid-way does not leave it running. */
let stopLoad: () => void = () => undefined;

/** The gateway waits 10 s (not 30) for the ledger to say how a charge handed off with the broker away ended. */
const stackEnv = { ...faultStackEnv, SETTLE_PATIENCE_MS: '10000' };

beforeAll(async () => {
  await servers.startPostgres();
  await servers.startBroker();
  t = await startTestStack(stackEnv, { servers: servers.servers() });
}, 300_000);

afterAll(async () => {
  stopLoad();
  await t?.stop().catch(() => undefined);
  await servers.stop();
}, 120_000);

const stack = () => t!;
const pids = () => Object.fromEntries(serviceNames.map((s) => [s, stack().stack.pidOf(s)]));

/** `/healthz` while a dependency is away: 503, naming what is down. */
const healthDuring = async () => {
  const res = await fetch(stack().url('/healthz'), { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
};

/**
 * The probe account's calls, reconciled with its ledger at the end as the load's are. A call whose charge was handed
 * to a service with the broker away may hold its caller while the ledger is asked which way it went
 * (SETTLE_PATIENCE_MS), so the probe waits longer than that.
 */
const probeCalls: CallRecord[] = [];
const probeCall = async (apiKey: string) => {
  const res = await fetch(stack().url(path), { headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(60_000) });
  const body = (await res.json()) as { error?: { code: string } };
  probeCalls.push({ status: res.status, requestId: res.headers.get('x-request-id') });
  return { status: res.status, code: body.error?.code };
};

/**
 * Kills one dependency, keeps it away for the outage, starts it again, and times the stack's answering again: healthy,
 * and a chargeable call of another account (not the load's, whose calls are reconciled one by one) answered.
 */
const outage = async (kill: () => void, start: () => Promise<unknown>, probeKey: string) => {
  kill();
  await sleep(outageMs / 2);
  const during = await healthDuring();
  const callDuring = await probeCall(probeKey);
  await sleep(outageMs / 2);
  await start();
  const back = Date.now();
  await stack().stack.waitUntilHealthy(answerAgainWithinMs);
  let answered = await probeCall(probeKey);
  while (answered.status !== 200 && Date.now() - back < answerAgainWithinMs) answered = await probeCall(probeKey);
  return { during, callDuring, answeredAfter: answered.status, answeringAfterMs: Date.now() - back };
};

describe('PostgreSQL and Kafka each killed for 20 s under a load of chargeable calls, several times in a row', () => {
  it('keeps every service process alive, answers again within 30 s of each return, and charges exactly', async () => {
    const account = await stack().admin.createAccount('enterprise', credits, {
      rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 },
    });
    const probe = await stack().admin.createAccount('enterprise', probeCredits, {
      rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 },
    });
    const before = pids();
    const load = runLoad(stack().url(path), account.apiKey, 4, new Promise<void>((r) => (stopLoad = r)));
    await sleep(1_500);
    const recoveries: Array<{ fault: string; answeringAfterMs: number }> = [];
    for (let round = 1; round <= rounds; round++) {
      const database = await outage(
        () => servers.killPostgres(),
        () => servers.startPostgres(),
        probe.apiKey,
      );
      expect(database.during.status).toBe(503);
      expect(database.during.body.checks.eventStore).toBe('down');
      expect(database.callDuring).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(database.answeredAfter).toBe(200);
      recoveries.push({ fault: `postgresql ${round}`, answeringAfterMs: database.answeringAfterMs });
      expect(pids()).toEqual(before);

      const broker = await outage(
        () => servers.killBroker(),
        () => servers.startBroker(),
        probe.apiKey,
      );
      expect(broker.during.status).toBe(503);
      expect(broker.during.body.checks.kafka).toBe('down');
      expect([503, 504]).toContain(broker.callDuring.status);
      expect(broker.answeredAfter).toBe(200);
      recoveries.push({ fault: `kafka ${round}`, answeringAfterMs: broker.answeringAfterMs });
      expect(pids()).toEqual(before);
    }
    await sleep(1_500);
    stopLoad();
    const calls = await load;

    const summary = await expectChargedExactlyForSuccesses(stack().databaseUrl, account.accountId, credits, calls);
    await expectChargedExactlyForSuccesses(stack().databaseUrl, probe.accountId, probeCredits, probeCalls);
    const audit = runAudit(stack().databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
    expect((await stack().call(path, account.apiKey)).status).toBe(200);
    expect(pids()).toEqual(before);
    process.stdout.write(`outages: ${JSON.stringify({ ...summary, recoveries })}\n`);
  }, 600_000);
});
