import { planRateLimits, type RateLimits } from '@pds/contracts';
import { createDatabase, migrationFiles } from '@pds/infra';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freshDatabase, testServers, uniqueName } from '../../../../test/support/environment';
import { mostInAnyMinute, RateLimitModel } from '../../../../test/support/rate-limit-model';
import { RateLimiter } from './rate-limiter';
import { calendarWindowsAt } from './windows';

// rate_limit_admit over the real PostgreSQL, checked against the reference model (test/support/rate-limit-model.ts)
// and against figures by hand (Basic: 10 a minute, 500 a day, 5,000 a month).

const basic = planRateLimits.basic;
const at = (iso: string) => new Date(iso);
let pools: pg.Pool[] = [];
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await freshDatabase('ratelimit');
  // Two pools stand for two gateway instances.
  pools = [new pg.Pool({ connectionString: databaseUrl, max: 8 }), new pg.Pool({ connectionString: databaseUrl, max: 8 })];
});
afterAll(async () => Promise.all(pools.map((p) => p.end())));

/** A limiter whose business time is whatever the test sets; it sweeps only when a test asks it to. */
const limiterAt = (pool: pg.Pool) => {
  let now = new Date(0);
  const limiter = new RateLimiter(pool, () => now, { sweepEveryMs: Infinity });
  return { limiter, setNow: (d: Date) => (now = d) };
};
const admissionStamps = async (accountId: string, pool = pools[0]!) =>
  (
    await pool.query<{ at: Date }>('SELECT admitted_at AS at FROM rate_limit_admissions WHERE account_id = $1 ORDER BY admitted_at, seq', [
      accountId,
    ])
  ).rows.map((r) => r.at.getTime());
const tables = async (accountId: string, pool = pools[0]!) => ({
  account: (await pool.query('SELECT * FROM rate_limit_accounts WHERE account_id = $1', [accountId])).rows,
  admissions: await admissionStamps(accountId, pool),
});

describe('rate_limit_admit', () => {
  it('refuses an 11th call within 60 s of a burst across a minute boundary and admits again 60 s after it', async () => {
    const account = uniqueName('acct');
    const { limiter, setNow } = limiterAt(pools[0]!);
    const admit = async (iso: string) => {
      setNow(at(iso));
      const d = await limiter.admit(account, basic);
      return [d.admitted, d.remaining, d.resetAt.toISOString(), d.retryAfterS];
    };
    for (let i = 0; i < 10; i++) expect(await admit('2026-07-15T10:15:59.500Z')).toEqual([true, 9 - i, '2026-07-15T10:16:59.500Z', null]);
    expect(await admit('2026-07-15T10:16:00.500Z')).toEqual([false, 0, '2026-07-15T10:16:59.500Z', 59]);
    expect(await admit('2026-07-15T10:16:59.499Z')).toEqual([false, 0, '2026-07-15T10:16:59.500Z', 1]);
    expect(await admit('2026-07-15T10:16:59.500Z')).toEqual([true, 9, '2026-07-15T10:17:59.500Z', null]);
    expect(mostInAnyMinute(await admissionStamps(account))).toBe(10);
  });

  it('a refusal writes nothing, whichever window refuses', async () => {
    const account = uniqueName('acct');
    const oneAMinuteThreeADay: RateLimits = { perMinute: 1, perDay: 3, perMonth: 100 };
    const { limiter, setNow } = limiterAt(pools[0]!);
    const admitAt = async (iso: string) => {
      setNow(at(iso));
      return limiter.admit(account, oneAMinuteThreeADay);
    };
    expect(await admitAt('2026-07-15T10:00:00.000Z')).toMatchObject({ admitted: true });
    const afterFirst = await tables(account);
    expect(await admitAt('2026-07-15T10:00:30.000Z')).toMatchObject({ admitted: false, resetAt: at('2026-07-15T10:01:00.000Z') });
    expect(await tables(account)).toEqual(afterFirst);
    expect(await admitAt('2026-07-15T11:00:00.000Z')).toMatchObject({ admitted: true });
    expect(await admitAt('2026-07-15T12:00:00.000Z')).toMatchObject({ admitted: true, remaining: 0 });
    const afterThird = await tables(account);
    expect(await admitAt('2026-07-15T13:00:00.000Z')).toMatchObject({ admitted: false, resetAt: at('2026-07-15T23:00:00.000Z') });
    expect(await tables(account)).toEqual(afterThird);
    expect(afterThird.account).toMatchObject([{ admissions_total: '3', day_admissions: 3, month_admissions: 3 }]);
  });

  it('gives the same answers as the reference model, across UK day and month ends, clock changes, skewed clocks and sweeps', async () => {
    const starts = ['2026-10-24T22:58:00.000Z', '2026-10-31T23:58:30.000Z', '2026-03-28T23:59:00.000Z', '2026-07-15T10:15:00.000Z'];
    const gapMs = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 25_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 30 * 3_600_000 }) },
    );
    // Each step: time moves on, one of the two instances admits under one of two sets of limits (an operator may change
    // an Enterprise account's), and sometimes sweeps first.
    const step = fc.record({
      gapMs,
      instance: fc.integer({ min: 0, max: 1 }),
      limitsIndex: fc.integer({ min: 0, max: 9 }).map((n) => (n < 7 ? 0 : 1)),
      sweep: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    });
    const limitsArb = fc.record({
      perMinute: fc.integer({ min: 1, max: 4 }),
      perDay: fc.integer({ min: 2, max: 12 }),
      perMonth: fc.integer({ min: 3, max: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...starts),
        fc.tuple(limitsArb, limitsArb),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 3_000 }),
        async (start, limitSets, steps, lagMs) => {
          const account = uniqueName('acct');
          const model = new RateLimitModel();
          const instances = pools.map(limiterAt);
          let nowMs = Date.parse(start);
          let sweptBeforeMs = -Infinity;
          for (const { gapMs, instance, limitsIndex, sweep } of steps) {
            const limits = limitSets[limitsIndex];
            nowMs += gapMs;
            // The second instance's clock is behind the first's by lagMs.
            const instanceNow = new Date(nowMs - (instance === 1 ? lagMs : 0));
            const { limiter, setNow } = instances[instance]!;
            setNow(instanceNow);
            if (sweep) {
              await limiter.sweep(instanceNow);
              sweptBeforeMs = Math.max(sweptBeforeMs, instanceNow.getTime() - 120_000);
            }
            expect(await limiter.admit(account, limits)).toEqual(model.admit(limits, instanceNow));
          }
          const stamps = await admissionStamps(account);
          expect(stamps).toEqual(model.admittedMs.filter((ms) => ms >= sweptBeforeMs));
          expect(mostInAnyMinute(model.admittedMs)).toBeLessThanOrEqual(Math.max(limitSets[0].perMinute, limitSets[1].perMinute));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('admits exactly the limit when 40 calls an account race on two instances, and never deadlocks across accounts', async () => {
    const now = at('2026-07-15T10:15:30.000Z');
    const instances = pools.map((pool) => new RateLimiter(pool, () => now, { sweepEveryMs: Infinity }));
    const accounts = Array.from({ length: 4 }, () => uniqueName('acct'));
    const calls = accounts.flatMap((account) => Array.from({ length: 40 }, (_, i) => ({ account, instance: instances[i % 2]! })));
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map(async ({ account, instance }) => ({ account, d: await instance.admit(account, basic) })));
    for (const account of accounts) {
      const mine = results.filter((r) => r.account === account).map((r) => r.d);
      expect(
        mine
          .filter((d) => d.admitted)
          .map((d) => d.remaining)
          .sort((a, b) => a - b),
      ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(mine.filter((d) => !d.admitted).map((d) => d.retryAfterS)).toEqual(Array(30).fill(60));
      expect(await admissionStamps(account)).toEqual(Array(10).fill(now.getTime()));
    }
  });
});

describe('admissions in batches', () => {
  it('decides the requests that queue behind a round trip in one more, each account in the order its requests came', async () => {
    const now = at('2026-07-15T10:15:30.000Z');
    let roundTrips = 0;
    const pool = pools[0]!;
    const counting = { query: (...args: Parameters<pg.Pool['query']>) => (roundTrips++, pool.query(...args)) } as unknown as pg.Pool;
    const limiter = new RateLimiter(counting, () => now, { sweepEveryMs: Infinity });
    const [a, b] = [uniqueName('acct'), uniqueName('acct')];
    const threeAMinute: RateLimits = { ...basic, perMinute: 3 };
    // Interleaved and all at once: the first goes alone, the other 23 wait for it and go together.
    const calls = Array.from({ length: 12 }, () => [limiter.admit(a, basic), limiter.admit(b, threeAMinute)]).flat();
    const decisions = await Promise.all(calls);
    expect(roundTrips).toBe(2);
    const of = (k: number) => decisions.filter((_, i) => i % 2 === k).map((d) => (d.admitted ? d.remaining : 'refused'));
    // Basic admits 10 a minute: the remaining count falls 9 … 0 in the order the calls were made, then two refusals.
    expect(of(0)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 'refused', 'refused']);
    expect(of(1)).toEqual([2, 1, 0, ...Array(9).fill('refused')]);
    expect((await admissionStamps(a)).length).toBe(10);
    expect((await admissionStamps(b)).length).toBe(3);
  });
});

describe('rate_limit_sweep', () => {
  // A database of its own, so that a sweep drops only what these tests put there (the first leaves nothing behind).
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase('ratelimitsweep'), max: 4 });
  });
  afterAll(async () => pool?.end());

  it('never waits for an account an admission holds', async () => {
    const account = uniqueName('acct');
    const { limiter, setNow } = limiterAt(pool);
    setNow(at('2026-12-31T10:00:00.000Z'));
    await limiter.admit(account, basic);
    const sweepAt = at('2027-01-01T00:05:00.000Z');
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM rate_limit_accounts WHERE account_id = $1 FOR UPDATE', [account]);
      await holder.query('SELECT 1 FROM rate_limit_admissions WHERE account_id = $1 FOR UPDATE', [account]);
      expect(await limiter.sweep(sweepAt)).toBe(0);
      await holder.query('ROLLBACK');
    } finally {
      holder.release();
    }
    expect(await limiter.sweep(sweepAt)).toBe(2);
    expect(await tables(account, pool)).toEqual({ account: [], admissions: [] });
  });

  it('drops admissions 2 minutes old and accounts idle since before this UK month, without changing any answer', async () => {
    const account = uniqueName('acct');
    const model = new RateLimitModel();
    const { limiter, setNow } = limiterAt(pool);
    const admit = async (iso: string) => {
      setNow(at(iso));
      expect(await limiter.admit(account, basic)).toEqual(model.admit(basic, at(iso)));
    };
    await admit('2026-10-31T22:50:00.000Z');
    await admit('2026-10-31T23:59:00.000Z'); // 23:59 GMT on 31 October
    await admit('2026-11-01T00:00:30.000Z'); // November (UK)
    expect(await limiter.sweep(at('2026-11-01T00:00:35.000Z'))).toBe(1); // before 23:58:35: the 22:50 admission only
    expect(await admissionStamps(account, pool)).toEqual([Date.parse('2026-10-31T23:59:00.000Z'), Date.parse('2026-11-01T00:00:30.000Z')]);
    await admit('2026-11-01T00:00:40.000Z'); // 23:59 has left the minute: 00:00:30 and this one are inside
    // Every admission is now 2 minutes old; the account was active in November, so its day and month are kept.
    expect(await limiter.sweep(at('2026-11-01T00:05:00.000Z'))).toBe(3);
    expect((await tables(account, pool)).account).toMatchObject([{ admissions_total: '4', day_admissions: 2, month_admissions: 2 }]);
    await admit('2026-11-01T00:06:00.000Z');

    const idle = uniqueName('acct');
    const idleModel = new RateLimitModel();
    setNow(at('2026-10-31T23:00:00.000Z'));
    expect(await limiter.admit(idle, basic)).toEqual(idleModel.admit(basic, at('2026-10-31T23:00:00.000Z')));
    expect(await limiter.sweep(at('2026-11-01T00:07:00.000Z'))).toBe(2); // its admission and its account row
    expect(await tables(idle, pool)).toEqual({ account: [], admissions: [] });
    setNow(at('2026-11-01T00:08:00.000Z'));
    expect(await limiter.admit(idle, basic)).toEqual(idleModel.admit(basic, at('2026-11-01T00:08:00.000Z')));
  });

  it('drops at most a batch a call, account by account in key order and oldest first, orphaned admissions too', async () => {
    const own = new pg.Pool({ connectionString: await freshDatabase('ratelimitsweepbatch'), max: 2 });
    try {
      const { limiter, setNow } = limiterAt(own);
      for (const [account, iso] of [
        ['a', '10:00:00'],
        ['b', '10:00:05'],
        ['a', '10:00:10'],
        ['b', '10:00:15'],
        ['a', '10:00:20'],
        ['a', '10:05:00'],
      ] as const) {
        setNow(at(`2026-07-15T${iso}.000Z`));
        expect(await limiter.admit(account, basic)).toMatchObject({ admitted: true });
      }
      // An admission whose account row has gone (the row is dropped as idle; its log may outlast it by a sweep).
      await own.query(`INSERT INTO rate_limit_admissions (account_id, admitted_at, seq) VALUES ('c', '2026-07-15T10:00:01Z', 0)`);
      // At 10:04 the admissions before 10:02 are 2 minutes old; every account was active this month, so none is idle.
      const sweep = async () =>
        (
          await own.query<{ dropped: number }>('SELECT rate_limit_sweep($1, $2, 2) AS dropped', [
            at('2026-07-15T10:04:00.000Z'),
            calendarWindowsAt(at('2026-07-15T10:04:00.000Z')).month.start,
          ])
        ).rows[0]!.dropped;
      const left = async () => ({
        a: await admissionStamps('a', own),
        b: await admissionStamps('b', own),
        c: await admissionStamps('c', own),
      });
      const ms = (iso: string) => Date.parse(`2026-07-15T${iso}.000Z`);

      expect(await sweep()).toBe(2); // a's 10:00:00 and 10:00:10
      expect(await left()).toEqual({ a: [ms('10:00:20'), ms('10:05:00')], b: [ms('10:00:05'), ms('10:00:15')], c: [ms('10:00:01')] });
      expect(await sweep()).toBe(2); // a's 10:00:20, then b's 10:00:05
      expect(await left()).toEqual({ a: [ms('10:05:00')], b: [ms('10:00:15')], c: [ms('10:00:01')] });
      expect(await sweep()).toBe(2); // b's 10:00:15, then c's
      expect(await left()).toEqual({ a: [ms('10:05:00')], b: [], c: [] });
      expect(await sweep()).toBe(0);
      expect((await own.query('SELECT account_id FROM rate_limit_accounts ORDER BY 1')).rows).toEqual([
        { account_id: 'a' },
        { account_id: 'b' },
      ]);
    } finally {
      await own.end();
    }
  });
});

describe('migration 007', () => {
  const sqlOf = (name: string) => readFileSync(migrationFiles().find((f) => f.name === name)!.path, 'utf8');

  it('carries the calendar counters over: the day and month continue, the last minutes stay counted', async () => {
    const url = await createDatabase(testServers().adminUrl, uniqueName('ratelimit_mig'));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let dbNow: Date;
    try {
      // One transaction, so that now() is one moment throughout (the migration runner gives each file its own).
      await client.query('BEGIN');
      dbNow = (await client.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
      const files = migrationFiles().map((f) => f.name);
      for (const file of files.filter((f) => f < '007')) await client.query(sqlOf(file));
      // Counters as the calendar-window gateway wrote them (UK local midnight, first of the month, calendar minutes):
      // 4 calls in the previous calendar minute and 6 in this one, 9 ten minutes ago, 499 today, 700 this month.
      await client.query(
        `INSERT INTO rate_limit_counters (account_id, window_kind, window_start, request_count) VALUES
           ('busy', 'minute', date_trunc('minute', now()) - interval '1 minute', 4),
           ('busy', 'minute', date_trunc('minute', now()), 6),
           ('busy', 'minute', date_trunc('minute', now()) - interval '10 minutes', 9),
           ('busy', 'day', date_trunc('day', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London', 499),
           ('busy', 'day', date_trunc('day', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London' - interval '1 day', 300),
           ('busy', 'month', date_trunc('month', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London', 700)`,
      );
      await client.query(sqlOf('007_sliding_rate_limits.sql'));
      // The previous minute's 4 are stamped at its end (this minute's start), this minute's 6 at now; in that order.
      const { rows } = await client.query(
        `SELECT a.admissions_total, a.day_admissions, a.month_admissions, a.last_admitted_at = now() AS last_is_now,
                (SELECT array_agg(CASE WHEN l.admitted_at = now() THEN 'now'
                                       WHEN l.admitted_at = date_trunc('minute', now()) THEN 'minute start' END ORDER BY l.seq)
                   FROM rate_limit_admissions l WHERE l.account_id = a.account_id) AS stamps
           FROM rate_limit_accounts a`,
      );
      expect(rows).toEqual([
        {
          admissions_total: '10',
          day_admissions: 499,
          month_admissions: 700,
          last_is_now: true,
          stamps: [...Array(4).fill('minute start'), ...Array(6).fill('now')],
        },
      ]);
      expect((await client.query(`SELECT to_regclass('rate_limit_counters') AS t`)).rows).toEqual([{ t: null }]);
      // The function the limiter calls now, from later migrations.
      await client.query(sqlOf('024_rate_limit_admit_many.sql'));
      await client.query(sqlOf('025_rate_limit_admit_many_window.sql'));
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    // The gateway's limiter at that moment: all 10 are inside the last 60 s, and the day has 1 left.
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const limiter = new RateLimiter(pool, () => dbNow, { sweepEveryMs: Infinity });
      expect(await limiter.admit('busy', { ...basic, perMinute: 11 })).toMatchObject({ admitted: true, remaining: 0 });
      expect(await limiter.admit('busy', { ...basic, perMinute: 20 })).toMatchObject({
        admitted: false,
        resetAt: calendarWindowsAt(dbNow!).day.end,
      });
    } finally {
      await pool.end();
    }
  });
});
