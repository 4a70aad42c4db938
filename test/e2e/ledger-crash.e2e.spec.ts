import { e2eFixture } from '../support/e2e';
import { chargedLoadThrough, faultStackEnv } from '../support/fault-run';

const world = e2eFixture({ env: faultStackEnv });

describe('billing-ledger killed during a load of chargeable calls', () => {
  it('charges each call the client saw succeed exactly once and each failed call not at all', async () => {
    const summary = await chargedLoadThrough(world, async () => {
      await world.stack.kill('billing-ledger', 'SIGKILL');
      await new Promise((r) => setTimeout(r, 1_000));
      world.stack.spawn('billing-ledger');
    });
    process.stdout.write(`ledger SIGKILL: ${JSON.stringify(summary)}\n`);
  });

  it('keeps every charge exact and the audit passing under a benchmark-sized load (50 at once) with the ledger killed mid-run', async () => {
    // bench:charging's shape: 50 calls in flight, about 10 s of load with the kill in the middle.
    const shape = { workers: 50, credits: 1_000_000, beforeMs: 5_000, afterMs: 5_000 };
    const summary = await chargedLoadThrough(
      world,
      async () => {
        await world.stack.kill('billing-ledger', 'SIGKILL');
        await new Promise((r) => setTimeout(r, 1_000));
        world.stack.spawn('billing-ledger');
      },
      shape,
    );
    process.stdout.write(`ledger SIGKILL under 50 at once: ${JSON.stringify(summary)}\n`);
    // Hundreds of calls on each side of the kill: the reconciliation covers a real load, not a trickle.
    expect(summary.succeeded).toBeGreaterThan(200);
  });
});
