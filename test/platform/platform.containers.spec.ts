import { RegistryControl } from '@pds/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAudit } from '../support/audit';
import { startStack, type PlatformStack } from './stack';
import { completedOrder, registryOpenClock } from './support';

// The stack as the platform team runs it: every part a container built by `npm run images`, started with the
// testcontainers helper (./stack.ts). `npm test` builds the images first, or says why it skipped this suite.
// Prices by hand from the spec: the renovation calculator is 1 credit; an official copy of the register is 700 pence of
// Purchase Balance and 50 credits, reserved when placed and captured when the registry completes it.

// Ryuk (testcontainers' reaper) is an image from a registry; this suite stops what it started itself.
process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';

const unavailable = process.env.TEST_CONTAINERS_UNAVAILABLE;
const describeWithDocker = unavailable ? describe.skip : describe;
/** Set by `npm test` when a daemon runs but the images could not be built: a failure, not a skip. */
const broken = process.env.TEST_CONTAINERS_BROKEN;

let stack: PlatformStack;
const work = mkdtempSync(join(process.env.TEST_WORK_DIR ?? tmpdir(), 'platform-'));

const call = async (path: string, apiKey: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': apiKey, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const renovation = (apiKey: string) =>
  call('/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10', apiKey);

describeWithDocker('the stack in containers (testcontainers)', () => {
  beforeAll(async () => {
    if (broken) throw new Error(broken);
    stack = await startStack({
      logDir: join(work, 'logs'),
      clockFile: registryOpenClock(join(work, 'clock')),
      env: { LOG_LEVEL: 'info', ORDER_SWEEP_MS: '250', REGISTRY_POLL_MS: '250' },
    });
  });
  afterAll(async () => stack?.stop());

  it('answers a chargeable call and charges it once', async () => {
    const account = await stack.admin.createAccount('basic', 10, { cycle: 'trial' });
    const res = await renovation(account.apiKey);
    expect(res.status).toBe(200);
    // Worked by hand: £2,500/m² × 100 m² = £250,000; + 20 m² extension £50,000; + 10% uplift = £330,000.
    expect(res.body.data.result.adjustedValue).toBe(330_000);
    expect(res.headers.get('x-credits-charged')).toBe('1');
    expect(res.headers.get('x-credits-remaining')).toBe('9');
    expect((await stack.admin.showAccount(account.accountId)).availableCredits).toBe(9);
  });

  it('orders an official copy from the registry test environment and pays for it once completed', async () => {
    const registry = new RegistryControl(stack.registryUrl);
    await registry.clearFaults();
    const c = await stack.admin.createAccount('enterprise', 1_000, {
      cycle: 'non_renewing',
      purchaseBalancePence: 5_000,
      orderingEnabled: true,
    });
    const placed = await call('/land-registry/title-orders', c.apiKey, {
      method: 'POST',
      body: { titleNumber: 'BK509231', documentType: 'register', purchaseAuthorisation: { maximumChargePence: 700 } },
      headers: { 'Idempotency-Key': `platform-${Date.now()}` },
    });
    expect(placed.status).toBe(202);
    expect(placed.headers.get('x-credits-reserved')).toBe('50');
    const order = await completedOrder(async () => (await call(`/land-registry/title-orders/${placed.body.data.id}`, c.apiKey)).body.data);
    expect(order.documents[0]).toMatchObject({ type: 'register', status: 'available' });
    const balance = await stack.admin.showAccount(c.accountId);
    expect([balance.availableCredits, balance.reservedCredits]).toEqual([950, 0]);
    expect([balance.purchaseBalance.availablePence, balance.purchaseBalance.reservedPence]).toEqual([4_300, 0]);
  });

  it('loses no money when the ledger container is killed under load and started again: the audit passes', async () => {
    const account = await stack.admin.createAccount('enterprise', 100, {
      cycle: 'non_renewing',
      rateLimits: { perMinute: 1_000, perDay: 10_000, perMonth: 100_000 },
    });
    const inFlight = Array.from({ length: 20 }, () => renovation(account.apiKey).catch(() => ({ status: 0 })));
    await stack.kill('billing-ledger');
    const answers = await Promise.all(inFlight);
    await stack.start('billing-ledger');

    const after = await renovation(account.apiKey);
    expect([after.status, after.headers.get('x-credits-charged')]).toEqual([200, '1']);
    // Every call answered 200 was charged once, and none was charged more than once.
    const paid = answers.filter((a) => a.status === 200).length + 1;
    const spent = 100 - Number(after.headers.get('x-credits-remaining'));
    expect(spent).toBeGreaterThanOrEqual(paid);
    expect(spent).toBeLessThanOrEqual(inFlight.length + 1);
    const audit = runAudit(stack.databaseUrl);
    expect({ code: audit.code, stdout: audit.stdout }).toMatchObject({ code: 0 });
  });
});

if (unavailable) {
  it.skip(`the stack in containers: skipped (${unavailable})`, () => undefined);
}
