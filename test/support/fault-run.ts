import { runAudit } from './audit';
import { runLoad } from './load';
import { expectChargedExactlyForSuccesses } from './reconcile';
import type { World } from './e2e';

/** Short timeouts so that the gateway gives up (and settles) quickly during a fault; reservations outlive them. */
export const faultStackEnv = {
  LEDGER_TIMEOUT_MS: '1500',
  WORK_TIMEOUT_MS: '3000',
  RESERVATION_TTL_MS: '20000',
  RESERVATION_SWEEP_MS: '500',
};

const path = '/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface LoadShape {
  /** Calls in flight at once. */
  workers: number;
  credits: number;
  /** Load before the fault, and after the stack is healthy again. */
  beforeMs: number;
  afterMs: number;
}

/** Credits for far more calls than the load makes while the stack recovers, so that no call is refused for want of them. */
const lightLoad: LoadShape = { workers: 4, credits: 100_000, beforeMs: 1_500, afterMs: 1_500 };

/**
 * Runs a load of chargeable calls (4 workers by default), injects a fault 1.5 s in, keeps the load going until 1.5 s
 * after the stack is healthy again, then reconciles every call with the ledger and runs the finance audit.
 */
export const chargedLoadThrough = async (t: World, injectAndRecover: () => Promise<void>, shape: LoadShape = lightLoad) => {
  // Rate limits high enough that the load is refused only by faults, never by the plan.
  const account = await t.admin.createAccount('enterprise', shape.credits, {
    rateLimits: { perMinute: 1_000_000, perDay: 100_000_000, perMonth: 100_000_000 },
  });
  let stopLoad!: () => void;
  const load = runLoad(t.url(path), account.apiKey, shape.workers, new Promise<void>((r) => (stopLoad = r)));
  try {
    await sleep(shape.beforeMs);
    await injectAndRecover();
    await t.stack.waitUntilHealthy(120_000);
    await sleep(shape.afterMs);
  } finally {
    // Stopped on a failure too: a load left running would keep the test process alive after its last test.
    stopLoad();
  }
  const calls = await load;

  const summary = await expectChargedExactlyForSuccesses(t.databaseUrl, account.accountId, shape.credits, calls);
  expect(summary.succeeded).toBeGreaterThan(10);
  const audit = runAudit(t.databaseUrl);
  expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
  const after = await t.call(path, account.apiKey);
  expect(after.status).toBe(200);
  return summary;
};
