import { replayAccount } from '../support/ledger';
import { startTestStack, type TestStack } from '../support/stack';

const calculator = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100';
let t: TestStack;

beforeAll(async () => {
  t = await startTestStack({ WORK_TIMEOUT_MS: '1500' });
});
afterAll(async () => t?.stop());

describe('analysis killed mid-request', () => {
  it('answers 504 when the gateway gives up, and charges nothing', async () => {
    const account = await t.admin.createAccount('basic', 5);
    expect((await t.call(calculator, account.apiKey)).status).toBe(200);

    await t.stack.kill('analysis', 'SIGKILL');
    const started = Date.now();
    const res = await t.call(calculator, account.apiKey);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ success: false, error: { code: 'UPSTREAM_TIMEOUT', message: expect.any(String) } });
    expect([res.headers.get('x-credits-charged'), res.headers.get('x-credits-remaining')]).toEqual(['0', '4']);

    const health = await fetch(`${t.stack.gatewayUrl}/healthz`);
    expect(health.status).toBe(503);

    // The calculator is charged on its answer (x-credit-cost charging on_answer): a call whose work never answers
    // never reaches the ledger, so the first call's charge is all the stream holds.
    const replayed = await replayAccount(t.databaseUrl, account.accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsCharged']);
    expect(replayed.availableCredits).toBe(4);

    // Back up: the late command is dropped (its deadline passed), and new calls are charged as usual.
    t.stack.spawn('analysis');
    await t.stack.waitUntilHealthy(60_000);
    const again = await t.call(calculator, account.apiKey);
    expect([again.status, again.body.billing.creditsRemaining]).toEqual([200, 3]);
    expect((await t.admin.showAccount(account.accountId)).availableCredits).toBe(3);
  });
});
