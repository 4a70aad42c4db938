import { accountStore, callReservationMemoryMs, decide, type Account, type AccountCommand } from '@pds/billing-ledger';
import { PostgresEventStore, PostgresSnapshotStore } from '@pds/service-runtime';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type pg from 'pg';
import { callIntervalMs, historyStartMs, writeCallHistory } from './ledger-history';
import { withReferenceDatabase } from './reference-database';

// A ledger started afresh (a new accounts store, nothing cached) and its first call on an account with a long history:
// a reservation decided and appended, the account loaded first. Part 2 of bench:ledger-account.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsedMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

// BENCH_LEDGER_CALLS (comma-separated) to time other histories.
const sizes = (process.env.BENCH_LEDGER_CALLS ?? '10000,100000,1000000').split(',').map(Number);

interface FirstCall {
  ms: number;
  /** The process's CPU time over the call (every thread: the compiler's and the collector's too). */
  cpuMs: number;
  heapMb: number;
  remembered: number;
}

const firstCall = async (
  store: PostgresEventStore,
  snapshots: PostgresSnapshotStore,
  accountId: string,
  atMs: number,
): Promise<FirstCall> => {
  const heapBeforeMb = heapUsedMb();
  const accounts = accountStore(store, { snapshots });
  const now = new Date(atMs).toISOString();
  const reservationId = `rsv_first_${atMs}`;
  const command: AccountCommand = {
    type: 'ReserveCredits',
    data: { accountId, reservationId, amountCredits: 1, amountPence: 0, purpose: 'api_call', operation: 'op', requestId: reservationId },
    now,
    expiresAt: new Date(atMs + 120_000).toISOString(),
  };
  const cpuBefore = process.cpuUsage();
  const began = process.hrtime.bigint();
  await accounts.handle(`account-${accountId}`, (s: Account) => decide(command, s), { at: now, actor: 'bench' });
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1e3;
  await accounts.snapshotsSettled();
  // Measured while the store (and its cached account) is still held.
  const heapMb = heapUsedMb() - heapBeforeMb;
  const remembered = (await accounts.load(`account-${accountId}`)).state;
  return { ms, cpuMs, heapMb, remembered: remembered.status === 'open' ? remembered.reservations.size : 0 };
};

const snapshotBytes = async (db: pg.Pool, accountId: string) =>
  Number(
    (
      await db.query<{ bytes: string }>('SELECT octet_length(state::text) AS bytes FROM snapshots WHERE stream_id = $1', [
        `account-${accountId}`,
      ])
    ).rows[0]?.bytes ?? 0,
  );

const line = (label: string, c: FirstCall) =>
  `    ${label}: first call ${c.ms.toFixed(1).padStart(8)} ms (CPU ${c.cpuMs.toFixed(1)} ms), ${c.remembered.toLocaleString('en-GB')} reservations remembered, heap +${c.heapMb.toFixed(1)} MB`;

export const firstCallsAfterRestart = (log: (line: string) => void) =>
  withReferenceDatabase('bench-ledger-account', Number(process.env.BENCH_PG_PORT ?? 25540), async (db) => {
    const store = new PostgresEventStore(db);
    const snapshots = new PostgresSnapshotStore(db);
    log(
      `\na ledger started afresh: its first call on an account of n calls, one a minute (a call is remembered ${callReservationMemoryMs / 86_400_000} days):`,
    );
    for (const calls of sizes) {
      const accountId = `acc_bench_${calls}`;
      const writing = Date.now();
      await writeCallHistory(db, accountId, calls);
      await db.query('ANALYZE events');
      log(
        `  ${calls.toLocaleString('en-GB')} calls (${(2 * calls).toLocaleString('en-GB')} events written in ${((Date.now() - writing) / 1e3).toFixed(1)} s):`,
      );
      const lastCallMs = historyStartMs + calls * callIntervalMs;
      // (a) No snapshot yet: the whole stream is folded (and a snapshot taken, after the call).
      const whole = await firstCall(store, snapshots, accountId, lastCallMs + callIntervalMs);
      log(line('(a) whole stream ', whole));
      // (b) Another fresh ledger: the snapshot (a) left, and the events after it.
      const fromSnapshot = await firstCall(store, snapshots, accountId, lastCallMs + 2 * callIntervalMs);
      log(line('(b) from snapshot', fromSnapshot));
      log(`    snapshot: ${(await snapshotBytes(db, accountId)).toLocaleString('en-GB')} bytes of JSON`);
    }
  });
