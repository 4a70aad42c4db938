import { planRateLimits, type billing, type RateLimits } from '@pds/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

export interface Caller {
  accountId: string;
  plan: billing.Plan;
  rateLimits: RateLimits;
}

export const apiKeyPrefix = 'pds_live_';
const keyPattern = /^pds_live_[A-Za-z0-9_-]{43}$/;

/** A new key: 256 random bits. Only its SHA-256 is stored; the key is shown once, to whoever created it. */
export const newApiKey = () => {
  const apiKey = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { apiKey, apiKeyHash: hashApiKey(apiKey), apiKeyPrefix: apiKey.slice(0, apiKeyPrefix.length + 4) };
};

export const hashApiKey = (apiKey: string) => createHash('sha256').update(apiKey, 'utf8').digest('hex');

/**
 * Finds the account a key belongs to, from the `api_keys` read model. The lookup is by hash, and the stored hash is
 * compared again in constant time so that no timing difference depends on how much of a guess was right.
 */
export const authenticate = async (db: pg.Pool, presented: string | undefined): Promise<Caller | undefined> => {
  if (!presented || !keyPattern.test(presented)) return undefined;
  const hash = hashApiKey(presented);
  const { rows } = await db.query<{
    key_hash: string;
    account_id: string;
    plan: billing.Plan;
    rate_per_minute: number | null;
    rate_per_day: number | null;
    rate_per_month: number | null;
  }>(
    `SELECT k.key_hash, k.account_id, b.plan, b.rate_per_minute, b.rate_per_day, b.rate_per_month
       FROM api_keys k JOIN account_balances b USING (account_id) WHERE k.key_hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  const planLimits = planRateLimits[row.plan];
  return {
    accountId: row.account_id,
    plan: row.plan,
    rateLimits: {
      perMinute: row.rate_per_minute ?? planLimits.perMinute,
      perDay: row.rate_per_day ?? planLimits.perDay,
      perMonth: row.rate_per_month ?? planLimits.perMonth,
    },
  };
};
