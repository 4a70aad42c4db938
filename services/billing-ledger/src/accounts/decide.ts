import { billing, planMonthlyCredits, trialCredits, type z } from '@pds/contracts';
import type { Decider } from '@pds/service-runtime';
import { dueRefresh } from '../cycles/refresh';
import { initialState, type Account, type AccountEvent, type OpenAccount as OpenAccountState } from './account';
import { evolve } from './evolve';
import { issueKey, revokeKey, rotateKey } from './keys';
import { codes, LedgerError, requireOpen } from './ledger-error';
import { recordPayment } from './payments';
import { deposit, recordDebt } from './purchase-balance';
import { charge, expire, quarantine, refund, reserve, settle } from './reservations';
import { setHold, setOrderingEntitlement } from './standing';
import { endSubscription, recordSubscriptionChange, recordSubscriptionPaymentFailed } from './subscriptions';

export { LedgerError } from './ledger-error';

type Data<S extends { data: z.ZodTypeAny }> = z.output<S['data']>;
type Cmd<T extends string, S extends { data: z.ZodTypeAny }> = { type: T; data: Data<S>; now: string };
/** Every command carries the ledger's business time (`now`), so the decider stays pure. */
export type AccountCommand =
  | Cmd<'OpenAccount', typeof billing.OpenAccount>
  | Cmd<'GrantCredits', typeof billing.GrantCredits>
  | (Cmd<'ReserveCredits', typeof billing.ReserveCredits> & { expiresAt: string })
  | Cmd<'ChargeCredits', typeof billing.ChargeCredits>
  | Cmd<'CaptureCredits', typeof billing.CaptureCredits>
  | Cmd<'ReleaseCredits', typeof billing.ReleaseCredits>
  | Cmd<'QuarantineReservation', typeof billing.QuarantineReservation>
  | Cmd<'RefundCapture', typeof billing.RefundCapture>
  | Cmd<'DepositPurchaseBalance', typeof billing.DepositPurchaseBalance>
  | Cmd<'RecordDebt', typeof billing.RecordDebt>
  | Cmd<'SetAccountHold', typeof billing.SetAccountHold>
  | Cmd<'SetOrderingEntitlement', typeof billing.SetOrderingEntitlement>
  | Cmd<'IssueApiKey', typeof billing.IssueApiKey>
  | Cmd<'RotateApiKey', typeof billing.RotateApiKey>
  | Cmd<'RevokeApiKey', typeof billing.RevokeApiKey>
  | Cmd<'RecordPayment', typeof billing.RecordPayment>
  | Cmd<'RecordSubscriptionChange', typeof billing.RecordSubscriptionChange>
  | Cmd<'RecordSubscriptionPaymentFailed', typeof billing.RecordSubscriptionPaymentFailed>
  | Cmd<'EndSubscription', typeof billing.EndSubscription>
  | { type: 'RefreshCredits'; data: { accountId: string }; now: string }
  | { type: 'ExpireReservation'; data: { accountId: string; reservationId: string }; now: string };
export type CommandOf<T extends AccountCommand['type']> = Extract<AccountCommand, { type: T }>;

/** Whether an opening is a repeat of the one that opened the account: same key (or, key-less, same customer) and plan. */
const sameOpening = (c: CommandOf<'OpenAccount'>, state: OpenAccountState): boolean => {
  if (state.plan !== c.data.plan || state.origin !== c.data.origin) return false;
  if (c.data.apiKeyHash !== undefined) return state.keys.get(billing.openingKeyId)?.hash === c.data.apiKeyHash;
  return c.data.customerId !== undefined && state.customerId === c.data.customerId;
};

/** What an opening may ask: a key is its hash and prefix together; a customer's own opening is a Basic trial, no more. */
const checkOpening = (d: CommandOf<'OpenAccount'>['data']): void => {
  if ((d.apiKeyHash === undefined) !== (d.apiKeyPrefix === undefined))
    throw new LedgerError(codes.openingInvalid, 'a key is opened with both its hash and its prefix, or not at all');
  if (d.origin === 'operator') {
    if (d.customerId !== undefined) throw new LedgerError(codes.openingInvalid, 'only a self-service account names a customer');
    return;
  }
  const trial = d.plan === 'basic' && d.creditCycle === 'trial' && (d.openingCredits ?? trialCredits) === trialCredits;
  const extras = d.monthlyCredits !== undefined || d.rateLimits !== undefined || d.orderingEnabled;
  if (d.customerId === undefined || !trial || extras)
    throw new LedgerError(
      codes.openingInvalid,
      `a self-service account opens for its customer as a Basic trial of ${trialCredits} credits`,
    );
};

const openAccount = (c: CommandOf<'OpenAccount'>, state: Account): AccountEvent[] => {
  if (state.status === 'open') {
    // The same command again (a retry) changes nothing; a different one for the same id is refused.
    if (sameOpening(c, state)) return [];
    throw new LedgerError(codes.accountExists, `account ${c.data.accountId} already exists`);
  }
  checkOpening(c.data);
  const { accountId, plan, rateLimits, creditCycle, monthlyCredits, orderingEnabled, origin, customerId } = c.data;
  // A subscription's cycle is set by its first paid period; an account opened on it would wait for a refresh never due.
  if (creditCycle === 'subscription')
    throw new LedgerError(codes.subscriptionMismatch, 'an account starts a subscription with its first paid period, not at opening');
  if (rateLimits && plan !== 'enterprise')
    throw new LedgerError(codes.customLimitsNotAllowed, 'only Enterprise accounts have custom rate limits');
  if (monthlyCredits !== undefined && plan !== 'enterprise') {
    throw new LedgerError(codes.customAllowanceNotAllowed, 'only Enterprise accounts have a custom monthly allowance');
  }
  const allowance = monthlyCredits ?? planMonthlyCredits[plan];
  const defaultCredits = origin === 'self_service' ? trialCredits : creditCycle === 'monthly' ? allowance : 0;
  const openingCredits = c.data.openingCredits ?? defaultCredits;
  const key = c.data.apiKeyHash !== undefined ? { apiKeyHash: c.data.apiKeyHash, apiKeyPrefix: c.data.apiKeyPrefix } : {};
  const opened: AccountEvent = {
    type: 'AccountOpened',
    data: {
      accountId,
      plan,
      ...key,
      openedAt: c.now,
      creditCycle,
      orderingEnabled,
      origin,
      ...(customerId !== undefined ? { customerId } : {}),
      ...(monthlyCredits !== undefined ? { monthlyCredits } : {}),
      ...(rateLimits ? { rateLimits } : {}),
    },
  };
  if (openingCredits === 0) return [opened];
  return [
    opened,
    { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: openingCredits, reason: 'opening balance' } },
  ];
};

/** What the command itself decides, once any refresh the account is owed has been applied. */
const decideOpen = (command: Exclude<AccountCommand, CommandOf<'OpenAccount'>>, state: Account): AccountEvent[] => {
  switch (command.type) {
    case 'GrantCredits': {
      const account = requireOpen(state, command.data.accountId);
      return account.grantIds.has(command.data.grantId) ? [] : [{ type: 'CreditsGranted', data: command.data }];
    }
    case 'ReserveCredits':
      return reserve(command, state);
    case 'ChargeCredits':
      return charge(command, state);
    case 'CaptureCredits':
    case 'ReleaseCredits':
      return settle(command, state);
    case 'QuarantineReservation':
      return quarantine(command, state);
    case 'RefundCapture':
      return refund(command, state);
    case 'DepositPurchaseBalance':
      return deposit(command, state);
    case 'RecordDebt':
      return recordDebt(command, state);
    case 'SetAccountHold':
      return setHold(command, state);
    case 'SetOrderingEntitlement':
      return setOrderingEntitlement(command, state);
    case 'IssueApiKey':
      return issueKey(command, state);
    case 'RotateApiKey':
      return rotateKey(command, state);
    case 'RevokeApiKey':
      return revokeKey(command, state);
    case 'RecordPayment':
      return recordPayment(command, state);
    case 'RecordSubscriptionChange':
      return recordSubscriptionChange(command, state);
    case 'RecordSubscriptionPaymentFailed':
      return recordSubscriptionPaymentFailed(command, state);
    case 'EndSubscription':
      return endSubscription(command, state);
    case 'RefreshCredits':
      requireOpen(state, command.data.accountId);
      return [];
    case 'ExpireReservation':
      return expire(command, state);
  }
};

/**
 * Pure: what a command does to an account. Repeating a command returns no new events. A monthly refresh that has
 * fallen due is recorded first, whatever the command, so no command ever sees last month's balance.
 */
export const decide = (command: AccountCommand, state: Account): AccountEvent[] => {
  if (command.type === 'OpenAccount') return openAccount(command, state);
  if (state.status !== 'open') return command.type === 'ExpireReservation' ? [] : decideOpen(command, state);
  const refreshed = dueRefresh(state, command.now);
  const after = refreshed.reduce(evolve, state as Account);
  return [...refreshed, ...decideOpen(command, after)];
};

export const accountDecider: Decider<Account, AccountCommand, AccountEvent> = { decide, evolve, initialState };
