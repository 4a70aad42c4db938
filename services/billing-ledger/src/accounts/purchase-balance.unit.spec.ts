import { deciderTests } from '@pds/service-runtime';
import { availableCredits, availablePence, debtPence, initialState, type AccountEvent } from './account';
import { accountDecider, LedgerError, type AccountCommand } from './decide';
import { evolve } from './evolve';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const accountId = 'acc_cash00001';
/** The open account the events leave. */
const fold = (events: AccountEvent[]) => requireOpen(events.reduce(evolve, initialState()), accountId);
const now = '2026-05-01T12:00:00.000Z';
const expiresAt = '2026-05-08T12:00:00.000Z';
const opened: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: {
      accountId,
      plan: 'standard',
      apiKeyHash: 'c'.repeat(64),
      apiKeyPrefix: 'pds_live_abcd',
      openedAt: '2026-04-20T09:00:00.000Z',
      creditCycle: 'non_renewing',
      orderingEnabled: true,
    },
  },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 500, reason: 'opening balance' } },
  { type: 'CashDeposited', data: { accountId, depositId: 'dep-1', amountPence: 2_000, reference: 'card payment' } },
];
// An official copy of the register with extraction: 7 GBP, 50 + 100 credits.
const order = (reservationId = 'order-1', amountPence = 700): AccountCommand => ({
  type: 'ReserveCredits',
  data: {
    accountId,
    reservationId,
    amountCredits: 150,
    amountPence,
    purpose: 'official_copy_order',
    operation: 'land_registry_official_copy_order',
    requestId: 'req-1',
  },
  now,
  expiresAt,
});
const orderReserved: AccountEvent[] = [
  {
    type: 'CreditsReserved',
    data: {
      accountId,
      reservationId: 'order-1',
      amountCredits: 150,
      operation: 'land_registry_official_copy_order',
      requestId: 'req-1',
      expiresAt,
      purpose: 'official_copy_order',
    },
  },
  { type: 'CashReserved', data: { accountId, reservationId: 'order-1', amountPence: 700 } },
];
const rejected = (reasonCode: string, amountPence = 700): AccountEvent => ({
  type: 'CreditReservationRejected',
  data: {
    accountId,
    reservationId: 'order-1',
    amountCredits: 150,
    availableCredits: 500,
    operation: 'land_registry_official_copy_order',
    requestId: 'req-1',
    reasonCode,
    amountPence,
  },
});
const cmd = <T extends AccountCommand['type']>(type: T, data: object) => ({ type, data: { accountId, ...data }, now }) as AccountCommand;
const captured: AccountEvent[] = [
  ...orderReserved,
  { type: 'CreditsCaptured', data: { accountId, reservationId: 'order-1', amountCredits: 150 } },
  { type: 'CashCaptured', data: { accountId, reservationId: 'order-1', amountPence: 700 } },
];

describe('account decider: Purchase Balance, holds and debt', () => {
  it('reserves credits and cash together in one decision', () => {
    given(opened).when(order()).then(orderReserved);
    const s = fold([...opened, ...orderReserved]);
    expect([availableCredits(s), availablePence(s), s.reservedPence]).toEqual([350, 1_300, 700]);
  });

  it('refuses a paid order without the entitlement, on hold, in debt, or short of Purchase Balance, recording why', () => {
    const disabled: AccountEvent = { type: 'OrderingEntitlementChanged', data: { accountId, enabled: false, reason: 'not signed up' } };
    given([...opened, disabled])
      .when(order())
      .then([rejected('ORDERING_NOT_ENABLED')]);
    given([...opened, { type: 'AccountHeld', data: { accountId, reason: 'fraud review' } }])
      .when(order())
      .then([rejected('ACCOUNT_HELD')]);
    given([...opened, { type: 'DebtRecorded', data: { accountId, debtId: 'chargeback-1', amountPence: 1, reason: 'card chargeback' } }])
      .when(order())
      .then([rejected('ACCOUNT_IN_DEBT')]);
    given(opened)
      .when(order('order-1', 2_100))
      .then([rejected('INSUFFICIENT_PURCHASE_BALANCE', 2_100)]);
    const lifted: AccountEvent[] = [
      ...opened,
      { type: 'AccountHeld', data: { accountId, reason: 'review' } },
      { type: 'AccountHoldLifted', data: { accountId, reason: 'cleared' } },
    ];
    given(lifted).when(order()).then(orderReserved);
  });

  it('captures and releases both parts of a reservation', () => {
    given([...opened, ...orderReserved])
      .when(cmd('CaptureCredits', { reservationId: 'order-1' }))
      .then(captured.slice(2));
    given([...opened, ...orderReserved])
      .when(cmd('ReleaseCredits', { reservationId: 'order-1', reason: 'registry refused' }))
      .then([
        { type: 'CreditsReleased', data: { accountId, reservationId: 'order-1', amountCredits: 150, reason: 'registry refused' } },
        { type: 'CashReleased', data: { accountId, reservationId: 'order-1', amountPence: 700, reason: 'registry refused' } },
      ]);
    const s = fold([...opened, ...captured]);
    expect([availableCredits(s), availablePence(s), s.reservedPence, s.capturedPence]).toEqual([350, 1_300, 0, 700]);
  });

  it('quarantines an uncertain submission: held, never expired, until captured or released', () => {
    const quarantined: AccountEvent = {
      type: 'ReservationQuarantined',
      data: { accountId, reservationId: 'order-1', amountCredits: 150, amountPence: 700, reason: 'submission uncertain' },
    };
    given([...opened, ...orderReserved])
      .when(cmd('QuarantineReservation', { reservationId: 'order-1', reason: 'submission uncertain' }))
      .then([quarantined]);
    const q = [...opened, ...orderReserved, quarantined];
    given(q)
      .when(cmd('QuarantineReservation', { reservationId: 'order-1', reason: 'again' }))
      .then([]);
    given(q)
      .when({ type: 'ExpireReservation', data: { accountId, reservationId: 'order-1' }, now: '2026-06-01T00:00:00.000Z' })
      .then([]);
    expect([fold(q).quarantinedPence, availablePence(fold(q))]).toEqual([700, 1_300]);
    given(q)
      .when(cmd('CaptureCredits', { reservationId: 'order-1' }))
      .then(captured.slice(2));
    expect(fold([...q, ...captured.slice(2)]).quarantinedPence).toBe(0);
  });

  it('refunds part of a capture once, never more than was captured', () => {
    const refund = (refundId: string, amountCredits: number, amountPence = 0) =>
      cmd('RefundCapture', { reservationId: 'order-1', refundId, amountCredits, amountPence, reason: 'extraction failed' });
    const refunded: AccountEvent = {
      type: 'CreditsRefunded',
      data: { accountId, reservationId: 'order-1', refundId: 'extraction', amountCredits: 100, reason: 'extraction failed' },
    };
    given([...opened, ...captured])
      .when(refund('extraction', 100))
      .then([refunded]);
    const after = [...opened, ...captured, refunded];
    expect(availableCredits(fold(after))).toBe(450);
    given(after).when(refund('extraction', 100)).then([]);
    given(after).when(refund('extraction', 99)).thenThrows(LedgerError, { code: 'REFUND_MISMATCH' });
    given(after).when(refund('more', 51)).thenThrows(LedgerError, { code: 'REFUND_EXCEEDS_CAPTURE' });
    given(after)
      .when(refund('cash', 0, 701))
      .thenThrows(LedgerError, { code: 'REFUND_EXCEEDS_CAPTURE' });
    given([...opened, ...orderReserved])
      .when(refund('early', 100))
      .thenThrows(LedgerError, { code: 'RESERVATION_NOT_CAPTURED' });
  });

  it('pays debt from a deposit before anything else, and records a deposit once', () => {
    const inDebt: AccountEvent[] = [
      ...opened,
      { type: 'DebtRecorded', data: { accountId, debtId: 'chargeback-1', amountPence: 2_300, reason: 'card chargeback' } },
    ];
    // A debt is recorded even when the balance could cover it: it is money owed, not money spent.
    expect(debtPence(fold(inDebt))).toBe(2_300);
    given(inDebt)
      .when(cmd('DepositPurchaseBalance', { depositId: 'dep-2', amountPence: 1_000, reference: 'bank transfer' }))
      .then([
        { type: 'CashDeposited', data: { accountId, depositId: 'dep-2', amountPence: 1_000, reference: 'bank transfer' } },
        { type: 'DebtRepaid', data: { accountId, depositId: 'dep-2', amountPence: 1_000 } },
      ]);
    given(opened)
      .when(cmd('DepositPurchaseBalance', { depositId: 'dep-1', amountPence: 2_000, reference: 'card payment' }))
      .then([]);
  });
});
