import { planRateLimits, readModels, type billing, type RateLimits, type z } from '@pds/contracts';
import { BatchedCalls } from '@pds/service-runtime';
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

type CallerRow = z.output<typeof readModels.apiCallers.row>;

/**
 * Finds the account a key belongs to, from the ledger's `api_callers` read model (the gateway reads no ledger table
 * directly). Lookups made while one is in flight go together in the next (`BatchedCalls`): one round trip per batch.
 * The lookup is by hash, and the stored hash is compared again in constant time so that no timing difference depends
 * on how much of a guess was right.
 */
export class ApiKeys {
  private readonly lookups = new BatchedCalls<string, CallerRow | undefined>(async (hashes) => {
    const { rows } = await this.db.query<CallerRow>(
      `SELECT key_hash, account_id, plan, rate_per_minute, rate_per_day, rate_per_month FROM ${readModels.apiCallers.relation}
        WHERE key_hash = ANY($1::text[])`,
      [[...new Set(hashes)]],
    );
    const byHash = new Map(rows.map((r) => [r.key_hash, r]));
    return hashes.map((h) => byHash.get(h));
  });

  constructor(private readonly db: pg.Pool) {}

  async authenticate(presented: string | undefined): Promise<Caller | undefined> {
    if (!presented || !keyPattern.test(presented)) return undefined;
    const hash = hashApiKey(presented);
    const row = await this.lookups.call(hash);
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
  }
}
