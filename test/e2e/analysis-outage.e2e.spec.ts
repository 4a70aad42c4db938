import { e2eFixture } from '../support/e2e';
import { replayAccount } from '../support/ledger';

const calculator = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100';
const world = e2eFixture({ env: { WORK_TIMEOUT_MS: '1500' } });

describe('analysis killed mid-request', () => {
  it('answers 504 when the gateway gives up, and charges nothing', async () => {
    const account = await world.admin.createAccount('basic', 5);
    expect((await world.call(calculator, account.apiKey)).status).toBe(200);

    await world.stack.kill('analysis', 'SIGKILL');
    const started = Date.now();
    const res = await world.call(calculator, account.apiKey);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ success: false, error: { code: 'UPSTREAM_TIMEOUT', message: expect.any(String) } });
    expect([res.headers.get('x-credits-charged'), res.headers.get('x-credits-remaining')]).toEqual(['0', '4']);

    const health = await fetch(`${world.stack.gatewayUrl}/healthz`);
    expect(health.status).toBe(503);

    // The calculator is charged on its answer (x-credit-cost charging on_answer): a call whose work never answers is
    // never charged. The gateway's release found nothing under the call's id and barred it, so a charge handed on
    // later (by an analysis that took the work after all) is refused: the bar, holding nothing, follows the first charge.
    const replayed = await replayAccount(world.databaseUrl, account.accountId);
    expect(replayed.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditsGranted', 'CreditsCharged', 'ReservationBarred']);
    expect(replayed.availableCredits).toBe(4);

    // Back up: the late command is dropped (its deadline passed), and new calls are charged as usual.
    world.stack.spawn('analysis');
    await world.stack.waitUntilHealthy(60_000);
    const again = await world.call(calculator, account.apiKey);
    expect([again.status, again.body.billing.creditsRemaining]).toEqual([200, 3]);
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(3);
    const after = await replayAccount(world.databaseUrl, account.accountId);
    expect(after.events.filter((e) => e.type === 'CreditsCharged')).toHaveLength(2);
  });
});
