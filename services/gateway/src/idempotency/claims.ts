import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Payload, SuccessStatus } from '../http/respond';

// The rows of `idempotent_calls` (migration 039), one statement per step. Leases are in the database's time
// (`clock_timestamp()`), so gateways on hosts whose clocks differ agree on whose turn it is; the 24 hours are in
// business time, as everything dated for the caller is. Every write after the claim names the reservation id the
// writer holds, so a gateway whose call was taken over cannot overwrite the one that took it.

/** How long a key and its answer are kept: a repeat within it is answered with the first answer. */
export const keptForMs = 24 * 60 * 60 * 1000;

export interface ClaimKey {
  accountId: string;
  key: string;
}

/** What a claim is for: the operation and the fingerprint of its input (see fingerprint.ts). */
export interface ClaimRequest extends ClaimKey {
  operationId: string;
  fingerprint: string;
}

export interface StoredAnswer {
  status: SuccessStatus;
  payload: Payload;
  chargedCredits: number;
}

/** A row as a repeat sees it. */
export type ClaimRow =
  | { state: 'answered'; fingerprint: string; operationId: string; answer: StoredAnswer }
  | { state: 'in_flight' | 'lapsed'; fingerprint: string; operationId: string; reservationId: string };

/** A reservation id of the gateway's own, unique to one attempt at one keyed call. */
export const newReservationId = () => `idm_${randomUUID()}`;

const pk = 'account_id = $1 AND idempotency_key = $2';

/** Claims the key for a first call (the row is new): its reservation id, or undefined when the key is taken. */
export const claim = async (db: pg.Pool, request: ClaimRequest, leaseMs: number, now: Date): Promise<string | undefined> => {
  const { accountId, key, operationId, fingerprint } = request;
  // An expired row is a key used more than 24 hours ago: the call is a new one.
  await db.query(`DELETE FROM idempotent_calls WHERE ${pk} AND expires_at <= $3`, [accountId, key, now]);
  const reservationId = newReservationId();
  const inserted = await db.query(
    `INSERT INTO idempotent_calls (account_id, idempotency_key, fingerprint, operation_id, reservation_id, lease_until, expires_at)
     VALUES ($1, $2, $3, $4, $5, clock_timestamp() + $6 * interval '1 millisecond', $7)
     ON CONFLICT (account_id, idempotency_key) DO NOTHING`,
    [accountId, key, fingerprint, operationId, reservationId, leaseMs, new Date(now.getTime() + keptForMs)],
  );
  return inserted.rowCount === 1 ? reservationId : undefined;
};

/** The row under the key, unless it is gone or expired (a fresh call then). */
export const readClaim = async (db: pg.Pool, { accountId, key }: ClaimKey, now: Date): Promise<ClaimRow | undefined> => {
  const { rows } = await db.query(
    `SELECT fingerprint, operation_id, reservation_id, answer_status, answer, charged_credits,
            lease_until > clock_timestamp() AS leased
       FROM idempotent_calls WHERE ${pk} AND expires_at > $3`,
    [accountId, key, now],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { fingerprint, operation_id: operationId } = row;
  if (row.answer !== null) {
    const answer = { status: row.answer_status, payload: row.answer, chargedCredits: row.charged_credits };
    return { state: 'answered', fingerprint, operationId, answer };
  }
  return { state: row.leased ? 'in_flight' : 'lapsed', fingerprint, operationId, reservationId: row.reservation_id };
};

/** Takes over a call whose lease has passed: true when this gateway now holds it (no other took it first). */
export const takeOver = async (db: pg.Pool, { accountId, key }: ClaimKey, reservationId: string, leaseMs: number) => {
  const taken = await db.query(
    `UPDATE idempotent_calls SET lease_until = clock_timestamp() + $4 * interval '1 millisecond'
      WHERE ${pk} AND reservation_id = $3 AND answer IS NULL AND lease_until <= clock_timestamp()`,
    [accountId, key, reservationId, leaseMs],
  );
  return taken.rowCount === 1;
};

/** The held attempt charged nothing and never will: the next runs under a new reservation id. Undefined if no longer held. */
export const renewReservation = async (db: pg.Pool, { accountId, key }: ClaimKey, reservationId: string) => {
  const next = newReservationId();
  const renewed = await db.query(`UPDATE idempotent_calls SET reservation_id = $4 WHERE ${pk} AND reservation_id = $3 AND answer IS NULL`, [
    accountId,
    key,
    reservationId,
    next,
  ]);
  return renewed.rowCount === 1 ? next : undefined;
};

/** Stores the answer of the held attempt, ending its lease. */
export const storeAnswer = async (db: pg.Pool, { accountId, key }: ClaimKey, reservationId: string, answer: StoredAnswer) => {
  await db.query(
    `UPDATE idempotent_calls SET answer_status = $4, answer = $5, charged_credits = $6, lease_until = NULL
      WHERE ${pk} AND reservation_id = $3 AND answer IS NULL`,
    [accountId, key, reservationId, answer.status, JSON.stringify(answer.payload), answer.chargedCredits],
  );
};

/** Frees the key after a refusal that charged nothing: a retry with it is a new call. */
export const free = async (db: pg.Pool, { accountId, key }: ClaimKey, reservationId: string) => {
  await db.query(`DELETE FROM idempotent_calls WHERE ${pk} AND reservation_id = $3 AND answer IS NULL`, [accountId, key, reservationId]);
};

/** Ends the lease without an answer (the outcome is not known): the next repeat takes the call over at once. */
export const lapse = async (db: pg.Pool, { accountId, key }: ClaimKey, reservationId: string) => {
  await db.query(`UPDATE idempotent_calls SET lease_until = clock_timestamp() WHERE ${pk} AND reservation_id = $3 AND answer IS NULL`, [
    accountId,
    key,
    reservationId,
  ]);
};

/** Deletes keys past their 24 hours (none is honoured once expired; this keeps the table small). Safe from every gateway. */
export const sweepExpiredClaims = async (db: pg.Pool, now: Date) =>
  (await db.query('DELETE FROM idempotent_calls WHERE expires_at <= $1', [now])).rowCount ?? 0;
