import { runAudit } from './audit';
import { runLoad } from './load';
import { expectChargedExactlyForSuccesses } from './reconcile';
import type { TestStack } from './stack';

/** Short timeouts so that the gateway gives up (and settles) quickly during a fault; reservations outlive them. */
export const faultStackEnv = {
  LEDGER_TIMEOUT_MS: '1500',
  WORK_TIMEOUT_MS: '3000',
  RESERVATION_TTL_MS: '20000',
  RESERVATION_SWEEP_MS: '500',
};

const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs a load of chargeable calls (4 workers), injects a fault 1.5 s in, keeps the load going until 1.5 s after the
 * stack is healthy again, then reconciles every call with the ledger and runs the finance audit.
 */
export const chargedLoadThrough = async (t: TestStack, injectAndRecover: () => Promise<void>) => {
  const account = await t.admin.createAccount('enterprise', 1000);
  let stopLoad!: () => void;
  const load = runLoad(t.url(path), account.apiKey, 4, new Promise<void>((r) => (stopLoad = r)));
  await sleep(1_500);
  await injectAndRecover();
  await t.stack.waitUntilHealthy(120_000);
  await sleep(1_500);
  stopLoad();
  const calls = await load;

  const summary = await expectChargedExactlyForSuccesses(t.databaseUrl, account.accountId, 1000, calls);
  expect(summary.succeeded).toBeGreaterThan(10);
  const audit = runAudit(t.databaseUrl);
  expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
  const after = await t.call(path, account.apiKey);
  expect(after.status).toBe(200);
  return summary;
};
