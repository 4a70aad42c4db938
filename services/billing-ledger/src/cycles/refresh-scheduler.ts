import { ledgerEvents } from '@pds/contracts';
import { runPeriodically, type AggregateStore, type Clock, type Logger } from '@pds/service-runtime';
import type pg from 'pg';
import type { Account, AccountEvent } from '../accounts/account';
import { decide } from '../accounts/decide';

/** Accounts refreshed per pass; the next pass takes the rest. */
const refreshBatchMax = 200;

/**
 * Refreshes monthly accounts whose anniversary has passed, including accounts nobody is calling with. Any command
 * on an account also applies a due refresh first, so this only decides how soon an idle account's balance is reset.
 */
export const startRefreshScheduler = (options: {
  db: pg.Pool;
  accounts: AggregateStore<Account, AccountEvent>;
  intervalMs: number;
  logger: Logger;
  clock: Clock;
}) =>
  runPeriodically(
    'credit refresh',
    options.intervalMs,
    async (isStopping) => {
      const at = options.clock.now();
      const { rows } = await options.db.query<{ account_id: string; credits_refresh_at: Date }>(
        `SELECT account_id, credits_refresh_at FROM account_balances WHERE credits_refresh_at <= $1 ORDER BY credits_refresh_at LIMIT $2`,
        [at, refreshBatchMax],
      );
      for (const { account_id: accountId, credits_refresh_at: dueAt } of rows) {
        if (isStopping()) return;
        const command = { type: 'RefreshCredits' as const, data: { accountId }, now: at.toISOString() };
        const id = `refresh:${accountId}:${dueAt.toISOString()}`;
        const { events } = await options.accounts.handle(ledgerEvents.accountStreamId(accountId), (state) => decide(command, state), {
          commandId: id,
          correlationId: id,
          actor: 'billing-ledger:credit-refresh',
          reason: 'monthly refresh',
        });
        if (events.length > 0) options.logger.info({ accountId, dueAt }, 'refreshed monthly credits');
      }
    },
    options.logger,
  );
