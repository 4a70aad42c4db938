import { LedgerReplay, type AuditedEvent } from './replay';

const stream = 'account-acc_audit0001';
const at = '2026-03-01T10:00:00.000Z';
const ev = (type: string, data: Record<string, unknown>): AuditedEvent => ({ streamId: stream, type, data: { accountId: 'acc_audit0001', ...data }, recordedAt: at });
const opened = [
  ev('AccountOpened', { plan: 'basic', apiKeyHash: 'a'.repeat(64), apiKeyPrefix: 'pds_live_abcd', openedAt: at }),
  ev('CreditsGranted', { grantId: 'opening', amountCredits: 5, reason: 'opening balance' }),
];
const reserved = (id: string, amount = 1, expiresAt = '2026-03-01T10:02:00.000Z') =>
  ev('CreditsReserved', { reservationId: id, amountCredits: amount, operation: 'op', requestId: `req-${id}`, expiresAt });
const captured = (id: string, amount = 1) => ev('CreditsCaptured', { reservationId: id, amountCredits: amount });
const released = (id: string, amount = 1) => ev('CreditsReleased', { reservationId: id, amountCredits: amount, reason: 'failed' });

const audit = (events: AuditedEvent[], now = '2026-03-01T10:01:00.000Z') => {
  const replay = new LedgerReplay();
  events.forEach((e) => replay.apply(e));
  const [only] = replay.results(new Date(now), 60_000);
  return only!;
};

describe('ledger audit replay', () => {
  it('recomputes the balances of a clean history with no problems', () => {
    const a = audit([...opened, reserved('r1'), captured('r1'), reserved('r2', 2), released('r2', 2), reserved('r3')]);
    expect(a).toEqual({
      accountId: 'acc_audit0001',
      plan: 'basic',
      events: 7,
      grantedCredits: 5,
      capturedCredits: 1,
      reservedCredits: 1,
      availableCredits: 3,
      openReservations: 1,
      problems: [],
    });
  });

  it('flags a settlement that matches no pending reservation, or the wrong amount', () => {
    expect(audit([...opened, captured('ghost')]).problems).toEqual([`CreditsCaptured of unknown reservation ghost (${at})`]);
    expect(audit([...opened, reserved('r1'), captured('r1'), captured('r1')]).problems).toEqual([`CreditsCaptured of reservation r1 already captured (${at})`]);
    expect(audit([...opened, reserved('r1'), captured('r1'), released('r1')]).problems).toEqual([`CreditsReleased of reservation r1 already captured (${at})`]);
    expect(audit([...opened, reserved('r1', 2), captured('r1', 3)]).problems).toEqual([`CreditsCaptured of 3 for a reservation of 2 (${at})`]);
  });

  it('flags a reservation that overdraws the balance and one recorded twice', () => {
    expect(audit([...opened, reserved('r1', 4), reserved('r2', 2)]).problems).toEqual([`reservation r2 overdraws the balance (${at})`]);
    expect(audit([...opened, reserved('r1'), reserved('r1')]).problems).toEqual([`reservation r1 recorded twice (${at})`]);
  });

  it('flags a reservation left open long after its expiry', () => {
    expect(audit([...opened, reserved('r1')], '2026-03-01T10:02:30.000Z').problems).toEqual([]);
    expect(audit([...opened, reserved('r1')], '2026-03-01T10:03:01.000Z').problems).toEqual(['reservation r1 still open 60 s past its expiry']);
  });
});
