import { billing, topicsFor } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import { adminCommand } from '../support/admin-command';
import { runAudit } from '../support/audit';
import type { TestBus } from '../support/bus';
import { e2eFixture } from '../support/e2e';

// Payments and a subscription on the real stack, as the gateway's Stripe fulfilment will send them: each on the test
// bus, the same payment twice (the webhook and the success page), then what the caller and the operator see.

const world = e2eFixture();
const paidPath = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
const dayMs = 86_400_000;
let testBus: TestBus;

beforeAll(async () => {
  testBus = await world.testBus();
});

/** One ledger command, with a fresh command id each time (two deliveries are two commands, as the webhook and the page are). */
const send = async <S extends Parameters<TestBus['rpc']['request']>[0]>(spec: S, data: { accountId: string } & Record<string, unknown>) => {
  const topic = topicsFor(world.stack.options.namespace).commands('billing-ledger');
  const ctx = { correlationId: 'ledger-payments-test', actor: 'test' };
  return testBus.rpc.request(spec, topic, data.accountId, data as never, ctx, { timeoutMs: 10_000, commandId: randomUUID() });
};

describe('payments and a subscription in the ledger', () => {
  it('a trial subscribes, tops up, cancels and ends; each payment sent twice counts once; the audit passes', async () => {
    const cli = adminCommand(world).json;
    const trial = await world.admin.createAccount('basic', 100, { cycle: 'trial' });
    const { accountId } = trial;
    const startsAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const endsAt = new Date(startsAt.getTime() + 30 * dayMs).toISOString();
    const period = {
      accountId,
      paymentId: 'stripe:in_e2eperiod1',
      amountPence: 9_900,
      currency: 'gbp',
      providerRef: 'pi_e2e1',
      purpose: {
        kind: 'subscription_period',
        subscriptionId: 'sub_e2e1',
        priceId: 'price_standard',
        plan: 'standard',
        periodStartsAt: startsAt.toISOString(),
        periodEndsAt: endsAt,
      },
    };
    const answers = [await send(billing.RecordPayment, period), await send(billing.RecordPayment, period)];
    expect(answers.map((a) => a.ok && [a.data.plan, a.data.availableCredits, a.data.creditCycle])).toEqual([
      ['standard', 5_000, 'subscription'],
      ['standard', 5_000, 'subscription'],
    ]);
    // The same id with another amount is refused.
    expect(await send(billing.RecordPayment, { ...period, amountPence: 2_900 })).toMatchObject({
      ok: false,
      error: { code: 'PAYMENT_MISMATCH' },
    });

    // A £25 top-up, twice: £25 once.
    const topUp = {
      accountId,
      paymentId: 'stripe:cs_e2etopup1',
      amountPence: 2_500,
      currency: 'gbp',
      providerRef: 'pi_e2e2',
      purpose: { kind: 'top_up' },
    };
    await send(billing.RecordPayment, topUp);
    const again = await send(billing.RecordPayment, topUp);
    expect(again.ok && again.data.purchaseBalance.availablePence).toBe(2_500);

    // One paid call (1 credit) on the Standard limits the gateway now reads.
    const call = await world.call(paidPath, trial.apiKey);
    expect([call.status, call.headers.get('x-ratelimit-limit')]).toEqual([200, '30']);

    const res = await world.call('/api/v1/account', trial.apiKey);
    expect(res.body).toEqual({ success: true, data: cli('account', 'show', '--account', accountId) });
    expect(res.body.data).toMatchObject({
      plan: 'standard',
      creditCycle: 'subscription',
      availableCredits: 4_999,
      creditsRefreshAt: endsAt,
      monthlyAllowanceCredits: 5_000,
      rateLimits: { perMinute: 30, perDay: 2_000, perMonth: 30_000 },
      purchaseBalance: { availablePence: 2_500 },
      subscription: {
        subscriptionId: 'sub_e2e1',
        status: 'active',
        currentPeriodStartsAt: startsAt.toISOString(),
        currentPeriodEndsAt: endsAt,
        planAtRenewal: null,
      },
    });

    // Cancelling: no refresh date any more; the end lapses the 4,999 credits left and keeps the £25.
    const cancel = { accountId, subscriptionId: 'sub_e2e1', cancelAtPeriodEnd: true, planAtRenewal: null, stripeEventId: 'evt_e2e1' };
    const cancelled = await send(billing.RecordSubscriptionChange, cancel);
    expect(cancelled.ok && cancelled.data.creditsRefreshAt).toBeNull();
    const end = { accountId, subscriptionId: 'sub_e2e1', endedAt: endsAt, reason: 'cancelled' };
    const ended = await send(billing.EndSubscription, end);
    expect(ended.ok && [ended.data.availableCredits, ended.data.creditCycle, ended.data.purchaseBalance.availablePence]).toEqual([
      0,
      'non_renewing',
      2_500,
    ]);
    expect((await world.call(paidPath, trial.apiKey)).status).toBe(402);
    expect(cli('account', 'show', '--account', accountId).subscription).toMatchObject({ status: 'ended' });

    const audit = runAudit(world.databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
  });
});
