import { runAudit } from '../support/audit';
import { runLoad } from '../support/load';
import { expectChargedExactlyForSuccesses } from '../support/reconcile';
import { startTestStack, type TestStack } from '../support/stack';

const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100';
let t: TestStack;

beforeAll(async () => {
  // Short timeouts so the gateway gives up (and settles) quickly while the ledger is down; reservations outlive them.
  t = await startTestStack({ LEDGER_TIMEOUT_MS: '1500', WORK_TIMEOUT_MS: '3000', RESERVATION_TTL_MS: '20000', RESERVATION_SWEEP_MS: '500' });
});
afterAll(async () => t?.stop());

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('billing-ledger killed during a load of chargeable calls', () => {
  it('charges each call the client saw succeed exactly once and each failed call not at all', async () => {
    const account = await t.admin.createAccount('enterprise', 1000);
    let stopLoad!: () => void;
    const load = runLoad(t.url(path), account.apiKey, 4, new Promise<void>((r) => (stopLoad = r)));

    await sleep(1_500);
    await t.stack.kill('billing-ledger', 'SIGKILL');
    await sleep(1_000);
    t.stack.spawn('billing-ledger');
    await t.stack.waitUntilHealthy(60_000);
    await sleep(1_500);
    stopLoad();
    const calls = await load;

    const summary = await expectChargedExactlyForSuccesses(t.databaseUrl, account.accountId, 1000, calls);
    expect(summary.succeeded).toBeGreaterThan(10);
    const audit = runAudit(t.databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
    process.stdout.write(`ledger SIGKILL: ${JSON.stringify(summary)}\n`);
  });
});
