import type pg from 'pg';
import type { SessionSettings } from './sessions';
import { mailLimits } from '../mail/mail-limits';
import { signInLimits } from './sign-in-limits';

// What the dashboard's tables hold only for a while: sessions past their idle or whole life, one-time links past
// their expiry, failed sign-ins and asked-for mail older than the windows they count in. None of them is read once past its time (each
// query compares with business time), so this only keeps the tables small; one statement each, safe to run from
// every gateway at once.

export interface Swept {
  sessions: number;
  tokens: number;
  failures: number;
  mailSends: number;
}

export const sweepExpired = async (db: pg.Pool, session: SessionSettings, now: Date): Promise<Swept> => {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const [sessions, tokens, failures, mailSends] = await Promise.all([
    db.query('DELETE FROM account_sessions WHERE last_seen_at < $1 OR created_at < $2', [ago(session.idleMs), ago(session.maxMs)]),
    db.query('DELETE FROM account_tokens WHERE expires_at < $1', [now]),
    db.query('DELETE FROM sign_in_failures WHERE failed_at < $1', [ago(signInLimits.windowMs)]),
    db.query('DELETE FROM account_mail_sends WHERE sent_at < $1', [ago(mailLimits.windowMs)]),
  ]);
  const count = (r: { rowCount: number | null }) => r.rowCount ?? 0;
  return { sessions: count(sessions), tokens: count(tokens), failures: count(failures), mailSends: count(mailSends) };
};
