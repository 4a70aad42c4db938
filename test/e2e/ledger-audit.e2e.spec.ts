import { runAudit } from '../support/audit';
import { startTestStack, type TestStack } from '../support/stack';

const path = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
let t: TestStack;

beforeAll(async () => {
  t = await startTestStack();
});
afterAll(async () => t?.stop());

describe('finance audit over a live ledger', () => {
  it('200 concurrent calls on an Enterprise account with 50 credits: 50 succeed, 150 get 402, and the audit passes', async () => {
    const account = await t.admin.createAccount('enterprise', 50, { rateLimits: { perMinute: 1000, perDay: 10_000, perMonth: 100_000 } });
    const results = await Promise.all(Array.from({ length: 200 }, () => t.call(path, account.apiKey)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    expect(results.filter((r) => r.status === 402)).toHaveLength(150);
    expect((await t.admin.showAccount(account.accountId)).availableCredits).toBe(0);

    // Under this load the ledger records runs of commands in one transaction each (batch > 1 in its log).
    const batchSizes = [...t.stack.logOf('billing-ledger').matchAll(/"batch":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...batchSizes)).toBeGreaterThan(1);

    const audit = runAudit(t.databaseUrl);
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
    const account = await t.admin.createAccount('basic', 10);
    for (let i = 0; i < 3; i++) expect((await t.call(path, account.apiKey)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 2; i++) expect((await t.call(path, account.apiKey)).status).toBe(200);

    const then = runAudit(t.databaseUrl, '--until', moment);
    expect([then.code, then.stdout]).toEqual([0, expect.stringContaining('PASS')]);
    expect(then.rows.find((r) => r.account_id === account.accountId)).toMatchObject({
      captured_credits: '3',
      available_credits: '7',
      read_model: 'not-compared',
    });
    const now = runAudit(t.databaseUrl);
    expect(now.rows.find((r) => r.account_id === account.accountId)).toMatchObject({
      captured_credits: '5',
      available_credits: '5',
      read_model: 'match',
    });
  });

  it('fails, with exit code 1, when the read model disagrees with the ledger', async () => {
    const account = await t.admin.createAccount('basic', 4);
    expect((await t.call(path, account.apiKey)).status).toBe(200);
    expect(runAudit(t.databaseUrl).code).toBe(0);
    const pg = await import('pg');
    const db = new pg.default.Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query('UPDATE account_balances SET captured_credits = captured_credits - 1 WHERE account_id = $1', [account.accountId]);
    await db.end();
    const audit = runAudit(t.databaseUrl);
    expect(audit.code).toBe(1);
    expect(audit.stdout).toContain('result                FAIL: 1 account(s)');
    expect(audit.rows.find((r) => r.account_id === account.accountId)).toMatchObject({ read_model: 'mismatch', status: 'FAIL' });
  });
});
