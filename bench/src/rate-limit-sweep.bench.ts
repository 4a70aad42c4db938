// `npm run bench:rate-limit-sweep`: what the gateway's once-a-minute sweep of the rate-limit log costs PostgreSQL
// when one account is admitted RATE times a second (default 1,000, as under bench:charging) among QUIET_ACCOUNTS
// (default 2,000) accounts with a few admissions each. The log holds 3 minutes when the sweep comes (admissions are
// kept 2 minutes) and the sweep drops the oldest minute, in the gateway's batches (`RateLimiter.sweep`: statements of
// 10,000 rows until one drops fewer, at most 20); a minute is then added, the table vacuumed (as autovacuum would),
// and the sweep timed again, MINUTES times (default 4). The sweep runs on the PostgreSQL the calls use, all at once,
// so its time is a pause that every call in flight may share.
import { createDatabase, migrate, startDebianPostgres } from '@pds/infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const log = (line: string) => process.stdout.write(`${line}\n`);
const rate = Number(process.env.RATE ?? 1_000);
const quietAccounts = Number(process.env.QUIET_ACCOUNTS ?? 2_000);
const minutes = Number(process.env.MINUTES ?? 4);
const sweepBatchRows = 10_000;
const sweepBatchesMax = 20;

// Business time: a Thursday in July (BST), so the UK day and month are those of 1 and 15 July.
const t0 = Date.parse('2026-07-15T10:00:00.000Z');
const dayStart = new Date('2026-07-14T23:00:00.000Z');
const monthStart = new Date('2026-06-30T23:00:00.000Z');
const busy = 'acc_busy';

/** The busy account's admissions in [fromS, toS) seconds after t0, evenly spaced, and its row as the gateway leaves it. */
const admitBusy = async (db: pg.Client, fromS: number, toS: number, seq: number) => {
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
const admitQuiet = async (db: pg.Client) => {
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

/** The gateway's sweep at `atS` seconds after t0: its statements and rows, timed. */
const sweep = async (db: pg.Client, atS: number) => {
  const began = performance.now();
  let rows = 0;
  let statements = 0;
  for (let batch = 0; batch < sweepBatchesMax; batch++) {
    const { rows: result } = await db.query<{ dropped: number }>('SELECT rate_limit_sweep($1, $2, $3) AS dropped', [
      new Date(t0 + atS * 1000),
      monthStart,
      sweepBatchRows,
    ]);
    statements += 1;
    const dropped = result[0]?.dropped ?? 0;
    rows += dropped;
    if (dropped < sweepBatchRows) break;
  }
  return { ms: performance.now() - began, rows, statements };
};

const logRows = async (db: pg.Client) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM rate_limit_admissions')).rows[0]?.n);

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'pds-bench-sweep-'));
  chmodSync(work, 0o755);
  const postgres = await startDebianPostgres(join(work, 'postgres'), Number(process.env.BENCH_PG_PORT ?? 25532), log);
  try {
    const url = await createDatabase(postgres.adminUrl, `bench_sweep_${Date.now()}`);
    await migrate(url);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      log(`rate-limit sweep: one account at ${rate} admissions/s among ${quietAccounts} accounts with 5 each; a sweep a minute`);
      let seq = await admitBusy(db, 0, 180, 0);
      await admitQuiet(db);
      await db.query('VACUUM ANALYZE rate_limit_admissions');
      const times: number[] = [];
      for (let minute = 0; minute < minutes; minute++) {
        const atS = 180 + minute * 60;
        const before = await logRows(db);
        const swept = await sweep(db, atS);
        times.push(swept.ms);
        log(
          `  sweep at ${atS} s: log of ${before} rows, ${swept.rows} dropped in ${swept.statements} statements, ` +
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
