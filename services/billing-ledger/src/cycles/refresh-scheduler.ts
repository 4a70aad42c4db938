import { startDueSweep, type SweepOptions } from '../schedules/due-sweep';

/**
 * Refreshes monthly accounts whose anniversary has passed, including accounts nobody is calling with. Any command
 * on an account also applies a due refresh first, so this only decides how soon an idle account's balance is reset.
 * Only monthly ones: a subscription's `credits_refresh_at` is its period's end, refreshed by the next payment, and
 * one past due would otherwise be nominated on every sweep with nothing to decide.
 */
export const startRefreshScheduler = (options: SweepOptions) =>
  startDueSweep(options, {
    name: 'refresh',
    actor: 'billing-ledger:credit-refresh',
    reason: 'monthly refresh',
    dueSql: `SELECT account_id, to_char(credits_refresh_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS key FROM account_balances
              WHERE credit_cycle = 'monthly' AND credits_refresh_at <= $1 ORDER BY credits_refresh_at LIMIT $2`,
    commandFor: (accountId, _dueAt, now) => ({ type: 'RefreshCredits', data: { accountId }, now }),
    done: (accountId, dueAt) => options.logger.info({ accountId, dueAt }, 'refreshed monthly credits'),
  });
