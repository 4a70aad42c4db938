// `npm run --silent audit [-- --until ISO-TIMESTAMP] [--out DIR] [--account ID] [--month YYYY-MM]`: replays every ledger
// stream from the event store, checks the invariants, compares with the read models, writes reconciliation.csv,
// statements.csv (each account's monthly statement figures; only the account and month asked, when asked) and
// summary.txt; exit 1 on any problem.
import { ledgerEvents } from '@pds/contracts';
import { logStart, PostgresEventStore, type LogCursor } from '@pds/service-runtime';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LedgerReplay } from './replay';
import { MonthlyStatements, monthOf, statementsCsv } from './statements';
import { comparedFigures, failures, reconciliationCsv, summaryText, type Comparison, type ReadModelRow } from './report';

const repoRoot = join(__dirname, '..', '..', '..', '..');
const pageSize = 5_000;
/** A reservation still open this long after its expiry means the expiry sweeper is not doing its job. */
const overdueAfterMs = 60_000;
const readModelWaitMs = 10_000;

const databaseUrl = () => {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const stackFile = process.env.PDS_STACK_FILE ?? join(repoRoot, '.run', 'stack.json');
  if (!existsSync(stackFile)) throw new Error('set DATABASE_URL, or start the stack with npm start');
  return (JSON.parse(readFileSync(stackFile, 'utf8')) as { databaseUrl: string }).databaseUrl;
};

const progress = (done: number, total: number) => {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const line = `replaying ledger [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} events`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
};

const main = async () => {
  const { values } = parseArgs({
    options: { until: { type: 'string' }, out: { type: 'string' }, account: { type: 'string' }, month: { type: 'string' } },
  });
  const until = values.until ? new Date(values.until) : undefined;
  if (until && Number.isNaN(until.getTime())) throw new Error(`--until is not a timestamp: ${values.until}`);
  if (values.month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) throw new Error(`--month is not a month (YYYY-MM): ${values.month}`);
  const store = PostgresEventStore.connect(databaseUrl(), 2);
  try {
    const category = ledgerEvents.accountStreamCategory;
    const { rows: totalRows } = await store.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM events WHERE category = $1 AND ($2::timestamptz IS NULL OR recorded_at <= $2)',
      [category, until ?? null],
    );
    const total = Number(totalRows[0]?.n ?? 0);
    const replay = new LedgerReplay();
    const statements = new MonthlyStatements();
    const lastPosition = new Map<string, number>();
    let cursor: LogCursor = logStart;
    let done = 0;
    let nextReport = 0;
    for (;;) {
      const page = await store.readAll({ after: cursor, limit: pageSize, categories: [category], until });
      for (const e of page) {
        replay.apply(e);
        statements.apply(e);
        lastPosition.set(e.streamId, e.globalPosition);
      }
      done += page.length;
      if (done >= nextReport || page.length < pageSize) {
        progress(done, Math.max(total, done));
        nextReport = done + Math.max(1, Math.ceil(total / 10));
      }
      const last = page[page.length - 1];
      if (!last || page.length < pageSize) break;
      cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
    if (process.stderr.isTTY) process.stderr.write('\n');

    const audits = replay.results(until ?? new Date(), overdueAfterMs);
    const comparisons = until ? new Map<string, Comparison>() : await compareWithReadModel(store, audits, lastPosition);
    const out = values.out ?? join(repoRoot, '.run', 'audit', new Date().toISOString().replace(/[:.]/g, '-'));
    mkdirSync(out, { recursive: true });
    const summary = summaryText(audits, comparisons, until, done);
    writeFileSync(join(out, 'reconciliation.csv'), reconciliationCsv(audits, comparisons));
    // To this month, or later where business time has run ahead of the clock (a test's clock file).
    const thisMonth = monthOf({ metadata: {}, recordedAt: (until ?? new Date()).toISOString() });
    const latest = statements.latestMonth();
    const lastMonth = values.month ?? (latest && latest > thisMonth ? latest : thisMonth);
    const asked = statements
      .statements(lastMonth)
      .filter((s) => (!values.account || s.accountId === values.account) && (!values.month || s.month === values.month));
    writeFileSync(join(out, 'statements.csv'), statementsCsv(asked));
    writeFileSync(join(out, 'summary.txt'), `${summary}\n`);
    process.stdout.write(`${summary}\n  report                ${out}\n`);
    process.exitCode = failures(audits, comparisons).length === 0 ? 0 : 1;
  } finally {
    await store.close();
  }
};

/** Compares each account with `account_balances` once the projection has reached the same event (waiting briefly). */
const compareWithReadModel = async (
  store: PostgresEventStore,
  audits: ReturnType<LedgerReplay['results']>,
  lastPosition: Map<string, number>,
) => {
  const comparisons = new Map<string, Comparison>();
  const until = Date.now() + readModelWaitMs;
  for (const a of audits) {
    const streamId = ledgerEvents.accountStreamId(a.accountId);
    for (;;) {
      const { rows } = await store.pool.query<ReadModelRow & { position: string }>(
        `SELECT granted_credits::float8 AS "grantedCredits", captured_credits::float8 AS "capturedCredits",
                refunded_credits::float8 AS "refundedCredits", reserved_credits::float8 AS "reservedCredits",
                deposited_pence::float8 AS "depositedPence", captured_pence::float8 AS "capturedPence", refunded_pence::float8 AS "refundedPence",
                reserved_pence::float8 AS "reservedPence", quarantined_pence::float8 AS "quarantinedPence",
                (debt_recorded_pence - debt_repaid_pence)::float8 AS "debtPence",
                last_global_position AS position FROM account_balances WHERE account_id = $1`,
        [a.accountId],
      );
      const row = rows[0];
      if (row && Number(row.position) === lastPosition.get(streamId)) {
        const differing = comparedFigures.filter((f) => row[f] !== a[f]);
        comparisons.set(
          a.accountId,
          differing.length === 0
            ? { kind: 'match' }
            : { kind: 'mismatch', detail: `read model differs: ${differing.map((f) => `${f} ${row[f]}`).join(', ')}` },
        );
        break;
      }
      if (Date.now() > until) {
        const { rows: newer } = await store.pool.query('SELECT 1 FROM events WHERE stream_id = $1 AND global_position > $2 LIMIT 1', [
          streamId,
          lastPosition.get(streamId) ?? 0,
        ]);
        comparisons.set(
          a.accountId,
          newer.length > 0
            ? { kind: 'moved-on' }
            : { kind: 'mismatch', detail: row ? 'read model has not caught up' : 'missing from the read model' },
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return comparisons;
};

main().catch((error: unknown) => {
  process.stderr.write(`audit: ${(error as Error).message}\n`);
  process.exit(2);
});
