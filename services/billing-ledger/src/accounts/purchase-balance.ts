import { debtPence, type Account, type AccountEvent, type OpenAccount } from './account';
import type { CommandOf } from './decide';
import { requireOpen } from './ledger-error';

type Deposit = Extract<AccountEvent, { type: 'CashDeposited' }>['data'];

/** A deposit pays off any debt first; the rest becomes spendable Purchase Balance. */
export const depositOf = (account: OpenAccount, data: Deposit): AccountEvent[] => {
  const { accountId, depositId, amountPence } = data;
  const repaidPence = Math.min(amountPence, debtPence(account));
  const deposited: AccountEvent = { type: 'CashDeposited', data };
  return repaidPence === 0 ? [deposited] : [deposited, { type: 'DebtRepaid', data: { accountId, depositId, amountPence: repaidPence } }];
};

/** An operator's deposit; a deposit id is recorded once. */
export const deposit = (c: CommandOf<'DepositPurchaseBalance'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  return account.depositIds.has(c.data.depositId) ? [] : depositOf(account, c.data);
};

/** Money the account owes (a reversed deposit, a registry fee it could not pay): it blocks paid orders until repaid. */
export const recordDebt = (c: CommandOf<'RecordDebt'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  return account.debtIds.has(c.data.debtId) ? [] : [{ type: 'DebtRecorded', data: c.data }];
};
