import fc from 'fast-check';
import pg from 'pg';
import { freshDatabase, uniqueName } from '../../../../test/support/environment';

// rate_limit_admit_many decides a run of one account's requests as rate_limit_admit decides them one by one in turn
// (rate_limit_admit is the one checked against the reference model and by hand in rate-limiter.int.spec.ts): the same
// answer for every request and the same rows left behind, whatever the limits, the gaps between requests (clocks
// that go back, windows that empty, days and months that turn) and the lowering of a limit.

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase('ratelimitmany'), max: 2 });
});
afterAll(async () => pool.end());

const dayMs = 86_400_000;
/** Stand-ins for the calendar windows: each request's day and month starts, as the gateway passes them. */
const dayOf = (ms: number) => new Date(Math.floor(ms / dayMs) * dayMs);
const monthOf = (ms: number) => new Date(Math.floor(ms / (7 * dayMs)) * 7 * dayMs);

type Limits = { perMinute: number; perDay: number; perMonth: number };
type Batch = { limits: Limits; steps: number[] };

const limitsArb = fc.record({
  perMinute: fc.integer({ min: 1, max: 12 }),
  perDay: fc.integer({ min: 3, max: 60 }),
  perMonth: fc.integer({ min: 10, max: 200 }),
});
/** Gaps between requests: mostly milliseconds to seconds, sometimes back in time, sometimes past the window or a day. */
const stepArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 8_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -3_000, max: -1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 3 * dayMs }) },
);
const batchesArb = fc.array(fc.record({ limits: limitsArb, steps: fc.array(stepArb, { minLength: 1, maxLength: 12 }) }), {
  minLength: 1,
  maxLength: 25,
});

const rowsLeft = async (accountId: string) => ({
  account: (
    await pool.query(
      `SELECT admissions_total, last_admitted_at, day_start, day_admissions, month_start, month_admissions
         FROM rate_limit_accounts WHERE account_id = $1`,
      [accountId],
    )
  ).rows,
  log: (await pool.query('SELECT admitted_at, seq FROM rate_limit_admissions WHERE account_id = $1 ORDER BY seq', [accountId])).rows,
});

it('decides a run of requests as rate_limit_admit does one by one, and leaves the same rows', async () => {
  await fc.assert(
    fc.asyncProperty(batchesArb, async (batches: Batch[]) => {
      const oneByOne = uniqueName('one');
      const together = uniqueName('many');
      let t = Date.parse('2026-11-28T10:00:00Z');
      for (const { limits, steps } of batches) {
        const stamps = steps.map((step) => (t += step));
        const expected = [];
        for (const s of stamps) {
          const { rows } = await pool.query('SELECT * FROM rate_limit_admit($1, $2, $3, $4, $5, $6, $7)', [
            oneByOne,
            new Date(s),
            limits.perMinute,
            dayOf(s),
            limits.perDay,
            monthOf(s),
            limits.perMonth,
          ]);
          expected.push(rows[0]);
        }
        const { rows } = await pool.query('SELECT * FROM rate_limit_admit_many($1, $2, $3, $4, $5, $6, $7) ORDER BY k', [
          together,
          stamps.map((s) => new Date(s)),
          limits.perMinute,
          stamps.map(dayOf),
          limits.perDay,
          stamps.map(monthOf),
          limits.perMonth,
        ]);
        expect(rows.map(({ k: _k, ...answer }: { k: number }) => answer)).toEqual(expected);
        expect(rows.map((r: { k: number }) => r.k)).toEqual(stamps.map((_, i) => i + 1));
      }
      expect(await rowsLeft(together)).toEqual(await rowsLeft(oneByOne));
    }),
    // A failure is reported as found: shrinking it would take more round trips than the test's time allows.
    { numRuns: 40, endOnFailure: true },
  );
});

it('counts its own admissions in the window, and names the one whose leaving makes room (by hand)', async () => {
  const accountId = uniqueName('byhand');
  const at = (s: number) => new Date(Date.parse('2026-11-28T10:00:00Z') + s * 1000);
  const run = (seconds: number[], perMinute: number, account = accountId) =>
    pool.query('SELECT * FROM rate_limit_admit_many($1, $2, $3, $4, 500, $5, 5000) ORDER BY k', [
      account,
      seconds.map(at),
      perMinute,
      seconds.map(() => new Date('2026-11-28T00:00:00Z')),
      seconds.map(() => new Date('2026-11-01T00:00:00Z')),
    ]);
  // 3 a minute, one run: the first three go in; the 4th and 5th find them (not yet written) inside the window, and
  // room comes when the oldest (1 s) leaves; at 62 s the window is (2 s, 62 s], holding 3 s alone.
  const answers = (await run([1, 2, 3, 4, 5, 62], 3)).rows;
  expect(answers.map((r) => [r.admitted, r.minute_used, r.minute_oldest_at, r.minute_limiting_at, r.day_used])).toEqual([
    [true, 0, null, null, 0],
    [true, 1, at(1), null, 1],
    [true, 2, at(1), null, 2],
    [false, 3, at(1), at(1), 3],
    [false, 3, at(1), at(1), 3],
    [true, 1, at(3), null, 3],
  ]);
  // The limit lowered to 1: at 62.5 s the window (2.5 s, 62.5 s] holds 3 s and 62 s, so room comes when the newer leaves.
  const lowered = (await run([62.5], 1)).rows;
  expect(lowered.map((r) => [r.admitted, r.minute_used, r.minute_limiting_at])).toEqual([[false, 2, at(62)]]);
  // 10 a minute, another account: at 61.5 s the first admission (1 s) has left the window (1.5 s, 61.5 s] and the
  // second (2 s, not yet written) is its oldest.
  const other = (await run([1, 2, 61.5], 10, uniqueName('byhand'))).rows;
  expect(other.map((r) => [r.admitted, r.minute_used, r.minute_oldest_at])).toEqual([
    [true, 0, null],
    [true, 1, at(1)],
    [true, 1, at(2)],
  ]);
  // A window that starts earlier than the one before: 2 a day, so the 3rd (65 s) is refused with 30 s alone in its
  // window; the 4th comes stamped at 40 s (the clock went back; the last admission was at 30 s), and both 0 s and 30 s
  // are inside its window again.
  const back = await pool.query('SELECT * FROM rate_limit_admit_many($1, $2, 10, $3, 2, $4, 5000) ORDER BY k', [
    uniqueName('byhand'),
    [0, 30, 65, 40].map(at),
    [0, 30, 65, 40].map(() => new Date('2026-11-28T00:00:00Z')),
    [0, 30, 65, 40].map(() => new Date('2026-11-01T00:00:00Z')),
  ]);
  expect(back.rows.map((r) => [r.admitted, r.minute_used, r.minute_oldest_at, r.day_used])).toEqual([
    [true, 0, null, 0],
    [true, 1, at(0), 1],
    [false, 1, at(30), 2],
    [false, 2, at(0), 2],
  ]);
  const log = await pool.query('SELECT admitted_at, seq FROM rate_limit_admissions WHERE account_id = $1 ORDER BY seq', [accountId]);
  expect(log.rows.map((r) => [r.admitted_at, Number(r.seq)])).toEqual([
    [at(1), 0],
    [at(2), 1],
    [at(3), 2],
    [at(62), 3],
  ]);
});
