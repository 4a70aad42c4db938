import { planRateLimits, readModels, type billing, type RateLimits, type z } from '@pds/contracts';
import { BatchedCalls } from '@pds/service-runtime';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { RateDecision } from '../rate-limits/decision';
import { admitColumns, type AdmitRow, type RateLimiter } from '../rate-limits/rate-limiter';
import type { CalendarWindows } from '../rate-limits/windows';

export interface Caller {
  accountId: string;
  /** Which of the account's keys made the call. */
  keyId: string;
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

const keyIdLetters = 'abcdefghijklmnopqrstuvwxyz234567';
/** A key's id (not secret): `key_` and 16 base32 letters, 80 random bits; unique within its account. */
export const newKeyId = () => `key_${Array.from(randomBytes(16), (b) => keyIdLetters[b & 31]).join('')}`;

export const hashApiKey = (apiKey: string) => createHash('sha256').update(apiKey, 'utf8').digest('hex');

type CallerRow = z.output<typeof readModels.apiCallers.row>;
type AdmittedRow = Pick<CallerRow, 'key_hash' | 'key_id' | 'account_id' | 'plan'> & {
  i: string;
  per_minute: number;
  per_day: number;
  per_month: number;
} & AdmitRow;

/** A request for a key's caller and an admission of its call, at the moment it was asked. */
type Asked = { hash: string; now: Date; calendar: CalendarWindows };

/**
 * Each key's caller from the ledger's `api_callers` read model (joined as the ledger publishes it: the gateway reads no
 * ledger table directly; a rotated key past its grace at the call's stamp is not found), then
 * `rate_limit_admit_many` for each account's requests of the batch, in one statement: one round trip for a batch. Each
 * account's requests are gathered into one run (its keys share its limits), the runs materialised in account order and
 * decided in that order (a nested loop over materialised rows runs in their order), so every instance takes the
 * accounts' row locks in the same order and two batches cannot deadlock. The runs are decided in a materialised step
 * of their own: joined directly to the callers, the function could be called again for each of them. A custom limit
 * overrides the plan's ($5: each plan's limits). An unknown key gets no row and is counted nowhere.
 *
 * The statement's transaction commits without waiting for its WAL flush (synchronous_commit off for it alone): every
 * instance sees an admission at once, so the limits stay exact while PostgreSQL runs; a PostgreSQL crash can forget
 * the admissions of its last few hundred milliseconds (3 × wal_writer_delay at most), which lets a caller that many
 * calls more. Admissions are not money: a charge is still flushed by the ledger before its call is answered.
 */
const identifyAndAdmitSql = `WITH asked AS (
    SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
           WITH ORDINALITY AS b(key_hash, stamp, day_start, month_start, i)
     WHERE set_config('synchronous_commit', 'off', true) = 'off'
  ), callers AS MATERIALIZED (
    SELECT a.i, a.stamp, a.day_start, a.month_start, c.key_hash, c.key_id, c.account_id, c.plan,
           coalesce(c.rate_per_minute, ($5::jsonb -> c.plan ->> 'perMinute')::integer) AS per_minute,
           coalesce(c.rate_per_day, ($5::jsonb -> c.plan ->> 'perDay')::integer) AS per_day,
           coalesce(c.rate_per_month, ($5::jsonb -> c.plan ->> 'perMonth')::integer) AS per_month
      FROM ${readModels.callersOfAskedKeys('asked')}
  ), runs AS MATERIALIZED (
    SELECT account_id, per_minute, per_day, per_month, array_agg(i ORDER BY i) AS ids, array_agg(stamp ORDER BY i) AS stamps,
           array_agg(day_start ORDER BY i) AS day_starts, array_agg(month_start ORDER BY i) AS month_starts
      FROM callers GROUP BY account_id, per_minute, per_day, per_month ORDER BY account_id
  ), decided AS MATERIALIZED (
    SELECT runs.ids[r.k] AS i, ${admitColumns}
      FROM runs
     CROSS JOIN LATERAL rate_limit_admit_many(runs.account_id, runs.stamps, runs.per_minute, runs.day_starts, runs.per_day, runs.month_starts, runs.per_month) AS r
  )
  SELECT c.i, c.key_hash, c.key_id, c.account_id, c.plan, c.per_minute, c.per_day, c.per_month, d.admitted, d.stamped_at, d.minute_used,
         d.minute_oldest_at, d.minute_limiting_at, d.day_used, d.month_used
    FROM decided d JOIN callers c ON c.i = d.i
   ORDER BY c.i`;

/** Prepared once per connection: parsed and planned once, not on every call. */
const identifyAndAdmit = { name: 'identify-and-admit', text: identifyAndAdmitSql };

const planLimits = JSON.stringify(planRateLimits);

/**
 * Who is calling, and whether the call is within its limits (see `RateLimiter` for the rules): found and admitted
 * together, and requests that arrive while a round trip is in flight go together in the next one (`BatchedCalls`).
 * The lookup is by hash, and the stored hash is compared again in constant time so that no timing difference depends
 * on how much of a guess was right.
 */
export class ApiKeys {
  private readonly batches = new BatchedCalls<Asked, AdmittedRow | undefined>(async (batch) => {
    const { rows } = await this.db.query<AdmittedRow>({
      ...identifyAndAdmit,
      values: [
        batch.map((a) => a.hash),
        batch.map((a) => a.now),
        batch.map((a) => a.calendar.day.start),
        batch.map((a) => a.calendar.month.start),
        planLimits,
      ],
    });
    const answers = new Array<AdmittedRow | undefined>(batch.length);
    for (const row of rows) answers[Number(row.i) - 1] = row;
    return answers;
  });

  constructor(
    private readonly db: pg.Pool,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** The key's caller and its call's admission; undefined for a key that is malformed or unknown. */
  async admit(presented: string | undefined): Promise<{ caller: Caller; rate: RateDecision } | undefined> {
    if (!presented || !keyPattern.test(presented)) return undefined;
    const hash = hashApiKey(presented);
    const asked = this.rateLimiter.asked();
    const row = await this.batches.call({ hash, ...asked });
    if (!row) return undefined;
    if (!timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
    const caller: Caller = {
      accountId: row.account_id,
      keyId: row.key_id,
      plan: row.plan,
      rateLimits: { perMinute: row.per_minute, perDay: row.per_day, perMonth: row.per_month },
    };
    return { caller, rate: this.rateLimiter.decisionOf({ accountId: caller.accountId, limits: caller.rateLimits, ...asked }, row) };
  }
}
