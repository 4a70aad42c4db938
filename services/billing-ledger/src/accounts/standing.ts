import { debtPence, type Account, type AccountEvent, type OpenAccount } from './account';
import type { CommandOf } from './decide';
import { codes, LedgerError, requireOpen } from './ledger-error';

/** A hold stops paid orders (not ordinary API calls) until an operator lifts it. Setting what is already set changes nothing. */
export const setHold = (c: CommandOf<'SetAccountHold'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  if (account.held === c.data.held) return [];
  const data = { accountId: c.data.accountId, reason: c.data.reason };
  return [c.data.held ? { type: 'AccountHeld', data } : { type: 'AccountHoldLifted', data }];
};

/** Whether the customer may turn ordering on themselves: not against an operator, and only on a paid plan in good standing. */
const refuseCustomerEnable = (account: OpenAccount): void => {
  if (account.orderingLockedByOperator)
    throw new LedgerError(codes.orderingLocked, 'an operator turned official copy ordering off; ask us to turn it on');
  if (account.creditCycle === 'trial' || account.subscription?.status === 'ended')
    throw new LedgerError(codes.planRequired, 'official copy ordering needs a paid plan');
  if (account.held) throw new LedgerError(codes.accountHeld, 'the account is on hold');
  if (debtPence(account) > 0) throw new LedgerError(codes.accountInDebt, `the account owes ${debtPence(account)} pence`);
};

/**
 * Official-copy ordering on or off. An operator's disable also locks it against the customer, and an operator's enable
 * lifts the lock, so an operator disabling what a customer had already turned off still records the lock.
 */
export const setOrderingEntitlement = (c: CommandOf<'SetOrderingEntitlement'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { enabled, by } = c.data;
  const lockedAfter = by === 'customer' ? account.orderingLockedByOperator : !enabled;
  if (account.orderingEnabled === enabled && account.orderingLockedByOperator === lockedAfter) return [];
  if (by === 'customer' && enabled) refuseCustomerEnable(account);
  return [{ type: 'OrderingEntitlementChanged', data: c.data }];
};
