import { ledgerEvents } from '@pds/contracts';
import { runPeriodically, type AggregateStore, type Clock, type Logger } from '@pds/service-runtime';
import type pg from 'pg';
import type { Account, AccountEvent } from '../accounts/account';
import { decide, type AccountCommand } from '../accounts/decide';

/** Work items per pass; the next pass takes the rest. */
const sweepBatchMax = 200;

export interface SweepOptions {
  db: pg.Pool;
  accounts: AggregateStore<Account, AccountEvent>;
  intervalMs: number;
  logger: Logger;
  clock: Clock;
}

/**
 * Every `intervalMs`, asks a read model what has fallen due (`dueSql`, given the business time and a row limit, returns
 * `account_id` and `key`) and decides `commandFor` on each account stream. The read model only nominates: the decider
 * checks again against the stream, so an item settled meanwhile, or nominated twice, changes nothing.
 */
export const startDueSweep = (
  options: SweepOptions,
  sweep: {
    name: string;
    actor: string;
    reason: string;
    dueSql: string;
    commandFor: (accountId: string, key: string, now: string) => AccountCommand;
    done: (accountId: string, key: string) => void;
  },
) =>
  runPeriodically(
    sweep.name,
    options.intervalMs,
    async (isStopping) => {
      const at = options.clock.now();
      const { rows } = await options.db.query<{ account_id: string; key: string }>(sweep.dueSql, [at, sweepBatchMax]);
      for (const { account_id: accountId, key } of rows) {
        if (isStopping()) return;
        const command = sweep.commandFor(accountId, key, at.toISOString());
        const id = `${sweep.name}:${accountId}:${key}`;
        const { events } = await options.accounts.handle(ledgerEvents.accountStreamId(accountId), (state) => decide(command, state), {
          commandId: id,
          correlationId: id,
          actor: sweep.actor,
          reason: sweep.reason,
          at: command.now,
        });
        if (events.length > 0) sweep.done(accountId, key);
      }
    },
    options.logger,
  );
