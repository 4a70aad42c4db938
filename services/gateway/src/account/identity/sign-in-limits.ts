import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type pg from 'pg';

/** Failed sign-ins allowed per key in a window, then refused until the oldest of them leaves the window. */
export const signInLimits = { windowMs: 15 * 60_000, perEmail: 5, perAddress: 20 } as const;

/** The email's key: its hash, so the table holds no address. */
export const emailLimitKey = (normalisedEmail: string) => `email:${createHash('sha256').update(normalisedEmail).digest('hex')}`;

/** The address's key: an IPv6 address as its /64 (one subscriber's usual allocation), an IPv4 address whole. */
export const addressLimitKey = (address: string): string => {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  if (!isIPv6(plain)) return `ip:${plain}`;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `ip:${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
};

/**
 * When the sign-in may be tried again, if one of its keys is over its limit now: the moment the oldest failure that
 * keeps it over leaves the window. Undefined when neither is.
 */
export const refusedUntil = async (db: pg.Pool, keys: { email: string; address: string }, now: Date): Promise<Date | undefined> => {
  const since = new Date(now.getTime() - signInLimits.windowMs);
  const { rows } = await db.query<{ limit_key: string; failed_at: Date }>(
    `SELECT limit_key, failed_at FROM sign_in_failures WHERE limit_key = ANY($1) AND failed_at > $2 ORDER BY failed_at DESC`,
    [[keys.email, keys.address], since],
  );
  const until = (key: string, limit: number) => {
    const failures = rows.filter((r) => r.limit_key === key);
    const oldestCounted = failures[limit - 1];
    return oldestCounted && new Date(oldestCounted.failed_at.getTime() + signInLimits.windowMs);
  };
  const ends = [until(keys.email, signInLimits.perEmail), until(keys.address, signInLimits.perAddress)].filter((d) => d !== undefined);
  return ends.length === 0 ? undefined : new Date(Math.max(...ends.map((d) => d.getTime())));
};

export const recordFailure = (db: pg.Pool, keys: { email: string; address: string }, now: Date) =>
  db.query('INSERT INTO sign_in_failures (limit_key, failed_at) VALUES ($1, $3), ($2, $3)', [keys.email, keys.address, now]);

/** A success forgives the email's failures (not the address's: one address may be trying many emails). */
export const clearFailures = (db: pg.Pool, emailKey: string) => db.query('DELETE FROM sign_in_failures WHERE limit_key = $1', [emailKey]);
