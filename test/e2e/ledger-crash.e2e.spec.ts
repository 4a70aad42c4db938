import { chargedLoadThrough, faultStackEnv } from '../support/fault-run';
import { startTestStack, type TestStack } from '../support/stack';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack(faultStackEnv);
});
afterAll(async () => t?.stop());

describe('billing-ledger killed during a load of chargeable calls', () => {
  it('charges each call the client saw succeed exactly once and each failed call not at all', async () => {
    const summary = await chargedLoadThrough(t, async () => {
      await t.stack.kill('billing-ledger', 'SIGKILL');
      await new Promise((r) => setTimeout(r, 1_000));
      t.stack.spawn('billing-ledger');
    });
    process.stdout.write(`ledger SIGKILL: ${JSON.stringify(summary)}\n`);
  });
});
