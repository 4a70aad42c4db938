import { readModels } from '@pds/contracts';
import type { RecordedEvent } from '@pds/service-runtime';
import pg from 'pg';
import { freshDatabase } from '../../../../test/support/environment';
import { projectBatch } from '../../../../test/support/projection';
import { MonthlyStatements } from '../audit/statements';
import { projectAccountUsage } from './account-usage';

// The movements projection and the statement queries over the real PostgreSQL, against figures worked by hand and
// against the finance audit's replay of the very same events.

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase('movements'), max: 2 });
});
afterAll(async () => pool?.end());

const accountId = 'acc_moves00001';
let position = 0;
const event = (type: string, data: Record<string, unknown>, at: string): RecordedEvent => {
  position += 1;
  return {
    eventId: `m${position}`,
    streamId: `account-${accountId}`,
    streamPosition: position,
    globalPosition: position,
    transactionId: '1',
    recordedAt: '2030-01-01T00:00:00.000Z',
    type,
    data: { accountId, ...data },
    metadata: { at },
  };
};
const period = {
  subscriptionId: 'sub_1',
  plan: 'standard',
  periodStartsAt: '2026-04-20T09:00:00.000Z',
  periodEndsAt: '2026-05-20T09:00:00.000Z',
};
const call = (id: string, credits: number, at: string) =>
  event('CreditsCharged', { reservationId: id, amountCredits: credits, operation: 'valuation', requestId: id }, at);

// April: opened on a trial (100), three calls (3 × 2), a deposit; a Standard subscription paid on the 20th (refresh to
// 5,000: 94 → 5,000, +4,906). May (UK): an order held and taken (credits 40, £7), a refund of one call, a top-up paid by
// card, a debt and its repayment from a deposit; 23:30 UTC on 30 April is 00:30 on 1 May (BST).
const april = [
  event('AccountOpened', { plan: 'basic', openedAt: '2026-04-01T08:00:00.000Z' }, '2026-04-01T08:00:00.000Z'),
  event('CreditsGranted', { grantId: 'trial', amountCredits: 100, reason: 'trial' }, '2026-04-01T08:00:00.000Z'),
  call('c1', 2, '2026-04-02T10:00:00.000Z'),
  call('c2', 2, '2026-04-03T10:00:00.000Z'),
  call('c3', 2, '2026-04-04T10:00:00.000Z'),
  event('CashDeposited', { depositId: 'd1', amountPence: 5_000, reference: 'bank transfer' }, '2026-04-05T10:00:00.000Z'),
  event(
    'PaymentReceived',
    {
      paymentId: 'stripe:in_1',
      amountPence: 9_900,
      currency: 'gbp',
      providerRef: 'pi_1',
      purpose: { kind: 'subscription_period', ...period },
      receivedAt: '2026-04-20T09:00:00.000Z',
    },
    '2026-04-20T09:00:00.000Z',
  ),
  event('SubscriptionStarted', { ...period, paymentId: 'stripe:in_1' }, '2026-04-20T09:00:00.000Z'),
  event('PlanChanged', { from: 'basic', to: 'standard', reason: 'subscription', paymentId: 'stripe:in_1' }, '2026-04-20T09:00:00.000Z'),
  event(
    'CreditsRefreshed',
    {
      refreshedAt: '2026-04-20T09:00:00.000Z',
      nextRefreshAt: '2026-05-20T09:00:00.000Z',
      allowanceCredits: 5_000,
      adjustmentCredits: 4_906,
    },
    '2026-04-20T09:00:00.000Z',
  ),
];
const may = [
  event(
    'CreditsReserved',
    { reservationId: 'o1', amountCredits: 40, operation: 'title_order', purpose: 'order', requestId: 'o1', expiresAt: 'x' },
    '2026-04-30T23:00:00.000Z',
  ),
  event('CashReserved', { reservationId: 'o1', amountPence: 700 }, '2026-04-30T23:00:00.000Z'),
  event('CreditsCaptured', { reservationId: 'o1', amountCredits: 40 }, '2026-04-30T23:30:00.000Z'),
  event('CashCaptured', { reservationId: 'o1', amountPence: 700 }, '2026-04-30T23:30:00.000Z'),
  event(
    'CreditsRefunded',
    { reservationId: 'c3', refundId: 'f1', amountCredits: 2, reason: 'upstream failed' },
    '2026-05-02T10:00:00.000Z',
  ),
  event(
    'PaymentReceived',
    {
      paymentId: 'stripe:cs_1',
      amountPence: 2_000,
      currency: 'gbp',
      providerRef: 'pi_2',
      purpose: { kind: 'top_up' },
      receivedAt: '2026-05-03T10:00:00.000Z',
    },
    '2026-05-03T10:00:00.000Z',
  ),
  event('CashDeposited', { depositId: 'stripe:cs_1', amountPence: 2_000, reference: 'card top-up' }, '2026-05-03T10:00:00.000Z'),
  event('DebtRecorded', { debtId: 'b1', amountPence: 300, reason: 'chargeback' }, '2026-05-04T10:00:00.000Z'),
  event('CashDeposited', { depositId: 'd2', amountPence: 1_000, reference: 'bank transfer' }, '2026-05-05T10:00:00.000Z'),
  event('DebtRepaid', { depositId: 'd2', amountPence: 300 }, '2026-05-05T10:00:00.000Z'),
];
const project = (events: RecordedEvent[]) => projectBatch(pool, projectAccountUsage, events);

describe('account movements and statement figures', () => {
  beforeAll(async () => {
    // Three batches, as the follower hands them over.
    await project(april.slice(0, 5));
    await project([...april.slice(5), ...may.slice(0, 3)]);
    await project(may.slice(3));
  });

  it('sums each month by hand: credits and pence open where the month before closed', async () => {
    const a = await readModels.statementQueries.totals(pool, accountId, '2026-04');
    expect(a).toEqual({
      ...readModels.zeroFigures(),
      granted_credits: 100,
      refresh_adjustment_credits: 4_906,
      charged_credits: 6,
      closing_credits: 5_000,
      deposited_pence: 5_000,
      closing_pence: 5_000,
      payments_pence: 9_900,
      subscription_payments_pence: 9_900,
    });
    const m = await readModels.statementQueries.totals(pool, accountId, '2026-05');
    expect(m).toEqual({
      ...readModels.zeroFigures(),
      opening_credits: 5_000,
      charged_credits: 40,
      refunded_credits: 2,
      closing_credits: 4_962,
      opening_pence: 5_000,
      deposited_pence: 3_000,
      captured_pence: 700,
      debt_recorded_pence: 300,
      debt_repaid_pence: 300,
      // 5,000 + 3,000 − 700 − 300
      closing_pence: 7_000,
      payments_pence: 2_000,
      top_up_payments_pence: 2_000,
    });
    // A month with nothing in it: its opening is its closing, the month before's.
    const june = await readModels.statementQueries.totals(pool, accountId, '2026-06');
    expect([june.opening_credits, june.closing_credits, june.opening_pence, june.closing_pence]).toEqual([4_962, 4_962, 7_000, 7_000]);
    expect(await readModels.statementQueries.totals(pool, accountId, '2026-03')).toEqual(readModels.zeroFigures());
  });

  it('gives every figure the finance audit replays from the same events', async () => {
    const audit = new MonthlyStatements();
    for (const e of [...april, ...may]) audit.apply(e);
    for (const { month, figures } of audit.statements('2026-06'))
      expect(await readModels.statementQueries.totals(pool, accountId, month)).toEqual(figures);
  });

  it('lists the month’s movements in order, signed as they moved the balances, a page at a time', async () => {
    const first = await readModels.statementQueries.movements(pool, accountId, '2026-05', { limit: 2 });
    const rest = await readModels.statementQueries.movements(pool, accountId, '2026-05', {
      limit: 50,
      after: first.at(-1)?.globalPosition,
    });
    expect([...first, ...rest].map((m) => [m.kind, m.referenceId, m.operation, m.amountCredits, m.amountPence])).toEqual([
      ['cash_captured', 'o1', null, 0, -700],
      ['payment_received', 'stripe:cs_1', 'top_up', 0, 2_000],
      ['cash_deposited', 'stripe:cs_1', null, 0, 2_000],
      ['debt_recorded', 'b1', null, 0, 300],
      ['cash_deposited', 'd2', null, 0, 1_000],
      ['debt_repaid', 'd2', null, 0, -300],
    ]);
    expect(first).toHaveLength(2);
    const aprilRows = await readModels.statementQueries.movements(pool, accountId, '2026-04', { limit: 50 });
    expect(aprilRows.map((m) => m.description)).toEqual([
      'Account opened on the Basic plan',
      'Credits granted: trial',
      'Deposit: bank transfer',
      'Subscription payment, Standard plan, 20 Apr 2026 to 20 May 2026',
      'Subscription started, Standard plan, 20 Apr 2026 to 20 May 2026',
      'Plan changed from Basic to Standard (subscription)',
      'Credits refreshed to the allowance of 5000',
    ]);
    expect(aprilRows[0]?.at).toBe('2026-04-01T08:00:00.000Z');
  });

  it('names the plan each month ended on', async () => {
    const planAt = (month: string) => readModels.statementQueries.planAt(pool, accountId, month);
    expect([await planAt('2026-03'), await planAt('2026-04'), await planAt('2026-06')]).toEqual([null, 'standard', 'standard']);
  });
});
