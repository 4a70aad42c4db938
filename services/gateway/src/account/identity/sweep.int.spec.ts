import pg from 'pg';
import { freshDatabase } from '../../../../../test/support/environment';
import { sweepExpired } from './sweep';

// The sweep against the gateway's own tables: what is past its time goes, what is still honoured stays. Times by
// hand from the settings: a session idle for an hour or alive for 12 hours is over; failures count for 15 minutes.

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase('accountsweep'), max: 4 });
});
afterAll(async () => pool?.end());

const now = new Date('2026-05-14T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const session = { idleMs: 3_600_000, maxMs: 12 * 3_600_000 };

it('deletes sessions past their idle or whole life, links past their expiry, failures and asked-for mail past their windows, and nothing else', async () => {
  const sessions: Array<[string, Date, Date]> = [
    ['fresh', minutesAgo(30), minutesAgo(5)],
    ['idle', minutesAgo(120), minutesAgo(61)],
    ['old', minutesAgo(12 * 60 + 1), minutesAgo(1)],
  ];
  for (const [name, created, seen] of sessions)
    await pool.query(
      `INSERT INTO account_sessions (session_hash, customer_id, account_id, csrf_key, created_at, last_seen_at)
       VALUES ($1, 'cus_a', 'acc_a', '\\x00', $2, $3)`,
      [Buffer.from(name), created, seen],
    );
  for (const [name, expires] of [
    ['live', new Date(now.getTime() + 60_000)],
    ['expired', minutesAgo(1)],
  ] as const)
    await pool.query(
      `INSERT INTO account_tokens (token_hash, purpose, customer_id, credential_id, created_at, expires_at)
       VALUES ($1, 'verify', 'cus_a', 'cred_a', $2, $3)`,
      [Buffer.from(name), minutesAgo(60), expires],
    );
  for (const [key, at] of [
    ['recent', minutesAgo(14)],
    ['stale', minutesAgo(16)],
  ] as const)
    await pool.query('INSERT INTO sign_in_failures (limit_key, failed_at) VALUES ($1, $2)', [key, at]);
  for (const [key, at] of [
    ['mail-recent', minutesAgo(59)],
    ['mail-stale', minutesAgo(61)],
  ] as const)
    await pool.query('INSERT INTO account_mail_sends (limit_key, sent_at) VALUES ($1, $2)', [key, at]);

  expect(await sweepExpired(pool, session, now)).toEqual({ sessions: 2, tokens: 1, failures: 1, mailSends: 1 });
  const left = async (sql: string) => (await pool.query<{ name: string }>(sql)).rows.map((r) => r.name);
  expect(await left(`SELECT convert_from(session_hash, 'UTF8') AS name FROM account_sessions`)).toEqual(['fresh']);
  expect(await left(`SELECT convert_from(token_hash, 'UTF8') AS name FROM account_tokens`)).toEqual(['live']);
  expect(await left('SELECT limit_key AS name FROM sign_in_failures')).toEqual(['recent']);
  expect(await left('SELECT limit_key AS name FROM account_mail_sends')).toEqual(['mail-recent']);
  // A second pass finds nothing more.
  expect(await sweepExpired(pool, session, now)).toEqual({ sessions: 0, tokens: 0, failures: 0, mailSends: 0 });
});
