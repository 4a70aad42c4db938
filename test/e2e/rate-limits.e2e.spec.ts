import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startTestStack, type TestStack } from '../support/stack';

const path = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
let t: TestStack;
let secondGateway: string;

beforeAll(async () => {
  t = await startTestStack();
  const port = await freePort();
  t.stack.spawnInstance('gateway', 'gateway-2', { PORT: String(port), ADMIN_TOKEN: '' });
  secondGateway = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 200))) {
    ready = await fetch(`${secondGateway}/healthz`).then((r) => r.status === 200, () => false);
  }
});
afterAll(async () => t?.stop());

const call = async (base: string, apiKey: string) => {
  const res = await fetch(`${base}${path}`, { headers: { 'x-api-key': apiKey } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

/** Minute windows are calendar minutes: start a test early in one so that it cannot straddle two. */
const earlyInAMinute = async () => {
  const second = new Date().getUTCSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
};
const nextMinuteUnixS = () => Math.ceil((Date.now() + 1) / 60_000) * 60;

describe('rate limits shared by two gateway instances', () => {
  it('on Basic, admits 10 calls in a minute across both gateways and refuses the 11th with 429', async () => {
    const account = await t.admin.createAccount('basic', 500);
    await earlyInAMinute();
    const reset = String(nextMinuteUnixS());
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 === 0 ? t.stack.gatewayUrl : secondGateway, account.apiKey);
      expect([res.status, res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining'), res.headers.get('x-ratelimit-reset')]).toEqual([
        200,
        '10',
        String(9 - i),
        reset,
      ]);
    }
    const refused = await call(secondGateway, account.apiKey);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    expect({
      limit: refused.headers.get('x-ratelimit-limit'),
      remaining: refused.headers.get('x-ratelimit-remaining'),
      reset: refused.headers.get('x-ratelimit-reset'),
      charged: refused.headers.get('x-credits-charged'),
      credits: refused.headers.get('x-credits-remaining'),
    }).toEqual({ limit: '10', remaining: '0', reset, charged: '0', credits: '490' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await call(t.stack.gatewayUrl, account.apiKey)).status).toBe(429);
    expect((await t.admin.showAccount(account.accountId)).availableCredits).toBe(490);
  });

  it('admits exactly the limit when calls race on both gateways at once', async () => {
    const account = await t.admin.createAccount('basic', 500);
    await earlyInAMinute();
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => call(i % 2 === 0 ? t.stack.gatewayUrl : secondGateway, account.apiKey)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
    expect((await t.admin.showAccount(account.accountId)).availableCredits).toBe(490);
  });

  it('applies the custom limits an operator sets on an Enterprise account', async () => {
    const stackFile = join(t.stack.options.logDir, 'stack-rate.json');
    writeFileSync(stackFile, JSON.stringify({ adminUrl: t.stack.adminUrl, adminToken: (t.admin as unknown as { token: string }).token }));
    const admin = (...args: string[]) =>
      JSON.parse(execFileSync(process.execPath, [join(__dirname, '..', '..', 'infra', 'dist', 'cli', 'admin.js'), ...args], { env: { ...process.env, PDS_STACK_FILE: stackFile } }).toString());
    const account = admin('account', 'create', '--plan', 'enterprise', '--credits', '50', '--per-minute', '3', '--per-day', '100', '--per-month', '1000');
    await earlyInAMinute();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(secondGateway, account.apiKey)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(() => execFileSync(process.execPath, [join(__dirname, '..', '..', 'infra', 'dist', 'cli', 'admin.js'), 'account', 'create', '--plan', 'basic', '--credits', '1', '--per-minute', '3', '--per-day', '4', '--per-month', '5'], { env: { ...process.env, PDS_STACK_FILE: stackFile }, stdio: 'pipe' })).toThrow();
  });
});
