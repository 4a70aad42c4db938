import { adminCommand } from '../support/admin-command';
import { e2eFixture } from '../support/e2e';
import { readModelAt, replayAccount, waitFor } from '../support/ledger';

const calculator = (query: string) => `/api/v1/property/renovation-uplift-calculator?${query}`;
const world = e2eFixture();

const billingHeaders = (headers: Headers) => ({
  charged: headers.get('x-credits-charged'),
  remaining: headers.get('x-credits-remaining'),
  refreshAt: headers.get('x-credits-refresh-at'),
});

describe('renovation uplift calculator through the whole stack', () => {
  it('answers the exact response shape, charges 1 credit and reports the ledger balance', async () => {
    // A trial balance: no refresh date, so no X-Credits-Refresh-At (monthly accounts are covered by the refresh tests).
    const account = await world.admin.createAccount('basic', 10, { cycle: 'trial' });
    const res = await world.call(calculator('value=250000&floorArea=100&extensionArea=20&renovationUplift=10'), account.apiKey);
    expect(res.status).toBe(200);
    // Worked by hand: base £2,500/m²; extension £50,000; subtotal £300,000; uplift 10% £30,000; adjusted £330,000 / 120 m².
    expect(res.body).toEqual({
      success: true,
      data: {
        input: { value: 250000, floorArea: 100, extensionArea: 20, renovationUplift: 10 },
        result: {
          originalValue: 250000,
          adjustedValue: 330000,
          totalChange: 80000,
          totalChangePercent: '32.0%',
          pricePerM2: { original: 2500, adjusted: 2750 },
          pricePerSqFt: { original: 232, adjusted: 255 },
          breakdown: {
            extensionArea: 20,
            extensionValue: 50000,
            totalFloorArea: 120,
            renovationUplift: '10%',
            renovationUpliftValue: 30000,
          },
        },
      },
      billing: { mode: 'prepaid', creditsCharged: 1, creditsRemaining: 9, creditsRefreshAt: null },
    });
    expect(billingHeaders(res.headers)).toEqual({ charged: '1', remaining: '9', refreshAt: null });
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(9);
  });

  it('applies the defaults and fractional inputs as worked by hand', async () => {
    const account = await world.admin.createAccount('basic', 10);
    const plain = await world.call(calculator('value=250000&floorArea=100'), account.apiKey);
    expect(plain.body.data.result.adjustedValue).toBe(250000);
    expect(plain.body.data.input).toEqual({ value: 250000, floorArea: 100, extensionArea: 0, renovationUplift: 0 });
    const fractional = await world.call(calculator('value=187500&floorArea=72.5&extensionArea=12.25&renovationUplift=7.5'), account.apiKey);
    expect(fractional.body.data.result).toMatchObject({ adjustedValue: 235620, totalChange: 48120, totalChangePercent: '25.7%' });
    expect(fractional.body.billing.creditsRemaining).toBe(8);
  });

  it('answers 400 with the parameter code, charging nothing, with the billing headers', async () => {
    const account = await world.admin.createAccount('basic', 5);
    await world.call(calculator('value=100&floorArea=10'), account.apiKey);
    for (const [query, code] of [
      ['floorArea=100', 'INVALID_VALUE'],
      ['value=-3&floorArea=100', 'INVALID_VALUE'],
      ['value=abc&floorArea=100', 'INVALID_VALUE'],
      ['value=100', 'INVALID_FLOOR_AREA'],
      ['value=100&floorArea=0', 'INVALID_FLOOR_AREA'],
      ['value=100&floorArea=10&renovationUplift=51', 'INVALID_RENOVATION_UPLIFT'],
      ['value=100&floorArea=10&extensionArea=-1', 'INVALID_EXTENSION_AREA'],
    ] as const) {
      const res = await world.call(calculator(query), account.apiKey);
      expect([query, res.status, res.body.success, res.body.error.code]).toEqual([query, 400, false, code]);
      expect(typeof res.body.error.message).toBe('string');
      // A monthly account: its next refresh travels on error responses too.
      expect(billingHeaders(res.headers)).toEqual({ charged: '0', remaining: '4', refreshAt: account.creditsRefreshAt });
    }
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(4);
  });

  it('answers 401 UNAUTHORIZED for a missing or unknown key, charging nothing', async () => {
    for (const key of [undefined, 'pds_live_' + 'x'.repeat(43), 'not-a-key']) {
      const res = await world.call(calculator('value=100&floorArea=10'), key);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      expect(res.headers.get('x-credits-charged')).toBe('0');
      expect(res.headers.get('x-credits-remaining')).toBeNull();
    }
  });

  it('answers 402 INSUFFICIENT_CREDITS without charging when the balance is short', async () => {
    const account = await world.admin.createAccount('basic', 0);
    const res = await world.call(calculator('value=100&floorArea=10'), account.apiKey);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(billingHeaders(res.headers)).toEqual({ charged: '0', remaining: '0', refreshAt: account.creditsRefreshAt });
    expect(account.creditsRefreshAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000\+0[01]:00$/);
    await world.admin.grantCredits(account.accountId, 2);
    const after = await world.call(calculator('value=100&floorArea=10'), account.apiKey);
    expect([after.status, after.body.billing.creditsRemaining]).toEqual([200, 1]);
  });

  it('with 3 credits and 10 concurrent calls, exactly 3 succeed and 7 get 402', async () => {
    const account = await world.admin.createAccount('basic', 3);
    const results = await Promise.all(Array.from({ length: 10 }, () => world.call(calculator('value=100&floorArea=10'), account.apiKey)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402, 402, 402, 402, 402]);
    // Each success reports what is left to spend, net of the other calls' reservations still held at that moment.
    for (const ok of results.filter((r) => r.status === 200)) expect(ok.body.billing.creditsRemaining).toBeLessThanOrEqual(2);
    for (const refused of results.filter((r) => r.status === 402)) expect(refused.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect((await world.admin.showAccount(account.accountId)).availableCredits).toBe(0);
  });

  it('rebuilds from the event stream exactly the balance the read model shows', async () => {
    const account = await world.admin.createAccount('basic', 7);
    await Promise.all(Array.from({ length: 4 }, () => world.call(calculator('value=100&floorArea=10'), account.apiKey)));
    await world.call(calculator('value=0&floorArea=10'), account.apiKey);
    await world.admin.grantCredits(account.accountId, 5);
    const replayed = await replayAccount(world.databaseUrl, account.accountId);
    expect(replayed.availableCredits).toBe(7 - 4 + 5);
    const readModel = await readModelAt(world.databaseUrl, account.accountId, replayed.lastGlobalPosition);
    expect(readModel).toEqual({
      granted: replayed.grantedCredits,
      captured: replayed.capturedCredits,
      reserved: replayed.reservedCredits,
      available: replayed.availableCredits,
    });
    expect(replayed.events.map((e) => e.type).filter((x) => x === 'CreditsCharged')).toHaveLength(4);
  });

  it('carries one trace from the gateway through the ledger and analysis', async () => {
    const account = await world.admin.createAccount('basic', 2);
    const res = await world.call(calculator('value=100&floorArea=10'), account.apiKey);
    const traceId = (res.headers.get('traceparent') ?? '').split('-')[1] as string;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const requestId = res.headers.get('x-request-id') as string;
    await waitFor(() =>
      (['gateway', 'billing-ledger', 'analysis'] as const).every((s) => world.stack.logOf(s).includes(`"traceId":"${traceId}"`)),
    );
    expect(world.stack.logOf('billing-ledger')).toContain(`"correlationId":"${requestId}"`);
    // The gateway's line for the request says who made it, what it was and how it ended.
    await waitFor(() => world.stack.logOf('gateway').includes(`"requestId":"${requestId}"`));
    const line = world.stack
      .logOf('gateway')
      .split('\n')
      .filter((l) => l.includes(`"requestId":"${requestId}"`))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request');
    expect(line).toMatchObject({ requestId, traceId, accountId: account.accountId, method: 'GET', status: 200 });
  });

  it('reports health and serves the OpenAPI 3.1.0 document', async () => {
    const health = await fetch(world.url('/healthz'));
    expect(health.status).toBe(200);
    expect(((await health.json()) as { checks: Record<string, string> }).checks).toEqual({
      kafka: 'ok',
      eventStore: 'ok',
      gateway: 'ok',
      'billing-ledger': 'ok',
      'land-registry-orders': 'ok',
      analysis: 'ok',
      location: 'ok',
    });
    const doc = (await (await fetch(world.url('/api/v1/openapi.json'))).json()) as {
      openapi: string;
      info: { version: string };
      paths: object;
    };
    expect([doc.openapi, doc.info.version]).toEqual(['3.1.0', '1.0.0']);
    expect(Object.keys(doc.paths)).toContain('/property/renovation-uplift-calculator');
    // The key comes first: an unknown path is 401 without one, 404 with one.
    const anonymous = await world.call('/api/v1/nope');
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    const { apiKey } = await world.admin.createAccount('basic', 5, { cycle: 'trial' });
    const missing = await world.call('/api/v1/nope', apiKey);
    expect([missing.status, missing.body.error.code, missing.headers.get('x-credits-remaining')]).toEqual([404, 'NOT_FOUND', '5']);
  });

  it('lets an operator create, fund and inspect accounts from the admin command', async () => {
    const admin = adminCommand(world).json;
    const created = admin('account', 'create', '--plan', 'basic', '--credits', '500', '--cycle', 'non-renewing');
    expect(created).toEqual({
      accountId: expect.stringMatching(/^acc_/),
      apiKey: expect.stringMatching(/^pds_live_/),
      creditsRefreshAt: null,
    });
    expect(admin('credits', 'grant', '--account', created.accountId, '--credits', '25').availableCredits).toBe(525);
    const res = await world.call(calculator('value=100&floorArea=10'), created.apiKey);
    expect(res.body.billing.creditsRemaining).toBe(524);
    expect(admin('account', 'show', '--account', created.accountId)).toEqual({
      accountId: created.accountId,
      plan: 'basic',
      availableCredits: 524,
      reservedCredits: 0,
      creditsRefreshAt: null,
      creditCycle: 'non_renewing',
      purchaseBalance: { availablePence: 0, reservedPence: 0, quarantinedPence: 0, debtPence: 0 },
      standing: { held: false, orderingEnabled: false },
      // What the account is allowed, as GET /api/v1/account answers it too: Basic's limits, no allowance (non-renewing).
      openedAt: expect.any(String),
      rateLimits: { perMinute: 10, perDay: 500, perMonth: 5_000 },
      monthlyAllowanceCredits: null,
      keys: { active: 1, inGrace: 0 },
      subscription: null,
    });
    // Purchase Balance, debt, holds and the ordering entitlement, from the command line.
    expect(admin('balance', 'deposit', '--account', created.accountId, '--pence', '2500').purchaseBalance.availablePence).toBe(2_500);
    expect(
      admin('debt', 'record', '--account', created.accountId, '--pence', '300', '--reason', 'card chargeback').purchaseBalance,
    ).toEqual({
      availablePence: 2_500,
      reservedPence: 0,
      quarantinedPence: 0,
      debtPence: 300,
    });
    expect(admin('account', 'hold', '--account', created.accountId, '--reason', 'review').standing).toEqual({
      held: true,
      orderingEnabled: false,
    });
    expect(admin('ordering', 'enable', '--account', created.accountId).standing).toEqual({ held: true, orderingEnabled: true });
    expect(admin('account', 'unhold', '--account', created.accountId, '--reason', 'cleared').standing).toEqual({
      held: false,
      orderingEnabled: true,
    });
  });
});
