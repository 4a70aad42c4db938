import { debtPence, type Account, type AccountEvent } from './account';
import type { CommandOf } from './decide';
import { requireOpen } from './ledger-error';

/** A deposit pays off any debt first; the rest becomes spendable Purchase Balance. A deposit id is recorded once. */
export const deposit = (c: CommandOf<'DepositPurchaseBalance'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  if (account.depositIds.has(c.data.depositId)) return [];
  const { accountId, depositId, amountPence } = c.data;
  const repaidPence = Math.min(amountPence, debtPence(account));
  const deposited: AccountEvent = { type: 'CashDeposited', data: c.data };
  return repaidPence === 0 ? [deposited] : [deposited, { type: 'DebtRepaid', data: { accountId, depositId, amountPence: repaidPence } }];
};

/** Money the account owes (a reversed deposit, a registry fee it could not pay): it blocks paid orders until repaid. */
export const recordDebt = (c: CommandOf<'RecordDebt'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  return account.debtIds.has(c.data.debtId) ? [] : [{ type: 'DebtRecorded', data: c.data }];
};
