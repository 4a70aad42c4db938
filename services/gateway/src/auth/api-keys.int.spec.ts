import { planRateLimits } from '@pds/contracts';
import pg from 'pg';
import { freshDatabase } from '../../../../test/support/environment';
import { RateLimiter } from '../rate-limits/rate-limiter';
import { ApiKeys, newApiKey, newKeyId } from './api-keys';

// A key's caller found and its call admitted in one statement, over the real PostgreSQL: the ledger's `api_callers`
// read model joined to the gateway's rate_limit_admit. Limits by hand: Basic 10 a minute; a custom 3 a minute.

let pools: pg.Pool[] = [];
const now = new Date('2026-11-27T10:00:00Z');

beforeAll(async () => {
  const url = await freshDatabase('apikeys');
  // Two pools stand for two gateway instances.
  pools = [new pg.Pool({ connectionString: url, max: 4 }), new pg.Pool({ connectionString: url, max: 4 })];
});
afterAll(async () => Promise.all(pools.map((p) => p.end())));

/** An account as the ledger's projection leaves it, with its keys. */
const account = async (accountId: string, plan: string, perMinute: number | null, keys = 1) => {
  const db = pools[0]!;
  await db.query(
    `INSERT INTO account_balances (account_id, plan, opened_at, updated_at, last_global_position, rate_per_minute)
     VALUES ($1, $2, now(), now(), 0, $3)`,
    [accountId, plan, perMinute],
  );
  const issued = Array.from({ length: keys }, () => ({ ...newApiKey(), keyId: newKeyId() }));
  for (const k of issued) {
    await db.query(
      `INSERT INTO api_keys (key_hash, account_id, key_prefix, created_at, key_id, name) VALUES ($1, $2, $3, now(), $4, 'a key')`,
      [k.apiKeyHash, accountId, k.apiKeyPrefix, k.keyId],
    );
  }
  return issued.map((k) => k.apiKey);
};
const keyIdOf = async (apiKey: string) =>
  (await pools[0]!.query<{ key_id: string }>('SELECT key_id FROM api_keys WHERE key_prefix = $1', [apiKey.slice(0, 13)])).rows[0]!.key_id;
const setKey = async (apiKey: string, column: 'expires_at' | 'revoked_at', at: Date) => {
  await pools[0]!.query(`UPDATE api_keys SET ${column} = $2 WHERE key_id = $1`, [await keyIdOf(apiKey), at]);
};
const instance = (pool: pg.Pool) => new ApiKeys(pool, new RateLimiter(pool, () => now, { sweepEveryMs: Infinity }));
const recorded = async (accountId: string) =>
  Number((await pools[0]!.query('SELECT count(*) AS n FROM rate_limit_admissions WHERE account_id = $1', [accountId])).rows[0].n);

describe('API keys: caller and admission in one statement', () => {
  it("answers a known key with its account, plan and limits (the plan's, or the account's own)", async () => {
    const [basicKey] = await account('acc_keysbasic01', 'basic', null);
    const [customKey] = await account('acc_keyscustom1', 'premium', 3);
    const keys = instance(pools[0]!);
    const [basic, custom] = await Promise.all([keys.admit(basicKey), keys.admit(customKey)]);
    expect(basic?.caller).toEqual({
      accountId: 'acc_keysbasic01',
      keyId: await keyIdOf(basicKey!),
      plan: 'basic',
      rateLimits: planRateLimits.basic,
    });
    expect(custom?.caller).toEqual({
      accountId: 'acc_keyscustom1',
      keyId: await keyIdOf(customKey!),
      plan: 'premium',
      rateLimits: { ...planRateLimits.premium, perMinute: 3 },
    });
    expect([basic?.rate.admitted, basic?.rate.remaining, custom?.rate.remaining]).toEqual([true, 9, 2]);
  });

  it("answers a rotated key until its grace ends at the call's time, and a revoked key never", async () => {
    const [rotating, expired, revoked] = await account('acc_keysended01', 'basic', null, 3);
    await setKey(rotating!, 'expires_at', new Date(now.getTime() + 1));
    await setKey(expired!, 'expires_at', now);
    await setKey(revoked!, 'revoked_at', new Date(now.getTime() - 60_000));
    const keys = instance(pools[0]!);
    const answers = await Promise.all([rotating, expired, revoked].map((k) => keys.admit(k)));
    expect(answers.map((a) => a?.caller.keyId)).toEqual([await keyIdOf(rotating!), undefined, undefined]);
    // Only the key that authenticated was counted against the account's limits.
    expect(await recorded('acc_keysended01')).toBe(1);
  });

  it('answers an unknown or malformed key with nothing, and counts it nowhere', async () => {
    const keys = instance(pools[0]!);
    const before = Number((await pools[0]!.query('SELECT count(*) AS n FROM rate_limit_admissions')).rows[0].n);
    expect(await keys.admit(newApiKey().apiKey)).toBeUndefined();
    expect(await keys.admit('pds_live_short')).toBeUndefined();
    expect(await keys.admit(undefined)).toBeUndefined();
    expect(Number((await pools[0]!.query('SELECT count(*) AS n FROM rate_limit_admissions')).rows[0].n)).toBe(before);
  });

  it('admits exactly the limit across two instances and two keys of one account, without deadlock', async () => {
    // Account A: Basic, 10 a minute, two keys; account B: 3 a minute. 16 calls of A and 8 of B, interleaved, on two
    // instances at once, so that batches hold both accounts in either arrival order.
    const keysA = await account('acc_keystwoinst', 'basic', null, 2);
    const [keyB] = await account('acc_keysthreemn', 'basic', 3);
    const instances = [instance(pools[0]!), instance(pools[1]!)];
    const calls = Array.from({ length: 24 }, (_, i) => {
      const key = i % 3 === 2 ? keyB! : keysA[i % 2]!;
      return instances[i % 2]!.admit(key).then((r) => ({ accountId: r?.caller.accountId, admitted: r?.rate.admitted }));
    });
    const results = await Promise.all(calls);
    const admitted = (id: string) => results.filter((r) => r.accountId === id && r.admitted).length;
    expect([admitted('acc_keystwoinst'), admitted('acc_keysthreemn')]).toEqual([10, 3]);
    expect(results.filter((r) => r.admitted === false)).toHaveLength(24 - 13);
    expect([await recorded('acc_keystwoinst'), await recorded('acc_keysthreemn')]).toEqual([10, 3]);
  });

  it("commits an admission without waiting for its WAL flush, and leaves the connection's own setting as it was", async () => {
    const [key] = await account('acc_keysasyncmt', 'basic', null);
    const client = await pools[0]!.connect();
    try {
      await client.query('SET synchronous_commit = on');
      await client.query('BEGIN');
      const admitted = await new ApiKeys(
        client as unknown as pg.Pool,
        new RateLimiter(pools[0]!, () => now, { sweepEveryMs: Infinity }),
      ).admit(key);
      expect(admitted?.rate.admitted).toBe(true);
      const during = (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit;
      await client.query('COMMIT');
      const after = (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit;
      expect([during, after]).toEqual(['off', 'on']);
    } finally {
      await client.query('RESET synchronous_commit');
      client.release();
    }
  });
});
