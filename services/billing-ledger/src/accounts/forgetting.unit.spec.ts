import { LedgerReplay } from '../audit/replay';
import { availableCredits, initialState, type AccountEvent } from './account';
import { decide, LedgerError, type AccountCommand } from './decide';
import { evolve } from './evolve';
import { requireOpen } from './ledger-error';

// When the ledger forgets a settled reservation, and what it answers about one it has forgotten. Times are chosen
// around the 7 days (604,800,000 ms) a call's reservation is remembered after it was made.

const accountId = 'acc_forget001';
const t0 = Date.parse('2026-03-02T09:00:00.000Z');
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const stamp = (atMs: number, ...events: AccountEvent[]): AccountEvent[] => events.map((e) => ({ ...e, at: iso(atMs) }));
const e = <T extends AccountEvent['type']>(type: T, data: object) =>
  ({ type, data: { accountId, ...data } }) as Extract<AccountEvent, { type: T }>;

const opened = stamp(
  t0 - day,
  e('AccountOpened', { plan: 'standard', openedAt: iso(t0 - day), creditCycle: 'non_renewing', orderingEnabled: true }),
  e('CreditsGranted', { grantId: 'opening', amountCredits: 500, reason: 'opening balance' }),
  e('CashDeposited', { depositId: 'dep-1', amountPence: 2_000, reference: 'card payment' }),
);
const reserved = (reservationId: string, purpose?: 'official_copy_order') =>
  e('CreditsReserved', {
    reservationId,
    amountCredits: 2,
    operation: 'op',
    requestId: `req-${reservationId}`,
    ...(purpose ? { purpose } : {}),
  });
const captured = (reservationId: string) => e('CreditsCaptured', { reservationId, amountCredits: 2 });
const charged = (reservationId: string) => e('CreditsCharged', { reservationId, amountCredits: 2, operation: 'op', requestId: 'req' });
const fold = (events: AccountEvent[]) => requireOpen(events.reduce(evolve, initialState()), accountId);
const cmd = (type: AccountCommand['type'], data: object, atMs: number) =>
  ({ type, data: { accountId, ...data }, now: iso(atMs) }) as AccountCommand;

describe('forgetting settled calls', () => {
  const callAtT0 = [...opened, ...stamp(t0, reserved('old'), captured('old'))];

  it('forgets a settled call once a reservation is made more than 7 days after it, not at 7 days', () => {
    const atSevenDays = fold([...callAtT0, ...stamp(t0 + 7 * day, charged('new'))]);
    expect(atSevenDays.reservations.has('old')).toBe(true);
    const justAfter = fold([...callAtT0, ...stamp(t0 + 7 * day + 1, charged('new'))]);
    expect(justAfter.reservations.has('old')).toBe(false);
    expect(justAfter.callsByAge.toArray()).toEqual([['new', t0 + 7 * day + 1]]);
    // The money is what it was: 500 granted, 2 + 2 captured.
    expect([justAfter.capturedCredits, availableCredits(justAfter)]).toEqual([4, 496]);
  });

  it('keeps a call still held when its time comes, and forgets it 7 days after it was looked at again', () => {
    const held = [
      ...opened,
      ...stamp(
        t0,
        reserved('stuck'),
        e('ReservationQuarantined', { reservationId: 'stuck', amountCredits: 2, amountPence: 0, reason: 'x' }),
      ),
      ...stamp(t0 + 8 * day, charged('a')),
    ];
    expect(fold(held).reservations.get('stuck')?.status).toBe('quarantined');
    const settled = [...held, ...stamp(t0 + 9 * day, captured('stuck'))];
    expect(fold([...settled, ...stamp(t0 + 15 * day, charged('b'))]).reservations.has('stuck')).toBe(true);
    expect(fold([...settled, ...stamp(t0 + 15 * day + 1, charged('b'))]).reservations.has('stuck')).toBe(false);
  });

  it('never forgets an order, and forgets a refusal as it does a call', () => {
    const refused = e('CreditReservationRejected', {
      reservationId: 'no',
      amountCredits: 900,
      availableCredits: 500,
      operation: 'op',
      requestId: 'r',
    });
    const events = [
      ...opened,
      ...stamp(t0, reserved('order', 'official_copy_order'), e('CashReserved', { reservationId: 'order', amountPence: 700 })),
      ...stamp(t0, captured('order'), e('CashCaptured', { reservationId: 'order', amountPence: 700 }), refused),
      ...stamp(t0 + 100 * day, charged('later')),
    ];
    const s = fold(events);
    expect([s.reservations.has('order'), s.reservations.has('no')]).toEqual([true, false]);
  });

  it('forgets nothing when the events carry no time, as the audit folds them', () => {
    const unstamped = [...callAtT0, ...stamp(t0 + 30 * day, charged('new'))].map(({ at: _at, ...event }) => event as AccountEvent);
    expect(fold(unstamped).reservations.has('old')).toBe(true);
  });
});

describe('what the ledger answers about a reservation it has forgotten', () => {
  const later = t0 + 8 * day;
  const forgot = fold([
    ...opened,
    ...stamp(t0, charged('old'), e('CreditsRefunded', { reservationId: 'old', refundId: 'f1', amountCredits: 1, reason: 'unreadable' })),
    ...stamp(later, charged('new')),
  ]);
  const refusal = (command: AccountCommand) => {
    try {
      decide(command, forgot);
    } catch (error) {
      return error instanceof LedgerError ? error.code : 'not a ledger error';
    }
    return 'decided';
  };

  it('refuses a capture, release, quarantine or new refund of it as an unknown reservation; an expiry changes nothing', () => {
    expect(forgot.reservations.has('old')).toBe(false);
    expect(refusal(cmd('CaptureCredits', { reservationId: 'old' }, later))).toBe('RESERVATION_NOT_FOUND');
    expect(refusal(cmd('ReleaseCredits', { reservationId: 'old', reason: 'x' }, later))).toBe('RESERVATION_NOT_FOUND');
    expect(refusal(cmd('QuarantineReservation', { reservationId: 'old', reason: 'x' }, later))).toBe('RESERVATION_NOT_FOUND');
    const refund = { reservationId: 'old', refundId: 'f2', amountCredits: 1, amountPence: 0, reason: 'x' };
    expect(refusal(cmd('RefundCapture', refund, later))).toBe('RESERVATION_NOT_FOUND');
    expect(decide(cmd('ExpireReservation', { reservationId: 'old' }, later), forgot)).toEqual([]);
  });

  it('still answers a repeat of a refund it recorded with nothing new', () => {
    const repeat = { reservationId: 'old', refundId: 'f1', amountCredits: 1, amountPence: 0, reason: 'unreadable' };
    expect(decide(cmd('RefundCapture', repeat, later), forgot)).toEqual([]);
  });

  it('takes a reuse of the id as a new reservation, which the audit, replaying every event, reports', () => {
    const again = decide(
      cmd('ChargeCredits', { reservationId: 'old', amountCredits: 2, operation: 'op', requestId: 'req' }, later),
      forgot,
    );
    expect(again.map((x) => x.type)).toEqual(['CreditsCharged']);
    const replay = new LedgerReplay();
    const stream = [...opened, ...stamp(t0, charged('old')), ...stamp(later, charged('new')), ...again];
    stream.forEach((event, i) =>
      replay.apply({ streamId: `account-${accountId}`, streamPosition: i, type: event.type, data: event.data, recordedAt: iso(later) }),
    );
    expect(replay.results(new Date(later), 60_000)[0]?.problems).toEqual([`charge old recorded twice (${iso(later)})`]);
  });
});
