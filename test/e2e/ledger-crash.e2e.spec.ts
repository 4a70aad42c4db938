import { readModelAt, replayAccount, waitFor } from '../support/ledger';
import { runLoad } from '../support/load';
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

    // Everything the crash left pending is settled by the gateway's release or, failing that, by expiry.
    await waitFor(async () => (await replayAccount(t.databaseUrl, account.accountId)).reservedCredits === 0, 40_000);
    const replayed = await replayAccount(t.databaseUrl, account.accountId);

    const reservationOf = new Map<string, string>();
    const captured = new Map<string, number>();
    for (const e of replayed.events) {
      if (e.type === 'CreditsReserved') reservationOf.set(e.data.requestId, e.data.reservationId);
      if (e.type === 'CreditsCaptured') captured.set(e.data.reservationId, (captured.get(e.data.reservationId) ?? 0) + 1);
    }
    const succeeded = calls.filter((c) => c.status === 200);
    const failed = calls.filter((c) => c.status !== 200);
    expect(succeeded.length).toBeGreaterThan(10);
    for (const call of succeeded) expect(captured.get(reservationOf.get(call.requestId as string) ?? 'none')).toBe(1);
    for (const call of failed) {
      const reservation = call.requestId ? reservationOf.get(call.requestId) : undefined;
      if (reservation) expect(captured.get(reservation)).toBeUndefined();
    }
    expect(new Set(failed.map((c) => c.status)).size === 0 || failed.every((c) => [503, 504].includes(c.status))).toBe(true);
    expect(replayed.capturedCredits).toBe(succeeded.length);
    expect(replayed.availableCredits).toBe(1000 - succeeded.length);
    expect(await readModelAt(t.databaseUrl, account.accountId, replayed.lastGlobalPosition)).toEqual({
      granted: 1000,
      captured: succeeded.length,
      reserved: 0,
      available: 1000 - succeeded.length,
    });
    process.stdout.write(`ledger crash: ${calls.length} calls, ${succeeded.length} succeeded, ${failed.length} failed (${[...new Set(failed.map((c) => c.status))].join(', ')})\n`);
  });
});
