import type { Account, AccountEvent } from './account';
import type { CommandOf } from './decide';
import { requireOpen } from './ledger-error';

/** A hold stops paid orders (not ordinary API calls) until an operator lifts it. Setting what is already set changes nothing. */
export const setHold = (c: CommandOf<'SetAccountHold'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  if (account.held === c.data.held) return [];
  const data = { accountId: c.data.accountId, reason: c.data.reason };
  return [c.data.held ? { type: 'AccountHeld', data } : { type: 'AccountHoldLifted', data }];
};

export const setOrderingEntitlement = (c: CommandOf<'SetOrderingEntitlement'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  return account.orderingEnabled === c.data.enabled ? [] : [{ type: 'OrderingEntitlementChanged', data: c.data }];
};
