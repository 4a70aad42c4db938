import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { isSecret, newSecret, secretHash } from './secrets';

export interface SessionSettings {
  /** A session unused this long ends (business time). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  maxMs: number;
}

export interface Session {
  customerId: string;
  accountId: string;
  /** The key this session's form tokens are made with (see csrf.ts). */
  csrfKey: Buffer;
}

/**
 * The session cookie. Over TLS: `__Host-` (the browser then insists on Secure, Path=/ and no Domain, so no other
 * host or path can plant or read it). Over plain HTTP (a loopback under `npm start`): no `Secure`, which the browser
 * would refuse there, and the path narrowed to the dashboard. `Lax`, not `Strict`: the return from a payment page is
 * a top-level GET from another site, and a `Strict` cookie would not come with it.
 */
export const sessionCookie = (secure: boolean) =>
  secure
    ? ({ name: '__Host-pds_account', options: { path: '/', secure: true, httpOnly: true, sameSite: 'lax' } } as const)
    : ({ name: 'pds_account', options: { path: '/account', secure: false, httpOnly: true, sameSite: 'lax' } } as const);

/** Starts a session: a new id every time (never one the browser brought), only its hash kept. Returns the cookie's value. */
export const startSession = async (db: pg.Pool, who: { customerId: string; accountId: string }, now: Date): Promise<string> => {
  const id = newSecret();
  await db.query(
    `INSERT INTO account_sessions (session_hash, customer_id, account_id, csrf_key, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $5)`,
    [secretHash(id), who.customerId, who.accountId, randomBytes(32), now],
  );
  return id;
};

/** The live session a cookie names, its last use moved to now; undefined when none, idle too long or too old. */
export const findSession = async (db: pg.Pool, id: unknown, now: Date, settings: SessionSettings): Promise<Session | undefined> => {
  if (!isSecret(id)) return undefined;
  const { rows } = await db.query<{ customer_id: string; account_id: string; csrf_key: Buffer }>(
    `UPDATE account_sessions SET last_seen_at = $2
     WHERE session_hash = $1 AND last_seen_at > $2::timestamptz - make_interval(secs => $3 / 1000.0)
       AND created_at > $2::timestamptz - make_interval(secs => $4 / 1000.0)
     RETURNING customer_id, account_id, csrf_key`,
    [secretHash(id), now, settings.idleMs, settings.maxMs],
  );
  const row = rows[0];
  return row && { customerId: row.customer_id, accountId: row.account_id, csrfKey: row.csrf_key };
};

export const endSession = async (db: pg.Pool, id: unknown): Promise<void> => {
  if (isSecret(id)) await db.query('DELETE FROM account_sessions WHERE session_hash = $1', [secretHash(id)]);
};

/** Ends every session of a customer (after a reset), or every one but the current (after a change). */
export const endSessionsOf = async (db: pg.Pool, customerId: string, except?: string): Promise<void> => {
  await db.query('DELETE FROM account_sessions WHERE customer_id = $1 AND ($2::bytea IS NULL OR session_hash <> $2)', [
    customerId,
    except === undefined ? null : secretHash(except),
  ]);
};
