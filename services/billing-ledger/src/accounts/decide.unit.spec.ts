import { availableCredits, evolve, initialState, type Account, type AccountEvent } from './account';
import { decide, LedgerError, type AccountCommand } from './decide';

const accountId = 'acc_test00001';
const opened: AccountEvent[] = [
  { type: 'AccountOpened', data: { accountId, plan: 'basic', apiKeyHash: 'a'.repeat(64), apiKeyPrefix: 'pds_live_abcd', openedAt: '2026-01-01T00:00:00.000Z' } },
  { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: 3, reason: 'opening balance' } },
];
const expiresAt = '2026-01-01T00:02:00.000Z';
const reserve = (reservationId: string, amountCredits = 1): AccountCommand => ({
  type: 'ReserveCredits',
  data: { accountId, reservationId, amountCredits, operation: 'renovation_uplift_calculator', requestId: `req-${reservationId}` },
  expiresAt,
});
/** The CreditsReserved event a reservation command records. */
const reserved = (reservationId: string, amountCredits = 1): AccountEvent => ({
  type: 'CreditsReserved',
  data: { ...(reserve(reservationId, amountCredits).data as { accountId: string; reservationId: string; amountCredits: number; operation: string; requestId: string }), expiresAt },
});
const expire = (reservationId: string, now: string): AccountCommand => ({ type: 'ExpireReservation', data: { accountId, reservationId }, now });
const capture = (reservationId: string): AccountCommand => ({ type: 'CaptureCredits', data: { accountId, reservationId } });
const release = (reservationId: string): AccountCommand => ({ type: 'ReleaseCredits', data: { accountId, reservationId, reason: 'work failed' } });

/** given(events).when(command).then(events) — the decider read as a specification. */
const given = (events: AccountEvent[]) => {
  const state = events.reduce(evolve, initialState());
  return {
    when: (command: AccountCommand) => ({
      then: (expected: AccountEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenThrows: (code: string) => {
        try {
          decide(command, state);
        } catch (error) {
          expect(error).toBeInstanceOf(LedgerError);
          return expect((error as LedgerError).code).toBe(code);
        }
        throw new Error('expected a LedgerError');
      },
    }),
  };
};
const fold = (events: AccountEvent[]) => events.reduce(evolve, initialState()) as Extract<Account, { status: 'open' }>;

describe('account decider', () => {
  it('opens an account with its opening grant', () => {
    given([]).when({ type: 'OpenAccount', data: { accountId, plan: 'basic', apiKeyHash: 'a'.repeat(64), apiKeyPrefix: 'pds_live_abcd', openingCredits: 3 }, now: '2026-01-01T00:00:00.000Z' }).then(opened);
  });

  it('reserves while credits are available and records a refusal when not', () => {
    given(opened).when(reserve('r1', 3)).then([reserved('r1', 3)]);
    const held: AccountEvent[] = [...opened, reserved('r1', 3)];
    given(held)
      .when(reserve('r2'))
      .then([{ type: 'CreditReservationRejected', data: { ...(reserve('r2').data as object), availableCredits: 0 } as never }]);
  });

  it('treats a repeated reservation as the same one', () => {
    const held: AccountEvent[] = [...opened, reserved('r1')];
    given(held).when(reserve('r1')).then([]);
    given(held).when(reserve('r1', 2)).thenThrows('RESERVATION_MISMATCH');
  });

  it('captures and releases a pending reservation once', () => {
    const held: AccountEvent[] = [...opened, reserved('r1', 2)];
    given(held).when(capture('r1')).then([{ type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 2 } }]);
    given(held).when(release('r1')).then([{ type: 'CreditsReleased', data: { accountId, reservationId: 'r1', amountCredits: 2, reason: 'work failed' } }]);
    const captured: AccountEvent[] = [...held, { type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 2 } }];
    given(captured).when(capture('r1')).then([]);
    given(captured).when(release('r1')).thenThrows('RESERVATION_ALREADY_CAPTURED');
    given(opened).when(capture('nope')).thenThrows('RESERVATION_NOT_FOUND');
  });

  it('keeps available = granted − captured − pending', () => {
    const events: AccountEvent[] = [
      ...opened,
      reserved('r1', 1),
      reserved('r2', 1),
      { type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 1 } },
      { type: 'CreditsReleased', data: { accountId, reservationId: 'r2', amountCredits: 1, reason: 'x' } },
    ];
    const state = fold(events);
    expect([state.grantedCredits, state.capturedCredits, state.reservedCredits, availableCredits(state)]).toEqual([3, 1, 0, 2]);
  });

  it('expires a reservation still pending at its expiry, and only then', () => {
    const held: AccountEvent[] = [...opened, reserved('r1', 2)];
    given(held).when(expire('r1', '2026-01-01T00:01:59.999Z')).then([]);
    given(held)
      .when(expire('r1', '2026-01-01T00:02:00.000Z'))
      .then([{ type: 'CreditReservationExpired', data: { accountId, reservationId: 'r1', amountCredits: 2, expiresAt } }]);
    const expired: AccountEvent[] = [...held, { type: 'CreditReservationExpired', data: { accountId, reservationId: 'r1', amountCredits: 2, expiresAt } }];
    expect(availableCredits(fold(expired))).toBe(3);
    given(expired).when(expire('r1', '2026-01-01T00:05:00.000Z')).then([]);
    given(expired).when(capture('r1')).thenThrows('RESERVATION_EXPIRED');
    const captured: AccountEvent[] = [...held, { type: 'CreditsCaptured', data: { accountId, reservationId: 'r1', amountCredits: 2 } }];
    given(captured).when(expire('r1', '2026-01-01T00:05:00.000Z')).then([]);
  });

  it('refuses commands for an account that does not exist', () => {
    given([]).when(reserve('r1')).thenThrows('ACCOUNT_NOT_FOUND');
  });
});
