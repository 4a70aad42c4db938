import { ukDateOf, type RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';
import { movementOf, recordMovements, type MovementRow } from './account-movements';

// Usage by account, UK day and operation: charges (a one-step charge, or a reservation's capture) and refunds, in
// credits. Released and expired reservations charged nothing and count nowhere. Each batch is written in a handful of
// statements, whatever its size: this follower reads every event the charging path writes. The account's other money
// movements (account-movements.ts) are written in the same transaction, so a monthly statement's figures, half from
// each table, are always read at one position.

/** When an event was decided in business time (`metadata.at`); the store's clock for events written before it was recorded. */
export const businessTimeOf = (e: Pick<RecordedEvent, 'metadata' | 'recordedAt'>): string =>
  typeof e.metadata.at === 'string' ? e.metadata.at : e.recordedAt;

type Data = { accountId: string; reservationId: string; amountCredits: number; operation?: string };
interface Movement {
  accountId: string;
  reservationId: string;
  day: string;
  kind: 'charge' | 'refund';
  credits: number;
  operation?: string;
}

const keyOf = (accountId: string, reservationId: string) => `${accountId} ${reservationId}`;

export const projectAccountUsage = async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
  const operations = new Map<string, { accountId: string; reservationId: string; operation: string; at: string }>();
  const movements: Movement[] = [];
  const progress = new Map<string, { position: number; at: string }>();
  const moved: MovementRow[] = [];
  for (const e of events) {
    const movement = movementOf(e);
    if (movement) moved.push(movement);
    const d = e.data as Data;
    const at = businessTimeOf(e);
    progress.set(d.accountId, { position: e.globalPosition, at });
    const base = { accountId: d.accountId, reservationId: d.reservationId, day: ukDateOf(at) };
    switch (e.type) {
      case 'CreditsReserved':
        operations.set(keyOf(d.accountId, d.reservationId), { ...base, operation: d.operation as string, at });
        break;
      case 'CreditsCharged':
        operations.set(keyOf(d.accountId, d.reservationId), { ...base, operation: d.operation as string, at });
        movements.push({ ...base, kind: 'charge', credits: d.amountCredits, operation: d.operation as string });
        break;
      case 'CreditsCaptured':
        movements.push({ ...base, kind: 'charge', credits: d.amountCredits });
        break;
      case 'CreditsRefunded':
        movements.push({ ...base, kind: 'refund', credits: d.amountCredits });
        break;
      default:
        break;
    }
  }
  await recordOperations(tx, [...operations.values()]);
  await resolveOperations(tx, movements, operations);
  await addToDays(tx, movements);
  await recordMovements(tx, moved);
  await recordProgress(tx, progress);
};

const recordOperations = async (
  tx: pg.PoolClient,
  rows: Array<{ accountId: string; reservationId: string; operation: string; at: string }>,
) => {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO account_reservation_operations (account_id, reservation_id, operation, reserved_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) ON CONFLICT DO NOTHING`,
    [rows.map((r) => r.accountId), rows.map((r) => r.reservationId), rows.map((r) => r.operation), rows.map((r) => r.at)],
  );
};

/** Each capture's and refund's operation: from this batch's reservations, else from those recorded before. */
const resolveOperations = async (tx: pg.PoolClient, movements: Movement[], inBatch: Map<string, { operation: string }>) => {
  const unknown = movements.filter((m) => m.operation === undefined && !inBatch.has(keyOf(m.accountId, m.reservationId)));
  const earlier = new Map<string, string>();
  if (unknown.length > 0) {
    const { rows } = await tx.query<{ account_id: string; reservation_id: string; operation: string }>(
      `SELECT o.account_id, o.reservation_id, o.operation
         FROM unnest($1::text[], $2::text[]) AS w(account_id, reservation_id)
         JOIN account_reservation_operations o USING (account_id, reservation_id)`,
      [unknown.map((m) => m.accountId), unknown.map((m) => m.reservationId)],
    );
    for (const r of rows) earlier.set(keyOf(r.account_id, r.reservation_id), r.operation);
  }
  for (const m of movements) {
    const key = keyOf(m.accountId, m.reservationId);
    // A reservation the ledger holds always has its operation recorded: `unknown` only if this table lost a row.
    m.operation ??= inBatch.get(key)?.operation ?? earlier.get(key) ?? 'unknown';
  }
};

const addToDays = async (tx: pg.PoolClient, movements: Movement[]) => {
  const days = new Map<string, { accountId: string; day: string; operation: string; sums: number[] }>();
  for (const m of movements) {
    const key = `${m.accountId} ${m.day} ${m.operation}`;
    const row = days.get(key) ?? { accountId: m.accountId, day: m.day, operation: m.operation as string, sums: [0, 0, 0, 0] };
    // Charges, their credits, refunds, theirs.
    const [count, credits] = m.kind === 'charge' ? [0, 1] : [2, 3];
    row.sums[count] = (row.sums[count] ?? 0) + 1;
    row.sums[credits] = (row.sums[credits] ?? 0) + m.credits;
    days.set(key, row);
  }
  if (days.size === 0) return;
  const rows = [...days.values()];
  await tx.query(
    `INSERT INTO account_usage_days (account_id, day, operation, charges, credits_charged, refunds, credits_refunded)
     SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
     ON CONFLICT (account_id, day, operation) DO UPDATE
       SET charges = account_usage_days.charges + excluded.charges,
           credits_charged = account_usage_days.credits_charged + excluded.credits_charged,
           refunds = account_usage_days.refunds + excluded.refunds,
           credits_refunded = account_usage_days.credits_refunded + excluded.credits_refunded`,
    [
      rows.map((r) => r.accountId),
      rows.map((r) => r.day),
      rows.map((r) => r.operation),
      ...[0, 1, 2, 3].map((i) => rows.map((r) => r.sums[i])),
    ],
  );
};

const recordProgress = async (tx: pg.PoolClient, progress: Map<string, { position: number; at: string }>) => {
  if (progress.size === 0) return;
  const rows = [...progress];
  await tx.query(
    `INSERT INTO account_usage_progress (account_id, last_global_position, last_event_at)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[])
     ON CONFLICT (account_id) DO UPDATE SET last_global_position = excluded.last_global_position, last_event_at = excluded.last_event_at`,
    [rows.map(([a]) => a), rows.map(([, p]) => p.position), rows.map(([, p]) => p.at)],
  );
};
