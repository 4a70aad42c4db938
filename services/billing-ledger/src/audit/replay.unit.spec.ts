import { LedgerReplay, type AuditedEvent } from './replay';

const stream = 'account-acc_audit0001';
const at = '2026-03-01T10:00:00.000Z';
type Unplaced = Omit<AuditedEvent, 'streamPosition'>;
const ev = (type: string, data: Record<string, unknown>): Unplaced => ({
  streamId: stream,
  type,
  data: { accountId: 'acc_audit0001', ...data },
  recordedAt: at,
});
const opened = [
  ev('AccountOpened', { plan: 'basic', apiKeyHash: 'a'.repeat(64), apiKeyPrefix: 'pds_live_abcd', openedAt: at }),
  ev('CreditsGranted', { grantId: 'opening', amountCredits: 5, reason: 'opening balance' }),
];
const reserved = (id: string, amount = 1, expiresAt = '2026-03-01T10:02:00.000Z') =>
  ev('CreditsReserved', { reservationId: id, amountCredits: amount, operation: 'op', requestId: `req-${id}`, expiresAt });
const captured = (id: string, amount = 1) => ev('CreditsCaptured', { reservationId: id, amountCredits: amount });
const released = (id: string, amount = 1) => ev('CreditsReleased', { reservationId: id, amountCredits: amount, reason: 'failed' });

/** Audits one account's events, in stream order. */
const audit = (events: Unplaced[], now = '2026-03-01T10:01:00.000Z') => {
  const replay = new LedgerReplay();
  events.forEach((e, streamPosition) => replay.apply({ ...e, streamPosition }));
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
      refundedCredits: 0,
      reservedCredits: 1,
      availableCredits: 3,
      depositedPence: 0,
      capturedPence: 0,
      refundedPence: 0,
      reservedPence: 0,
      quarantinedPence: 0,
      availablePence: 0,
      debtPence: 0,
      openReservations: 1,
      quarantinedReservations: 0,
      problems: [],
    });
  });

  it('flags a settlement that matches no pending reservation, or the wrong amount', () => {
    expect(audit([...opened, captured('ghost')]).problems).toEqual([`CreditsCaptured of unknown reservation ghost (${at})`]);
    expect(audit([...opened, reserved('r1'), captured('r1'), captured('r1')]).problems).toEqual([
      `CreditsCaptured of reservation r1 already captured (${at})`,
    ]);
    expect(audit([...opened, reserved('r1'), captured('r1'), released('r1')]).problems).toEqual([
      `CreditsReleased of reservation r1 already captured (${at})`,
    ]);
    expect(audit([...opened, reserved('r1', 2), captured('r1', 3)]).problems).toEqual([
      `CreditsCaptured of 3 for a reservation of 2 (${at})`,
    ]);
  });

  it('flags a reservation that overdraws the balance and one recorded twice', () => {
    expect(audit([...opened, reserved('r1', 4), reserved('r2', 2)]).problems).toEqual([`reservation r2 overdraws the credits (${at})`]);
    expect(audit([...opened, reserved('r1'), reserved('r1')]).problems).toEqual([`reservation r1 recorded twice (${at})`]);
  });

  it('counts a one-step charge as spent, and flags one that overdraws, reuses an id or is captured again', () => {
    const charged = (id: string, amount = 1) =>
      ev('CreditsCharged', { reservationId: id, amountCredits: amount, operation: 'op', requestId: `req-${id}` });
    const a = audit([...opened, charged('c1', 2), reserved('r1'), charged('c2')]);
    // 5 granted: 3 charged, 1 held.
    expect([a.capturedCredits, a.reservedCredits, a.availableCredits, a.openReservations, a.problems]).toEqual([3, 1, 1, 1, []]);
    expect(audit([...opened, charged('c1', 4), charged('c2', 2)]).problems).toEqual([`charge c2 overdraws the credits (${at})`]);
    expect(audit([...opened, reserved('r1'), charged('r1')]).problems).toEqual([`charge r1 recorded twice (${at})`]);
    expect(audit([...opened, charged('c1'), captured('c1')]).problems).toEqual([
      `CreditsCaptured of reservation c1 already captured (${at})`,
    ]);
  });

  it('flags a reservation left open long after its expiry', () => {
    expect(audit([...opened, reserved('r1')], '2026-03-01T10:02:30.000Z').problems).toEqual([]);
    expect(audit([...opened, reserved('r1')], '2026-03-01T10:03:01.000Z').problems).toEqual([
      'reservation r1 still open 60 s past its expiry',
    ]);
  });

  describe('cash side', () => {
    const funded = [...opened, ev('CashDeposited', { depositId: 'd1', amountPence: 1_400, reference: 'card' })];
    const order = (id: string, pence = 700) => [
      reserved(id, 1, '2026-03-08T10:00:00.000Z'),
      ev('CashReserved', { reservationId: id, amountPence: pence }),
    ];
    const quarantined = (id: string, pence = 700) =>
      ev('ReservationQuarantined', { reservationId: id, amountCredits: 1, amountPence: pence, reason: 'uncertain' });

    it('recomputes deposits, captures, refunds, reservations and quarantine, and passes a clean history', () => {
      const a = audit([
        ...funded,
        ...order('o1'),
        captured('o1'),
        ev('CashCaptured', { reservationId: 'o1', amountPence: 700 }),
        ev('CashRefunded', { reservationId: 'o1', refundId: 'x', amountPence: 200, reason: 'goodwill' }),
        ...order('o2'),
        quarantined('o2'),
      ]);
      expect(a).toMatchObject({
        depositedPence: 1_400,
        capturedPence: 700,
        refundedPence: 200,
        reservedPence: 700,
        quarantinedPence: 700,
        availablePence: 200,
        quarantinedReservations: 1,
        problems: [],
      });
    });

    it('flags cash that overdraws the Purchase Balance, a cash settlement that does not match, and a refund beyond the capture', () => {
      expect(audit([...funded, ...order('o1', 1_500)]).problems).toEqual([`reservation o1 overdraws the Purchase Balance (${at})`]);
      expect(
        audit([...funded, ...order('o1'), captured('o1'), ev('CashCaptured', { reservationId: 'o1', amountPence: 600 })]).problems,
      ).toEqual([`CashCaptured of 600 pence for a reservation of 700 (${at})`]);
      const done = [...funded, ...order('o1'), captured('o1'), ev('CashCaptured', { reservationId: 'o1', amountPence: 700 })];
      expect(audit([...done, ev('CashRefunded', { reservationId: 'o1', refundId: 'x', amountPence: 701, reason: 'r' })]).problems).toEqual([
        `refunds of reservation o1 exceed its 700 pence (${at})`,
      ]);
      expect(audit([...funded, ev('CashReserved', { reservationId: 'lone', amountPence: 100 })]).problems).toEqual([
        `cash reservation lone without its credit reservation (${at})`,
      ]);
    });

    it('reports an event the account cannot take with its stream and position, skips it, and audits the rest', () => {
      // The invariants let a quarantine of a pending reservation through; its amount (600 of 700 pence) is what cannot apply.
      const a = audit([
        ...funded,
        ...order('o1'),
        quarantined('o1', 600),
        captured('o1'),
        ev('CashCaptured', { reservationId: 'o1', amountPence: 700 }),
      ]);
      expect(a.problems).toEqual([
        `ReservationQuarantined at ${stream} position 5 cannot apply: ` +
          `it quarantines 1 credits and 600 pence of reservation o1, which holds 1 credits and 700 pence (${at})`,
      ]);
      expect(a).toMatchObject({
        events: 8,
        capturedCredits: 1,
        capturedPence: 700,
        reservedPence: 0,
        quarantinedPence: 0,
        availablePence: 700,
      });
    });

    it('does not count a quarantined reservation as stranded, however old', () => {
      expect(audit([...funded, ...order('o1'), quarantined('o1')], '2027-01-01T00:00:00.000Z').problems).toEqual([]);
      expect(audit([...funded, ...order('o1')], '2027-01-01T00:00:00.000Z').problems).toEqual([
        'reservation o1 still open 60 s past its expiry',
      ]);
    });
  });
});
