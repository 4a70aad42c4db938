import { deciderTests } from '@pds/service-runtime';
import { availableCredits, initialState, type AccountEvent } from './account';
import { accountDecider, LedgerError, type AccountCommand } from './decide';
import { evolve } from './evolve';
import { requireOpen } from './ledger-error';

const given = deciderTests.given(accountDecider);
const accountId = 'acc_test00001';
/** The open account the events leave. */
const fold = (events: AccountEvent[]) => requireOpen(events.reduce(evolve, initialState()), accountId);
const now = '2026-01-01T00:01:00.000Z';
const opened: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: {
      accountId,
      plan: 'basic',
      apiKeyHash: 'a'.repeat(64),
      apiKeyPrefix: 'pds_live_abcd',
      openedAt: '2026-01-01T00:00:00.000Z',
      creditCycle: 'trial',
      orderingEnabled: false,
      origin: 'operator',
    },
  },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 3, reason: 'opening balance' } },
];
const expiresAt = '2026-01-01T00:02:00.000Z';
const reserve = (reservationId: string, amountCredits = 1): AccountCommand => ({
  type: 'ReserveCredits',
  data: {
    accountId,
    reservationId,
    amountCredits,
    amountPence: 0,
    purpose: 'api_call',
    operation: 'renovation_uplift_calculator',
    requestId: `req-${reservationId}`,
  },
  now,
  expiresAt,
});
/** The CreditsReserved event a reservation command records. */
const reserved = (reservationId: string, amountCredits = 1): AccountEvent => ({
  type: 'CreditsReserved',
  data: {
    accountId,
    reservationId,
    amountCredits,
    operation: 'renovation_uplift_calculator',
    requestId: `req-${reservationId}`,
    expiresAt,
  },
});
const expire = (reservationId: string, at: string): AccountCommand => ({
  type: 'ExpireReservation',
  data: { accountId, reservationId },
  now: at,
});
const capture = (reservationId: string): AccountCommand => ({ type: 'CaptureCredits', data: { accountId, reservationId }, now });
const release = (reservationId: string): AccountCommand => ({
  type: 'ReleaseCredits',
  data: { accountId, reservationId, reason: 'work failed' },
  now,
});

describe('account decider: credits', () => {
  it('opens an account with its opening grant', () => {
    given([])
      .when({
        type: 'OpenAccount',
        data: {
          accountId,
          plan: 'basic',
          apiKeyHash: 'a'.repeat(64),
          apiKeyPrefix: 'pds_live_abcd',
          openingCredits: 3,
          creditCycle: 'trial',
          orderingEnabled: false,
          origin: 'operator',
        },
        now: '2026-01-01T00:00:00.000Z',
      })
      .then(opened);
  });

  it('opens a monthly account with its plan allowance unless told otherwise, and refuses a custom allowance off Enterprise', () => {
    const open = (plan: 'basic' | 'enterprise', extra: object = {}): AccountCommand => ({
      type: 'OpenAccount',
      data: {
        accountId,
        plan,
        apiKeyHash: 'a'.repeat(64),
        apiKeyPrefix: 'pds_live_abcd',
        creditCycle: 'monthly',
        orderingEnabled: false,
        origin: 'operator',
        ...extra,
      },
      now,
    });
    const grant = (amountCredits: number): AccountEvent => ({
      type: 'CreditsGranted',
      data: { accountId, grantId: 'opening', amountCredits, reason: 'opening balance' },
    });
    const openedAs = (plan: 'basic' | 'enterprise', extra: object = {}): AccountEvent => ({
      type: 'AccountOpened',
      data: {
        accountId,
        plan,
        apiKeyHash: 'a'.repeat(64),
        apiKeyPrefix: 'pds_live_abcd',
        openedAt: now,
        creditCycle: 'monthly',
        orderingEnabled: false,
        origin: 'operator',
        ...extra,
      },
    });
    given([])
      .when(open('basic'))
      .then([openedAs('basic'), grant(1_000)]);
    given([])
      .when(open('enterprise', { monthlyCredits: 250_000 }))
      .then([openedAs('enterprise', { monthlyCredits: 250_000 }), grant(250_000)]);
    given([])
      .when(open('basic', { monthlyCredits: 5 }))
      .thenThrows(LedgerError, { code: 'CUSTOM_ALLOWANCE_NOT_ALLOWED' });
  });

  it('reserves while credits are available and records a refusal when not', () => {
    given(opened)
      .when(reserve('r1', 3))
      .then([reserved('r1', 3)]);
    given([...opened, reserved('r1', 3)])
      .when(reserve('r2'))
      .then([
        {
          type: 'CreditReservationRejected',
          data: {
            accountId,
            reservationId: 'r2',
            amountCredits: 1,
            availableCredits: 0,
            operation: 'renovation_uplift_calculator',
            requestId: 'req-r2',
          },
        },
      ]);
  });

  it('treats a repeated reservation as the same one', () => {
    const held: AccountEvent[] = [...opened, reserved('r1')];
    given(held).when(reserve('r1')).then([]);
    given(held).when(reserve('r1', 2)).thenThrows(LedgerError, { code: 'RESERVATION_MISMATCH' });
  });

  it('captures and releases a pending reservation once', () => {
    const held: AccountEvent[] = [...opened, reserved('r1', 2)];
    given(held)
      .when(capture('r1'))
      .then([{ type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 2 } }]);
    given(held)
      .when(release('r1'))
      .then([{ type: 'CreditsReleased', data: { accountId, reservationId: 'r1', amountCredits: 2, reason: 'work failed' } }]);
    const captured: AccountEvent[] = [...held, { type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 2 } }];
    given(captured).when(capture('r1')).then([]);
    given(captured).when(release('r1')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_CAPTURED' });
    given(opened).when(capture('nope')).thenThrows(LedgerError, { code: 'RESERVATION_NOT_FOUND' });
  });

  it('keeps available = granted − captured − pending', () => {
    const state = fold([
      ...opened,
      reserved('r1', 1),
      reserved('r2', 1),
      { type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 1 } },
      { type: 'CreditsReleased', data: { accountId, reservationId: 'r2', amountCredits: 1, reason: 'x' } },
    ]);
    expect([state.grantedCredits, state.capturedCredits, state.reservedCredits, availableCredits(state)]).toEqual([3, 1, 0, 2]);
  });

  it('expires a reservation still pending at its expiry, and only then', () => {
    const held: AccountEvent[] = [...opened, reserved('r1', 2)];
    given(held).when(expire('r1', '2026-01-01T00:01:59.999Z')).then([]);
    given(held)
      .when(expire('r1', '2026-01-01T00:02:00.000Z'))
      .then([{ type: 'CreditReservationExpired', data: { accountId, reservationId: 'r1', amountCredits: 2, expiresAt } }]);
    const expired: AccountEvent[] = [
      ...held,
      { type: 'CreditReservationExpired', data: { accountId, reservationId: 'r1', amountCredits: 2, expiresAt } },
    ];
    expect(availableCredits(fold(expired))).toBe(3);
    given(expired).when(expire('r1', '2026-01-01T00:05:00.000Z')).then([]);
    given(expired).when(capture('r1')).thenThrows(LedgerError, { code: 'RESERVATION_EXPIRED' });
    const captured: AccountEvent[] = [...held, { type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 2 } }];
    given(captured).when(expire('r1', '2026-01-01T00:05:00.000Z')).then([]);
  });

  it('charges in one event while credits are available, and records a refusal when not', () => {
    const charge = (reservationId: string, amountCredits = 1): AccountCommand => ({
      type: 'ChargeCredits',
      data: { accountId, reservationId, amountCredits, operation: 'renovation_uplift_calculator', requestId: `req-${reservationId}` },
      now,
    });
    // Reserved and captured in one event, so never pending and without an expiry.
    const charged = (reservationId: string, amountCredits: number): AccountEvent[] => [
      {
        type: 'CreditsCharged',
        data: { accountId, reservationId, amountCredits, operation: 'renovation_uplift_calculator', requestId: `req-${reservationId}` },
      },
    ];
    given(opened).when(charge('c1', 2)).then(charged('c1', 2));
    const after = [...opened, ...charged('c1', 2)];
    expect([fold(after).capturedCredits, fold(after).reservedCredits, availableCredits(fold(after))]).toEqual([2, 0, 1]);
    // A repeat (a redelivery) is the same charge; the same id for another amount is refused.
    given(after).when(charge('c1', 2)).then([]);
    given(after).when(charge('c1', 1)).thenThrows(LedgerError, { code: 'RESERVATION_MISMATCH' });
    // 1 credit left: a 2-credit charge is refused and recorded, and its repeat changes nothing.
    const refusal: AccountEvent = {
      type: 'CreditReservationRejected',
      data: {
        accountId,
        reservationId: 'c2',
        amountCredits: 2,
        availableCredits: 1,
        operation: 'renovation_uplift_calculator',
        requestId: 'req-c2',
      },
    };
    given(after).when(charge('c2', 2)).then([refusal]);
    given([...after, refusal])
      .when(charge('c2', 2))
      .then([]);
    // The release the gateway sends when the answer is lost finds it captured, or (never recorded) nothing.
    given(after).when(release('c1')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_CAPTURED' });
    given([...after, refusal])
      .when(release('c2'))
      .thenThrows(LedgerError, { code: 'RESERVATION_NOT_FOUND' });
    given(opened).when(release('c3')).thenThrows(LedgerError, { code: 'RESERVATION_NOT_FOUND' });
    // An id held by a two-step reservation is not charged a second way.
    given([...opened, reserved('r1')])
      .when(charge('r1'))
      .thenThrows(LedgerError, { code: 'RESERVATION_MISMATCH' });
  });

  it('takes nothing more for a retry under the id of a charge it has taken (a keyed call a gateway took over), and tells it apart by release', () => {
    const charge = (reservationId: string, amountCredits: number): AccountCommand => ({
      type: 'ChargeCredits',
      data: { accountId, reservationId, amountCredits, operation: 'renovation_uplift_calculator', requestId: `req-${reservationId}` },
      now,
    });
    const captured: AccountEvent = { type: 'CreditsCaptured', data: { accountId, reservationId: 'k1', amountCredits: 2 } };
    // Two-step (reserve_first): reserved and captured; the retry's reserve and capture under k1 record nothing.
    const paid: AccountEvent[] = [...opened, reserved('k1', 2), captured];
    given(paid).when(reserve('k1', 2)).then([]);
    given(paid).when(capture('k1')).then([]);
    expect(availableCredits(fold(paid))).toBe(1); // 3 granted − 2 captured, once
    // One step (on_answer): charged; the retry's charge under k2 records nothing.
    const chargedOnce: AccountEvent[] = [
      ...opened,
      {
        type: 'CreditsCharged',
        data: { accountId, reservationId: 'k2', amountCredits: 2, operation: 'renovation_uplift_calculator', requestId: 'req-k2' },
      },
    ];
    given(chargedOnce).when(charge('k2', 2)).then([]);
    // The release a taking-over gateway sends first says which: captured (re-run under the same id), or released/unknown
    // (nothing taken: a new id, since a repeat of a released reservation records nothing and its capture is refused).
    given(paid).when(release('k1')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_CAPTURED' });
    given(chargedOnce).when(release('k2')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_CAPTURED' });
    const released: AccountEvent[] = [
      ...opened,
      reserved('k3', 2),
      { type: 'CreditsReleased', data: { accountId, reservationId: 'k3', amountCredits: 2, reason: 'work failed' } },
    ];
    given(released).when(release('k3')).then([]);
    given(released).when(reserve('k3', 2)).then([]);
    given(released).when(capture('k3')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_RELEASED' });
  });

  it('bars an id released before anything was made under it, so a reservation or charge arriving later is refused', () => {
    // A gateway settling a call it lost track of releases the call's id asking for a bar: the reservation (or charge)
    // may still be on its way, on another process's connection, and must never land after "nothing was charged".
    const releaseOrBar = (reservationId: string): AccountCommand => ({
      type: 'ReleaseCredits',
      data: { accountId, reservationId, reason: 'keyed call taken over', barUnmade: true },
      now,
    });
    const charge = (reservationId: string): AccountCommand => ({
      type: 'ChargeCredits',
      data: { accountId, reservationId, amountCredits: 1, operation: 'renovation_uplift_calculator', requestId: `req-${reservationId}` },
      now,
    });
    const bar = { type: 'ReservationBarred', data: { accountId, reservationId: 'b1', reason: 'keyed call taken over' } } as const;
    given(opened).when(releaseOrBar('b1')).then([bar]);
    const barred: AccountEvent[] = [...opened, bar];
    given(barred).when(reserve('b1')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_RELEASED' });
    given(barred).when(charge('b1')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_RELEASED' });
    given(barred).when(capture('b1')).thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_RELEASED' });
    // Asked again (the same settling retried), the release changes nothing and is answered as before.
    given(barred).when(releaseOrBar('b1')).then([]);
    given(barred).when(release('b1')).then([]);
    // The bar holds and takes nothing: the opening 3 credits are all there.
    expect(availableCredits(fold(barred))).toBe(3);
    // A reservation made first is released as usual, and one captured is refused as captured (the caller paid).
    given([...opened, reserved('b2')])
      .when(releaseOrBar('b2'))
      .then([{ type: 'CreditsReleased', data: { accountId, reservationId: 'b2', amountCredits: 1, reason: 'keyed call taken over' } }]);
    given([...opened, reserved('b3'), { type: 'CreditsCaptured', data: { accountId, reservationId: 'b3', amountCredits: 1 } }])
      .when(releaseOrBar('b3'))
      .thenThrows(LedgerError, { code: 'RESERVATION_ALREADY_CAPTURED' });
    // Without the bar asked for, an unknown id is refused as before (an operator's typo records nothing).
    given(opened).when(release('b4')).thenThrows(LedgerError, { code: 'RESERVATION_NOT_FOUND' });
  });

  it('refuses commands for an account that does not exist', () => {
    given([]).when(reserve('r1')).thenThrows(LedgerError, { code: 'ACCOUNT_NOT_FOUND' });
  });
});
