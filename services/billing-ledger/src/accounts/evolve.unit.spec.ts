import { deciderTests, EventCannotApply } from '@pds/service-runtime';
import { availableCredits, availablePence, debtPence, initialState, type AccountEvent } from './account';
import { accountDecider, LedgerError, type AccountCommand } from './decide';
import { evolve } from './evolve';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const accountId = 'acc_evolve001';
const now = '2026-06-01T12:00:00.000Z';
const expiresAt = '2026-06-01T12:02:00.000Z';
const afterExpiry = '2026-06-01T12:02:00.000Z';
const fold = (events: AccountEvent[]) => requireOpen(events.reduce(evolve, initialState()), accountId);

// A standard account with ordering: 500 credits and £20.00 of Purchase Balance.
const opened: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: {
      accountId,
      plan: 'standard',
      apiKeyHash: 'e'.repeat(64),
      apiKeyPrefix: 'pds_live_abcd',
      openedAt: '2026-05-01T09:00:00.000Z',
      creditCycle: 'non_renewing',
      orderingEnabled: true,
    },
  },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 500, reason: 'opening balance' } },
  { type: 'CashDeposited', data: { accountId, depositId: 'dep-1', amountPence: 2_000, reference: 'card payment' } },
];
const reserve = (reservationId: string, amountCredits: number, amountPence = 0): AccountCommand => ({
  type: 'ReserveCredits',
  data: {
    accountId,
    reservationId,
    amountCredits,
    amountPence,
    purpose: amountPence > 0 ? 'official_copy_order' : 'api_call',
    operation: 'op',
    requestId: `req-${reservationId}`,
  },
  now,
  expiresAt,
});
const cmd = (type: AccountCommand['type'], data: object, at = now) => ({ type, data: { accountId, ...data }, now: at }) as AccountCommand;
const reservedEvent = (reservationId: string, amountCredits: number, purpose?: 'official_copy_order'): AccountEvent => ({
  type: 'CreditsReserved',
  data: {
    accountId,
    reservationId,
    amountCredits,
    operation: 'op',
    requestId: `req-${reservationId}`,
    expiresAt,
    ...(purpose ? { purpose } : {}),
  },
});
const call: AccountEvent[] = [reservedEvent('call', 2)];
const order: AccountEvent[] = [
  reservedEvent('order', 150, 'official_copy_order'),
  { type: 'CashReserved', data: { accountId, reservationId: 'order', amountPence: 700 } },
];
const e = <T extends AccountEvent['type']>(type: T, data: object) =>
  ({ type, data: { accountId, ...data } }) as Extract<AccountEvent, { type: T }>;
const capturedOrder: AccountEvent[] = [
  ...order,
  e('CreditsCaptured', { reservationId: 'order', amountCredits: 150 }),
  e('CashCaptured', { reservationId: 'order', amountPence: 700 }),
];

describe('account evolve: every sequence decide records applies', () => {
  it('expires a credits-only reservation, which has no cash part to settle', () => {
    const expired = e('CreditReservationExpired', { reservationId: 'call', amountCredits: 2, expiresAt });
    const { state } = given([...opened, ...call])
      .when(cmd('ExpireReservation', { reservationId: 'call' }, afterExpiry))
      .then([expired]);
    const s = requireOpen(state, accountId);
    expect([s.reservedCredits, s.reservedPence, availableCredits(s), availablePence(s)]).toEqual([0, 0, 500, 2_000]);
    expect(s.reservations.get('call')).toMatchObject({ status: 'expired', creditsOpen: false, cashOpen: false });
  });

  it('expires an order reservation, its credits and its cash together', () => {
    const expired = e('CreditReservationExpired', { reservationId: 'order', amountCredits: 150, amountPence: 700, expiresAt });
    const { state } = given([...opened, ...order])
      .when(cmd('ExpireReservation', { reservationId: 'order' }, afterExpiry))
      .then([expired]);
    const s = requireOpen(state, accountId);
    expect([s.reservedCredits, s.reservedPence, availableCredits(s), availablePence(s)]).toEqual([0, 0, 500, 2_000]);
  });

  it('records a refusal, answers a retry of it with nothing, and never settles the refused id', () => {
    const refused = e('CreditReservationRejected', {
      reservationId: 'big',
      amountCredits: 150,
      availableCredits: 500,
      operation: 'op',
      requestId: 'req-big',
      reasonCode: 'INSUFFICIENT_PURCHASE_BALANCE',
      amountPence: 2_100,
    });
    given(opened)
      .when(reserve('big', 150, 2_100), reserve('big', 150, 2_100))
      .then([refused]);
    given([...opened, refused])
      .when(cmd('CaptureCredits', { reservationId: 'big' }))
      .thenThrows(LedgerError, { code: 'RESERVATION_NOT_FOUND' });
    expect(availablePence(fold([...opened, refused]))).toBe(2_000);
  });

  it('quarantines an order, captures it, then refunds credits and cash under one refund id and extraction under another', () => {
    const refund = (refundId: string, amountCredits: number, amountPence: number) =>
      cmd('RefundCapture', { reservationId: 'order', refundId, amountCredits, amountPence, reason: 'registry failed' });
    const { events, state } = given(opened)
      .when(
        reserve('order', 150, 700),
        cmd('QuarantineReservation', { reservationId: 'order', reason: 'submission uncertain' }),
        cmd('CaptureCredits', { reservationId: 'order' }),
        refund('order:fulfilment', 50, 700),
        refund('order:extraction', 100, 0),
      )
      .then([
        ...order,
        e('ReservationQuarantined', { reservationId: 'order', amountCredits: 150, amountPence: 700, reason: 'submission uncertain' }),
        ...capturedOrder.slice(2),
        e('CreditsRefunded', { reservationId: 'order', refundId: 'order:fulfilment', amountCredits: 50, reason: 'registry failed' }),
        e('CashRefunded', { reservationId: 'order', refundId: 'order:fulfilment', amountPence: 700, reason: 'registry failed' }),
        e('CreditsRefunded', { reservationId: 'order', refundId: 'order:extraction', amountCredits: 100, reason: 'registry failed' }),
      ]);
    expect(events).toHaveLength(8);
    const s = requireOpen(state, accountId);
    // Everything came back: 500 credits and £20.00, nothing held or quarantined.
    expect([availableCredits(s), availablePence(s), s.reservedPence, s.quarantinedPence, s.capturedPence, s.refundedPence]).toEqual([
      500, 2_000, 0, 0, 700, 700,
    ]);
  });

  it('releases both parts of an order in one decision, and settles calls in a run as the batch handler decides them', () => {
    given([...opened, ...order])
      .when(cmd('ReleaseCredits', { reservationId: 'order', reason: 'registry refused' }))
      .thenState((state) => expect(availablePence(requireOpen(state, accountId))).toBe(2_000));
    given(opened)
      .when(
        reserve('c1', 1),
        reserve('c2', 1),
        cmd('CaptureCredits', { reservationId: 'c1' }),
        cmd('ReleaseCredits', { reservationId: 'c2', reason: 'failed' }),
      )
      .thenState((state) => expect(availableCredits(requireOpen(state, accountId))).toBe(499));
  });

  it('folds a one-step charge, and one recorded before CreditsCharged existed, to the same account; either is refunded as a capture is', () => {
    const charged = e('CreditsCharged', { reservationId: 'calc', amountCredits: 3, operation: 'op', requestId: 'req-calc' });
    // Before: a reservation without expiry and its capture, in one append.
    const older = [
      e('CreditsReserved', { reservationId: 'calc', amountCredits: 3, operation: 'op', requestId: 'req-calc' }),
      e('CreditsCaptured', { reservationId: 'calc', amountCredits: 3 }),
    ];
    const refund = cmd('RefundCapture', { reservationId: 'calc', refundId: 'calc:refund', amountCredits: 3, amountPence: 0, reason: 'x' });
    const refunded = e('CreditsRefunded', { reservationId: 'calc', refundId: 'calc:refund', amountCredits: 3, reason: 'x' });
    for (const events of [[charged], older]) {
      const s = fold([...opened, ...events]);
      // 500 granted, 3 spent, nothing held.
      expect([availableCredits(s), s.capturedCredits, s.reservedCredits]).toEqual([497, 3, 0]);
      expect(s.reservations.get('calc')).toMatchObject({ status: 'captured', creditsOpen: false, cashOpen: false, amountCredits: 3 });
      given([...opened, ...events])
        .when(cmd('ReleaseCredits', { reservationId: 'calc', reason: 'x' }))
        .thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_CAPTURED' });
      given([...opened, ...events])
        .when(refund)
        .then([refunded]);
      expect(availableCredits(fold([...opened, ...events, refunded]))).toBe(500);
    }
    expect(fold([...opened, charged])).toEqual(fold([...opened, ...older]));
  });

  it('repays debt from the deposit recorded with it', () => {
    const debt = e('DebtRecorded', { debtId: 'chargeback-1', amountPence: 2_500, reason: 'card chargeback' });
    given([...opened, debt])
      .when(cmd('DepositPurchaseBalance', { depositId: 'dep-2', amountPence: 1_000, reference: 'bank transfer' }))
      .thenState((state) => expect(debtPence(requireOpen(state, accountId))).toBe(1_500));
  });
});

describe('account evolve: an event that cannot apply fails loudly', () => {
  const cannotApply = (events: AccountEvent[], eventType: AccountEvent['type'], reason: string) =>
    given(events).thenThrows(EventCannotApply, { eventType, reason });

  it('refuses any event on an account that was never opened, and a second opening', () => {
    cannotApply([opened[1]!], 'CreditsGranted', 'the account was never opened');
    cannotApply(
      [e('CreditReservationExpired', { reservationId: 'call', amountCredits: 2, expiresAt })],
      'CreditReservationExpired',
      'the account was never opened',
    );
    cannotApply([...opened, opened[0]!], 'AccountOpened', `account ${accountId} is already open`);
  });

  it('refuses a settlement of a reservation the account never held', () => {
    cannotApply(
      [...opened, e('CreditsCaptured', { reservationId: 'ghost', amountCredits: 2 })],
      'CreditsCaptured',
      'the account has no reservation ghost',
    );
    cannotApply(
      [...opened, e('CashReleased', { reservationId: 'ghost', amountPence: 1, reason: 'x' })],
      'CashReleased',
      'the account has no reservation ghost',
    );
    cannotApply(
      [...opened, e('ReservationQuarantined', { reservationId: 'ghost', amountCredits: 1, amountPence: 0, reason: 'x' })],
      'ReservationQuarantined',
      'the account has no reservation ghost',
    );
    cannotApply(
      [...opened, e('CashReserved', { reservationId: 'ghost', amountPence: 700 })],
      'CashReserved',
      'the account has no reservation ghost',
    );
  });

  it('refuses a settlement of a part that is no longer held, or was never held', () => {
    const capturedCall = [...opened, ...call, e('CreditsCaptured', { reservationId: 'call', amountCredits: 2 })];
    cannotApply(
      [...capturedCall, e('CreditsReleased', { reservationId: 'call', amountCredits: 2, reason: 'x' })],
      'CreditsReleased',
      'the credits part of reservation call is not held (the reservation is captured)',
    );
    cannotApply(
      [...opened, ...call, e('CashCaptured', { reservationId: 'call', amountPence: 700 })],
      'CashCaptured',
      'the cash part of reservation call is not held (the reservation is pending)',
    );
    const rejected = e('CreditReservationRejected', {
      reservationId: 'no',
      amountCredits: 600,
      availableCredits: 500,
      operation: 'op',
      requestId: 'req-no',
    });
    cannotApply(
      [...opened, rejected, e('CreditsCaptured', { reservationId: 'no', amountCredits: 600 })],
      'CreditsCaptured',
      'the credits part of reservation no is not held (the reservation is rejected)',
    );
  });

  it('refuses a settlement for an amount other than the one held', () => {
    cannotApply(
      [...opened, ...call, e('CreditsCaptured', { reservationId: 'call', amountCredits: 3 })],
      'CreditsCaptured',
      'it settles 3 credits of reservation call, which holds 2',
    );
    const creditsDone = [...opened, ...order, e('CreditsCaptured', { reservationId: 'order', amountCredits: 150 })];
    cannotApply(
      [...creditsDone, e('CashCaptured', { reservationId: 'order', amountPence: 600 })],
      'CashCaptured',
      'it settles 600 pence of reservation order, which holds 700',
    );
    const quarantined = e('ReservationQuarantined', { reservationId: 'order', amountCredits: 150, amountPence: 600, reason: 'x' });
    cannotApply(
      [...opened, ...order, quarantined],
      'ReservationQuarantined',
      'it quarantines 150 credits and 600 pence of reservation order, which holds 150 credits and 700 pence',
    );
  });

  it('refuses an expiry that does not match the reservation: quarantined, cash missing, or cash it never held', () => {
    const quarantined = e('ReservationQuarantined', { reservationId: 'order', amountCredits: 150, amountPence: 700, reason: 'x' });
    const expiry = (reservationId: string, amountCredits: number, amountPence?: number) =>
      e('CreditReservationExpired', { reservationId, amountCredits, ...(amountPence ? { amountPence } : {}), expiresAt });
    cannotApply(
      [...opened, ...order, quarantined, expiry('order', 150, 700)],
      'CreditReservationExpired',
      'reservation order is quarantined; only a pending one expires',
    );
    cannotApply(
      [...opened, ...order, expiry('order', 150)],
      'CreditReservationExpired',
      'it settles 0 pence of reservation order, which holds 700',
    );
    cannotApply(
      [...opened, ...call, expiry('call', 2, 700)],
      'CreditReservationExpired',
      'it settles 700 pence of reservation call, which holds none',
    );
  });

  it('refuses a reservation id used twice and a cash part that is not the second half of its credit reservation', () => {
    cannotApply([...opened, ...call, reservedEvent('call', 1)], 'CreditsReserved', 'reservation call is already recorded');
    cannotApply(
      [...opened, ...call, e('CreditsCharged', { reservationId: 'call', amountCredits: 2, operation: 'op', requestId: 'req-call' })],
      'CreditsCharged',
      'reservation call is already recorded',
    );
    const rejected = e('CreditReservationRejected', {
      reservationId: 'call',
      amountCredits: 2,
      availableCredits: 0,
      operation: 'op',
      requestId: 'req-call',
    });
    cannotApply([...opened, ...call, rejected], 'CreditReservationRejected', 'reservation call is already recorded');
    cannotApply(
      [...opened, ...order, order[1]!],
      'CashReserved',
      'reservation order is not a pending credit reservation without a cash part (it is pending)',
    );
    cannotApply(
      [...opened, ...capturedOrder, e('CashReserved', { reservationId: 'order', amountPence: 700 })],
      'CashReserved',
      'reservation order is not a pending credit reservation without a cash part (it is captured)',
    );
  });

  it('refuses a refund of a reservation not captured, a refund part recorded twice, and a refund id of another reservation', () => {
    const refund = (type: 'CreditsRefunded' | 'CashRefunded', reservationId: string, refundId: string) =>
      type === 'CreditsRefunded'
        ? e('CreditsRefunded', { reservationId, refundId, amountCredits: 1, reason: 'x' })
        : e('CashRefunded', { reservationId, refundId, amountPence: 1, reason: 'x' });
    cannotApply(
      [...opened, ...order, refund('CreditsRefunded', 'order', 'r1')],
      'CreditsRefunded',
      'reservation order is pending, not captured',
    );
    const once = [...opened, ...capturedOrder, refund('CashRefunded', 'order', 'r1')];
    cannotApply([...once, refund('CashRefunded', 'order', 'r1')], 'CashRefunded', 'refund r1 of cash is already recorded');
    const capturedCall = [...call, e('CreditsCaptured', { reservationId: 'call', amountCredits: 2 })];
    cannotApply(
      [...once, ...capturedCall, refund('CreditsRefunded', 'call', 'r1')],
      'CreditsRefunded',
      'refund r1 belongs to reservation order',
    );
  });

  it('refuses a grant, deposit or debt recorded twice, and a repayment from a deposit never made', () => {
    cannotApply([...opened, opened[1]!], 'CreditsGranted', 'grant opening is already recorded');
    cannotApply([...opened, opened[2]!], 'CashDeposited', 'deposit dep-1 is already recorded');
    const debt = e('DebtRecorded', { debtId: 'd1', amountPence: 100, reason: 'x' });
    cannotApply([...opened, debt, debt], 'DebtRecorded', 'debt d1 is already recorded');
    cannotApply(
      [...opened, debt, e('DebtRepaid', { depositId: 'dep-9', amountPence: 100 })],
      'DebtRepaid',
      'deposit dep-9 is not recorded',
    );
  });
});
