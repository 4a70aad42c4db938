import { MonthlyStatements, statementsCsv } from './statements';

// A hand-worked account over three UK months. Business time (`metadata.at`) decides the month: 23:30 UTC on 30 April
// 2026 is 00:30 on 1 May in the UK (BST).

const accountId = 'acc_statement1';
const ev = (type: string, data: Record<string, unknown>, at: string | undefined, recordedAt = '2026-01-01T00:00:00.000Z') => ({
  streamId: `account-${accountId}`,
  type,
  data: { accountId, ...data },
  metadata: at ? { at } : {},
  recordedAt,
});

const replayed = () => {
  const statements = new MonthlyStatements();
  for (const e of [
    ev('AccountOpened', { plan: 'basic' }, '2026-04-10T09:00:00.000Z'),
    ev('CreditsGranted', { grantId: 'opening', amountCredits: 1_000 }, '2026-04-10T09:00:00.000Z'),
    ev('CreditsCharged', { reservationId: 'c1', amountCredits: 3 }, '2026-04-12T10:00:00.000Z'),
    ev('CashDeposited', { depositId: 'd1', amountPence: 5_000 }, '2026-04-15T10:00:00.000Z'),
    // A title order: held in April (not a movement), taken in May by the UK clock.
    ev('CreditsReserved', { reservationId: 'o1', amountCredits: 150 }, '2026-04-20T10:00:00.000Z'),
    ev('CashReserved', { reservationId: 'o1', amountPence: 700 }, '2026-04-20T10:00:00.000Z'),
    ev('CreditsCaptured', { reservationId: 'o1', amountCredits: 150 }, '2026-04-30T23:30:00.000Z'),
    ev('CashCaptured', { reservationId: 'o1', amountPence: 700 }, '2026-04-30T23:30:00.000Z'),
    ev('CreditsRefunded', { reservationId: 'o1', refundId: 'f1', amountCredits: 150 }, '2026-05-02T10:00:00.000Z'),
    ev('CashRefunded', { reservationId: 'o1', refundId: 'f1', amountPence: 700 }, '2026-05-02T10:00:00.000Z'),
    // The refresh to Basic's 1,000: 1,000 − 3 − 150 + 150 = 997 before it, so +3.
    ev('CreditsRefreshed', { allowanceCredits: 1_000, adjustmentCredits: 3 }, '2026-05-10T00:00:00.000Z'),
    ev('DebtRecorded', { debtId: 'b1', amountPence: 300 }, '2026-05-20T10:00:00.000Z'),
    ev('CashDeposited', { depositId: 'd2', amountPence: 100 }, '2026-05-21T10:00:00.000Z'),
    ev('DebtRepaid', { depositId: 'd2', amountPence: 100 }, '2026-05-21T10:00:00.000Z'),
    // June: money paid by card for three purposes (one the ledger could not allocate), and a subscription's end.
    ev(
      'PaymentReceived',
      { paymentId: 'stripe:in_1', amountPence: 9_900, purpose: { kind: 'subscription_period' } },
      '2026-06-01T09:00:00.000Z',
    ),
    ev('PaymentReceived', { paymentId: 'stripe:cs_1', amountPence: 2_000, purpose: { kind: 'top_up' } }, '2026-06-02T09:00:00.000Z'),
    ev('CashDeposited', { depositId: 'stripe:cs_1', amountPence: 2_000 }, '2026-06-02T09:00:00.000Z'),
    ev(
      'PaymentReceived',
      { paymentId: 'stripe:cs_2', amountPence: 500, purpose: { kind: 'plan_upgrade' }, unallocatedCode: 'SUBSCRIPTION_MISMATCH' },
      '2026-06-03T09:00:00.000Z',
    ),
    ev('CreditsLapsed', { amountCredits: 400, reason: 'subscription ended' }, '2026-06-30T22:59:00.000Z'),
  ])
    statements.apply(e);
  return statements.statements('2026-06');
};

describe('monthly statements by replay', () => {
  it('gives each month its opening, movements and closing, by the UK month of business time', () => {
    const [april, may, june] = replayed();
    expect(april).toEqual({
      accountId,
      month: '2026-04',
      figures: {
        opening_credits: 0,
        granted_credits: 1_000,
        refresh_adjustment_credits: 0,
        lapsed_credits: 0,
        charged_credits: 3,
        refunded_credits: 0,
        closing_credits: 997,
        opening_pence: 0,
        deposited_pence: 5_000,
        refunded_pence: 0,
        debt_repaid_pence: 0,
        captured_pence: 0,
        closing_pence: 5_000,
        debt_recorded_pence: 0,
        payments_pence: 0,
        subscription_payments_pence: 0,
        upgrade_payments_pence: 0,
        top_up_payments_pence: 0,
        unallocated_payments_pence: 0,
      },
    });
    expect(may?.figures).toEqual({
      opening_credits: 997,
      granted_credits: 0,
      refresh_adjustment_credits: 3,
      lapsed_credits: 0,
      charged_credits: 150,
      refunded_credits: 150,
      closing_credits: 1_000,
      opening_pence: 5_000,
      deposited_pence: 100,
      refunded_pence: 700,
      debt_repaid_pence: 100,
      captured_pence: 700,
      // 5,000 + 100 + 700 − 100 − 700
      closing_pence: 5_000,
      debt_recorded_pence: 300,
      payments_pence: 0,
      subscription_payments_pence: 0,
      upgrade_payments_pence: 0,
      top_up_payments_pence: 0,
      unallocated_payments_pence: 0,
    });
    // Payments are counted by purpose; only the top-up's deposit moves the Purchase Balance. A lapse lowers the credits.
    expect(june?.figures).toMatchObject({
      opening_credits: 1_000,
      lapsed_credits: 400,
      closing_credits: 600,
      opening_pence: 5_000,
      deposited_pence: 2_000,
      closing_pence: 7_000,
      payments_pence: 12_400,
      subscription_payments_pence: 9_900,
      top_up_payments_pence: 2_000,
      upgrade_payments_pence: 0,
      unallocated_payments_pence: 500,
    });
  });

  it("dates an event recorded before business time was, by the store's clock", () => {
    const statements = new MonthlyStatements();
    statements.apply(ev('CreditsGranted', { grantId: 'g', amountCredits: 5 }, undefined, '2025-12-31T23:59:00.000Z'));
    expect(statements.statements('2026-01').map((s) => [s.month, s.figures.granted_credits, s.figures.closing_credits])).toEqual([
      ['2025-12', 5, 5],
      ['2026-01', 0, 5],
    ]);
  });

  it('writes one CSV row per account and month, the figures in a fixed order', () => {
    const csv = statementsCsv(replayed()).split('\n');
    expect(csv[0]).toBe(
      'account_id,month,opening_credits,granted_credits,refresh_adjustment_credits,lapsed_credits,charged_credits,refunded_credits,' +
        'closing_credits,opening_pence,deposited_pence,refunded_pence,debt_repaid_pence,captured_pence,closing_pence,debt_recorded_pence,' +
        'payments_pence,subscription_payments_pence,upgrade_payments_pence,top_up_payments_pence,unallocated_payments_pence',
    );
    expect(csv[2]).toBe(`${accountId},2026-05,997,0,3,0,150,150,1000,5000,100,700,100,700,5000,300,0,0,0,0,0`);
    expect(csv).toHaveLength(5);
  });
});
