import { planRateLimits, readModels, type billing, type RateLimits, type z } from '@pds/contracts';
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
 * Finds the account a key belongs to, from the ledger's `api_callers` read model. The lookup is by hash, and the stored hash is
 * compared again in constant time so that no timing difference depends on how much of a guess was right.
 */
export const authenticate = async (db: pg.Pool, presented: string | undefined): Promise<Caller | undefined> => {
  if (!presented || !keyPattern.test(presented)) return undefined;
  const hash = hashApiKey(presented);
  // The ledger's read-model contract `api_callers`: the gateway reads no ledger table directly.
  const { rows } = await db.query<z.output<typeof readModels.apiCallers.row>>(
    `SELECT key_hash, account_id, plan, rate_per_minute, rate_per_day, rate_per_month FROM ${readModels.apiCallers.relation} WHERE key_hash = $1`,
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
