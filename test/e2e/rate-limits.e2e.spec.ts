import { adminCommand } from '../support/admin-command';
import { e2eFixture } from '../support/e2e';
import { freePort } from '../support/stack';

const path = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
const world = e2eFixture();
let secondGateway: string;

beforeAll(async () => {
  const port = await freePort();
  world.stack.spawnInstance('gateway', 'gateway-2', { PORT: String(port), ADMIN_TOKEN: '' });
  secondGateway = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 200))) {
    ready = await fetch(`${secondGateway}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
  }
});

const call = async (base: string, apiKey: string) => {
  const res = await fetch(`${base}${path}`, { headers: { 'x-api-key': apiKey } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

const unixS = (ms: number) => Math.ceil(ms / 1000);

describe('rate limits shared by two gateway instances', () => {
  it('on Basic, admits 10 calls in a minute across both gateways and refuses the 11th with 429', async () => {
    const account = await world.admin.createAccount('basic', 500);
    // The minute is the 60 s after each admission, so the window resets when the first call leaves it, 60 s after it.
    const beforeFirstMs = Date.now();
    const first = await call(world.stack.gatewayUrl, account.apiKey);
    const reset = first.headers.get('x-ratelimit-reset') as string;
    expect(Number(reset)).toBeGreaterThanOrEqual(unixS(beforeFirstMs + 60_000));
    expect(Number(reset)).toBeLessThanOrEqual(unixS(Date.now() + 60_000));
    for (let i = 0; i < 10; i++) {
      const res = i === 0 ? first : await call(i % 2 === 0 ? world.stack.gatewayUrl : secondGateway, account.apiKey);
      expect([
        res.status,
        res.headers.get('x-ratelimit-limit'),
        res.headers.get('x-ratelimit-remaining'),
        res.headers.get('x-ratelimit-reset'),
      ]).toEqual([200, '10', String(9 - i), reset]);
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
    expect((await call(world.stack.gatewayUrl, account.apiKey)).status).toBe(429);
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(490);
  });

  it('admits exactly the limit when calls race on both gateways at once', async () => {
    const account = await world.admin.createAccount('basic', 500);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call(i % 2 === 0 ? world.stack.gatewayUrl : secondGateway, account.apiKey)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(490);
  });

  it('applies the custom limits an operator sets on an Enterprise account', async () => {
    const admin = adminCommand(world).json;
    const account = admin(
      'account',
      'create',
      '--plan',
      'enterprise',
      '--credits',
      '50',
      '--per-minute',
      '3',
      '--per-day',
      '100',
      '--per-month',
      '1000',
    );
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(secondGateway, account.apiKey)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(() =>
      admin('account', 'create', '--plan', 'basic', '--credits', '1', '--per-minute', '3', '--per-day', '4', '--per-month', '5'),
    ).toThrow();
  });

  it('on Basic, refuses an 11th call within 60 s of a burst across a minute boundary, and admits again 60 s after it', async () => {
    const account = await world.admin.createAccount('basic', 500);
    // Business time stands still at chosen moments: M is a whole minute ahead, the burst comes at M - 0.5 s (hh:mm:59.5).
    const minuteMs = Math.ceil(Date.now() / 60_000) * 60_000 + 5 * 60_000;
    const at = (offsetMs: number) => world.clock.freeze(new Date(minuteMs + offsetMs));
    const callAt = async (offsetMs: number) => {
      at(offsetMs);
      const res = await call(secondGateway, account.apiKey);
      return [res.status, res.headers.get('x-ratelimit-remaining'), res.headers.get('x-ratelimit-reset'), res.headers.get('retry-after')];
    };
    try {
      // The window is full from M - 0.5 s until the burst leaves it at M + 59.5 s: reset ceil((M + 59.5 s) / 1 s) = M + 60 s.
      const burstReset = String(minuteMs / 1000 + 60);
      for (let i = 0; i < 10; i++) expect(await callAt(-500)).toEqual([200, String(9 - i), burstReset, null]);

      // hh:(mm+1):00.5, a new calendar minute: still 10 calls in the last 60 s. Retry-After = 59.5 s - 0.5 s = 59 s.
      at(500);
      const refused = await call(world.stack.gatewayUrl, account.apiKey);
      const refusedHeaders = ['x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'].map((h) => refused.headers.get(h));
      expect([refused.status, ...refusedHeaders]).toEqual([429, '0', burstReset, '59']);
      expect(refused.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.any(String) } });
      expect([refused.headers.get('x-credits-charged'), refused.headers.get('x-credits-remaining')]).toEqual(['0', '490']);
      // 0.1 s before the burst leaves, the wait rounds up to a whole second.
      expect(await callAt(59_400)).toEqual([429, '0', burstReset, '1']);

      // 60 s after the burst its calls have left the window: 10 more are admitted, the new window resets at M + 120 s.
      for (let i = 0; i < 10; i++) expect(await callAt(59_500)).toEqual([200, String(9 - i), String(minuteMs / 1000 + 120), null]);
      expect(await callAt(59_500)).toEqual([429, '0', String(minuteMs / 1000 + 120), '60']);
      expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(480);
    } finally {
      world.clock.reset();
    }
  });
});
