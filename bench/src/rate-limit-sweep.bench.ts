// `npm run bench:rate-limit-sweep`: what the gateway's once-a-minute sweep of the rate-limit log costs PostgreSQL
// when one account is admitted RATE times a second (default 1,000, as under bench:charging) among QUIET_ACCOUNTS
// (default 2,000) accounts with a few admissions each. The log holds 3 minutes when the sweep comes (admissions are
// kept 2 minutes) and the gateway's own sweep (`RateLimiter.sweep`, in its batches) drops the oldest minute; a minute
// is then added, the table vacuumed (as autovacuum would), and the sweep timed again, MINUTES times (default 4). The
// sweep runs on the PostgreSQL the calls use, all at once, so its time is a pause that every call in flight may share.
import { RateLimiter } from '@pds/gateway';
import { createDatabase, migrate, startDebianPostgres } from '@pds/infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const log = (line: string) => process.stdout.write(`${line}\n`);
const rate = Number(process.env.RATE ?? 1_000);
const quietAccounts = Number(process.env.QUIET_ACCOUNTS ?? 2_000);
const minutes = Number(process.env.MINUTES ?? 4);

// Business time: Wednesday 15 July 2026, in BST: the UK day began at 23:00 UTC on the 14th, the month at 23:00 UTC on 30 June.
const t0 = Date.parse('2026-07-15T10:00:00.000Z');
const dayStart = new Date('2026-07-14T23:00:00.000Z');
const monthStart = new Date('2026-06-30T23:00:00.000Z');
const busy = 'acc_busy';

/** The busy account's admissions in [fromS, toS) seconds after t0, evenly spaced, and its row as the gateway leaves it. */
const admitBusy = async (db: pg.Pool, fromS: number, toS: number, seq: number) => {
  const n = (toS - fromS) * rate;
  await db.query(
    `INSERT INTO rate_limit_admissions (account_id, admitted_at, seq)
     SELECT $1, $2::timestamptz + g * ($3::double precision * interval '1 millisecond'), $4::bigint + g FROM generate_series(0, $5::integer - 1) g`,
    [busy, new Date(t0 + fromS * 1000), 1000 / rate, seq, n],
  );
  await db.query(
    `INSERT INTO rate_limit_accounts (account_id, admissions_total, last_admitted_at, day_start, day_admissions, month_start, month_admissions)
     VALUES ($1, $2::bigint, $3, $4, $2::integer, $5, $2::integer)
     ON CONFLICT (account_id) DO UPDATE SET admissions_total = excluded.admissions_total, last_admitted_at = excluded.last_admitted_at,
       day_admissions = excluded.day_admissions, month_admissions = excluded.month_admissions`,
    [busy, seq + n, new Date(t0 + toS * 1000), dayStart, monthStart],
  );
  return seq + n;
};

/** Each quiet account: 5 admissions spread over the first 3 minutes. */
const admitQuiet = async (db: pg.Pool) => {
  await db.query(
    `INSERT INTO rate_limit_admissions (account_id, admitted_at, seq)
     SELECT 'acc_quiet_' || a, $1::timestamptz + ((a * 7 + k * 37) % 180) * interval '1 second', k
       FROM generate_series(1, $2::integer) a, generate_series(0, 4) k`,
    [new Date(t0), quietAccounts],
  );
  await db.query(
    `INSERT INTO rate_limit_accounts (account_id, admissions_total, last_admitted_at, day_start, day_admissions, month_start, month_admissions)
     SELECT 'acc_quiet_' || a, 5, $1, $2, 5, $3, 5 FROM generate_series(1, $4::integer) a`,
    [new Date(t0 + 180_000), dayStart, monthStart, quietAccounts],
  );
};

/** The gateway's sweep at `atS` seconds after t0: its rows, timed. */
const sweep = async (limiter: RateLimiter, atS: number) => {
  const began = performance.now();
  const rows = await limiter.sweep(new Date(t0 + atS * 1000));
  return { ms: performance.now() - began, rows };
};

const logRows = async (db: pg.Pool) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM rate_limit_admissions')).rows[0]?.n);

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'pds-bench-sweep-'));
  chmodSync(work, 0o755);
  const postgres = await startDebianPostgres(join(work, 'postgres'), Number(process.env.BENCH_PG_PORT ?? 25532), log);
  try {
    const url = await createDatabase(postgres.adminUrl, `bench_sweep_${Date.now()}`);
    await migrate(url);
    const db = new pg.Pool({ connectionString: url, max: 1 });
    // It sweeps only when asked to.
    const limiter = new RateLimiter(db, () => new Date(t0), { sweepEveryMs: Infinity });
    try {
      log(`rate-limit sweep: one account at ${rate} admissions/s among ${quietAccounts} accounts with 5 each; a sweep a minute`);
      let seq = await admitBusy(db, 0, 180, 0);
      await admitQuiet(db);
      await db.query('VACUUM ANALYZE rate_limit_admissions');
      const times: number[] = [];
      for (let minute = 0; minute < minutes; minute++) {
        const atS = 180 + minute * 60;
        const before = await logRows(db);
        const swept = await sweep(limiter, atS);
        times.push(swept.ms);
        log(
          `  sweep at ${atS} s: log of ${before} rows, ${swept.rows} dropped, ` +
            `${swept.ms.toFixed(0)} ms (${((swept.ms * 1000) / Math.max(1, swept.rows)).toFixed(1)} µs a row)`,
        );
        seq = await admitBusy(db, atS, atS + 60, seq);
        await db.query('VACUUM rate_limit_admissions');
      }
      times.sort((a, b) => a - b);
      log(`  median sweep ${(times[Math.floor(times.length / 2)] as number).toFixed(0)} ms`);
    } finally {
      await db.end();
    }
  } finally {
    await postgres.stop();
    rmSync(work, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
