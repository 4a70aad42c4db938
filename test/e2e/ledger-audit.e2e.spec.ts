import { runAudit } from '../support/audit';
import { e2eFixture } from '../support/e2e';

const path = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
const world = e2eFixture();

describe('finance audit over a live ledger', () => {
  it('200 concurrent calls on an Enterprise account with 50 credits: 50 succeed, 150 get 402, and the audit passes', async () => {
    const account = await world.admin.createAccount('enterprise', 50, {
      rateLimits: { perMinute: 1000, perDay: 10_000, perMonth: 100_000 },
    });
    const results = await Promise.all(Array.from({ length: 200 }, () => world.call(path, account.apiKey)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    expect(results.filter((r) => r.status === 402)).toHaveLength(150);
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(0);

    // Under this load the ledger records runs of commands in one transaction each (batch > 1 in its log).
    const batchSizes = [...world.stack.logOf('billing-ledger').matchAll(/"batch":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...batchSizes)).toBeGreaterThan(1);

    const audit = runAudit(world.databaseUrl);
    expect([audit.code, audit.stdout, audit.stderr]).toEqual([
      0,
      expect.stringContaining('result                PASS'),
      expect.any(String),
    ]);
    const row = audit.rows.find((r) => r.account_id === account.accountId);
    expect(row).toMatchObject({
      granted_credits: '50',
      captured_credits: '50',
      reserved_credits: '0',
      available_credits: '0',
      read_model: 'match',
      status: 'ok',
    });
  });

  it('replays the ledger as it stood at an earlier moment with --until', async () => {
    const account = await world.admin.createAccount('basic', 10);
    for (let i = 0; i < 3; i++) expect((await world.call(path, account.apiKey)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 2; i++) expect((await world.call(path, account.apiKey)).status).toBe(200);

    const then = runAudit(world.databaseUrl, '--until', moment);
    expect([then.code, then.stdout]).toEqual([0, expect.stringContaining('PASS')]);
    expect(then.rows.find((r) => r.account_id === account.accountId)).toMatchObject({
      captured_credits: '3',
      available_credits: '7',
      read_model: 'not-compared',
    });
    const now = runAudit(world.databaseUrl);
    expect(now.rows.find((r) => r.account_id === account.accountId)).toMatchObject({
      captured_credits: '5',
      available_credits: '5',
      read_model: 'match',
    });
  });

  it('fails, with exit code 1, when the read model disagrees with the ledger', async () => {
    const account = await world.admin.createAccount('basic', 4);
    expect((await world.call(path, account.apiKey)).status).toBe(200);
    expect(runAudit(world.databaseUrl).code).toBe(0);
    await world.db.query('UPDATE account_balances SET captured_credits = captured_credits - 1 WHERE account_id = $1', [account.accountId]);
    const audit = runAudit(world.databaseUrl);
    expect(audit.code).toBe(1);
    expect(audit.stdout).toContain('result                FAIL: 1 account(s)');
    expect(audit.rows.find((r) => r.account_id === account.accountId)).toMatchObject({ read_model: 'mismatch', status: 'FAIL' });
  });
});
