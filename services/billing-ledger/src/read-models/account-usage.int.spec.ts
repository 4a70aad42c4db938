import type { RecordedEvent } from '@pds/service-runtime';
import pg from 'pg';
import { freshDatabase } from '../../../../test/support/environment';
import { projectBatch } from '../../../../test/support/projection';
import { projectAccountUsage } from './account-usage';
import { pruneReservationOperations } from './reservation-operations-pruning';

// The usage projection over the real PostgreSQL, batch by batch as its follower hands them over. Figures by hand.

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase('usage'), max: 2 });
});
afterAll(async () => pool?.end());

let position = 0;
const event = (type: string, data: Record<string, unknown>, at?: string): RecordedEvent => {
  position += 1;
  return {
    eventId: `e${position}`,
    streamId: `account-${String(data.accountId)}`,
    streamPosition: position,
    globalPosition: position,
    transactionId: '1',
    recordedAt: '2030-01-01T00:00:00.000Z',
    type,
    data,
    metadata: at ? { at } : {},
  };
};
const project = (events: RecordedEvent[]) => projectBatch(pool, projectAccountUsage, events);
const days = async (accountId: string) =>
  (
    await pool.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, operation, charges::int, credits_charged::int, refunds::int, credits_refunded::int
         FROM account_usage_days_view WHERE account_id = $1 ORDER BY day, operation`,
      [accountId],
    )
  ).rows;

describe('usage by day and operation', () => {
  it('counts charges and captures on their own UK day, refunds against the operation refunded, and nothing released', async () => {
    const accountId = 'acc_usage00001';
    const a = { accountId };
    const call = { operation: 'crime', requestId: 'r' };
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in the UK (BST).
    await project([
      event('CreditsReserved', { ...a, reservationId: 'r1', amountCredits: 2, ...call, expiresAt: 'x' }, '2026-03-31T22:59:00.000Z'),
      event('CreditsReserved', { ...a, reservationId: 'r2', amountCredits: 2, ...call, expiresAt: 'x' }, '2026-03-31T23:00:00.000Z'),
      event(
        'CreditsCharged',
        { ...a, reservationId: 'c1', amountCredits: 1, operation: 'valuation', requestId: 'q' },
        '2026-03-31T23:30:00.000Z',
      ),
    ]);
    // Later batches: the captures and the refund find their reservations' operations recorded before.
    await project([
      event('CreditsCaptured', { ...a, reservationId: 'r1', amountCredits: 2 }, '2026-03-31T22:59:30.000Z'),
      event('CreditsReleased', { ...a, reservationId: 'r2', amountCredits: 2, reason: 'failed' }, '2026-03-31T23:00:10.000Z'),
    ]);
    await project([
      event('CreditsRefunded', { ...a, reservationId: 'c1', refundId: 'f1', amountCredits: 1, reason: 'x' }, '2026-04-01T08:00:00.000Z'),
      event('CreditsRefunded', { ...a, reservationId: 'r1', refundId: 'f2', amountCredits: 1, reason: 'x' }, '2026-04-01T09:00:00.000Z'),
    ]);
    expect(await days(accountId)).toEqual([
      { day: '2026-03-31', operation: 'crime', charges: 1, credits_charged: 2, refunds: 0, credits_refunded: 0 },
      { day: '2026-04-01', operation: 'crime', charges: 0, credits_charged: 0, refunds: 1, credits_refunded: 1 },
      { day: '2026-04-01', operation: 'valuation', charges: 1, credits_charged: 1, refunds: 1, credits_refunded: 1 },
    ]);
    const { rows } = await pool.query('SELECT last_event_at FROM account_usage_progress_view WHERE account_id = $1', [accountId]);
    expect((rows[0].last_event_at as Date).toISOString()).toBe('2026-04-01T09:00:00.000Z');
  });

  it('adds to a day across batches, and dates an event written before business time was recorded by the store', async () => {
    const accountId = 'acc_usage00002';
    const charge = (id: string, at?: string) =>
      event('CreditsCharged', { accountId, reservationId: id, amountCredits: 3, operation: 'valuation', requestId: 'q' }, at);
    await project([charge('a', '2026-06-10T12:00:00.000Z'), charge('b', '2026-06-10T13:00:00.000Z')]);
    await project([charge('c', '2026-06-10T14:00:00.000Z'), charge('d')]);
    expect(await days(accountId)).toEqual([
      { day: '2026-06-10', operation: 'valuation', charges: 3, credits_charged: 9, refunds: 0, credits_refunded: 0 },
      // recordedAt 2030-01-01T00:00Z: midnight in the UK (GMT).
      { day: '2030-01-01', operation: 'valuation', charges: 1, credits_charged: 3, refunds: 0, credits_refunded: 0 },
    ]);
  });
});

describe('the reservations’ operations, kept 400 days of the projection’s own time', () => {
  it('prunes those reserved over 400 days before the latest event read; a refund of one counts as operation unknown', async () => {
    const accountId = 'acc_prune00001';
    const a = { accountId };
    // The latest event read is at 1 June 2031: 400 days before it is 27 April 2030.
    await project([
      event(
        'CreditsReserved',
        { ...a, reservationId: 'old', amountCredits: 3, operation: 'crime', expiresAt: 'x' },
        '2030-04-25T12:00:00.000Z',
      ),
      event(
        'CreditsReserved',
        { ...a, reservationId: 'new', amountCredits: 4, operation: 'valuation', expiresAt: 'x' },
        '2030-05-05T12:00:00.000Z',
      ),
      event(
        'CreditsCharged',
        { ...a, reservationId: 'now', amountCredits: 1, operation: 'epc', requestId: 'q' },
        '2031-06-01T12:00:00.000Z',
      ),
    ]);
    const older = await pool.query(
      `SELECT count(*)::int AS n FROM account_reservation_operations WHERE reserved_at < '2030-04-27T12:00:00Z'`,
    );
    expect(await pruneReservationOperations(pool)).toBe(older.rows[0].n);
    const kept = await pool.query<{ reservation_id: string }>(
      'SELECT reservation_id FROM account_reservation_operations WHERE account_id = $1 ORDER BY reservation_id',
      [accountId],
    );
    expect(kept.rows.map((r) => r.reservation_id)).toEqual(['new', 'now']);

    await project([
      event('CreditsRefunded', { ...a, reservationId: 'old', amountCredits: 3, reason: 'late' }, '2031-06-01T13:00:00.000Z'),
      event('CreditsRefunded', { ...a, reservationId: 'new', amountCredits: 4, reason: 'late' }, '2031-06-01T13:00:00.000Z'),
    ]);
    expect(await days(accountId)).toEqual([
      { day: '2031-06-01', operation: 'epc', charges: 1, credits_charged: 1, refunds: 0, credits_refunded: 0 },
      { day: '2031-06-01', operation: 'unknown', charges: 0, credits_charged: 0, refunds: 1, credits_refunded: 3 },
      { day: '2031-06-01', operation: 'valuation', charges: 0, credits_charged: 0, refunds: 1, credits_refunded: 4 },
    ]);
    // A second pass has nothing left to prune.
    expect(await pruneReservationOperations(pool)).toBe(0);
  });
});
