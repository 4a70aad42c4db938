import { billing, ledgerEvents, type z } from '@pds/contracts';
import {
  handler,
  injectTraceHeaders,
  type AggregateStore,
  type CommandHandler,
  type HandlerContext,
  type HandlerResult,
  type Clock,
} from '@pds/service-runtime';
import { dueRefresh } from '../cycles/refresh';
import { availableCredits, availablePence, debtPence, type Account, type AccountEvent, type OpenAccount } from './account';
import { decide, LedgerError, type AccountCommand } from './decide';
import { describeAccount } from './describe';

type Accounts = AggregateStore<Account, AccountEvent>;
type Balance = billing.LedgerBalance;

const balanceOf = (state: Account): Balance => {
  if (state.status !== 'open') throw new Error('balance of an account that is not open');
  return {
    accountId: state.accountId,
    plan: state.plan,
    availableCredits: availableCredits(state),
    reservedCredits: state.reservedCredits,
    creditsRefreshAt: state.nextRefreshAt,
    creditCycle: state.creditCycle,
    purchaseBalance: {
      availablePence: availablePence(state),
      reservedPence: state.reservedPence - state.quarantinedPence,
      quarantinedPence: state.quarantinedPence,
      debtPence: debtPence(state),
    },
    standing: { held: state.held, orderingEnabled: state.orderingEnabled },
  };
};

/**
 * Who and why, recorded on every event, and when in business time (`at`: the time the decision was made against,
 * which a statement's month is cut by; `recordedAt` is the store's clock and differs from it under a test clock).
 */
export const metadataOf = (ctx: HandlerContext, at: string, operation?: string) => ({
  commandId: ctx.commandId,
  at,
  correlationId: ctx.metadata.correlationId,
  requestId: ctx.metadata.requestId,
  actor: ctx.metadata.actor,
  ...(operation ? { operation } : {}),
  ...injectTraceHeaders(),
});

const refusalMessage = (code: string, data: { amountCredits: number; amountPence: number }, state: OpenAccount): string => {
  switch (code) {
    case billing.ledgerErrorCodes.insufficientCredits:
      return `${data.amountCredits} credits needed, ${availableCredits(state)} available`;
    case billing.ledgerErrorCodes.insufficientPurchaseBalance:
      return `${data.amountPence} pence of Purchase Balance needed, ${availablePence(state)} available`;
    case billing.ledgerErrorCodes.orderingNotEnabled:
      return 'official copy ordering is not enabled for this account';
    case billing.ledgerErrorCodes.accountHeld:
      return 'the account is on hold';
    default:
      return `the account owes ${debtPence(state)} pence`;
  }
};

/**
 * What the caller is told once a command is decided: the balance, or (for a refused reservation, or a payment the
 * ledger recorded but could not allocate) why not, with it. Read from the state, so a repeat gets the same answer.
 */
export const outcomeOf = (command: AccountCommand, state: Account): HandlerResult<Balance> => {
  const unallocated =
    command.type === 'RecordPayment' && state.status === 'open' && state.paymentIds.get(command.data.paymentId)?.unallocatedCode;
  if (unallocated) {
    const message = `payment ${command.data.paymentId} is recorded but not allocated: it does not fit the account's subscription or plan; an operator decides`;
    return { ok: false, error: { code: unallocated, message }, data: balanceOf(state) };
  }
  const reserving = command.type === 'ReserveCredits' || command.type === 'ChargeCredits';
  if (!reserving || state.status !== 'open') return { ok: true, data: balanceOf(state) };
  const reservation = state.reservations.get(command.data.reservationId);
  if (reservation?.status !== 'rejected') return { ok: true, data: balanceOf(state) };
  const code = reservation.rejectedCode ?? billing.ledgerErrorCodes.insufficientCredits;
  const amounts = { amountCredits: command.data.amountCredits, amountPence: reservation.amountPence };
  return { ok: false, error: { code, message: refusalMessage(code, amounts, state) }, data: balanceOf(state) };
};

export const refusalOf = (error: LedgerError): HandlerResult<Balance> => ({
  ok: false,
  error: { code: error.code, message: error.message },
});

const execute = async (
  accounts: Accounts,
  command: AccountCommand,
  ctx: HandlerContext,
  operation?: string,
): Promise<HandlerResult<Balance>> => {
  try {
    const streamId = ledgerEvents.accountStreamId(command.data.accountId);
    const { state } = await accounts.handle(streamId, (s) => decide(command, s), metadataOf(ctx, command.now, operation));
    return outcomeOf(command, state);
  } catch (error) {
    if (error instanceof LedgerError) return refusalOf(error);
    throw error;
  }
};

const accountNotFound = (accountId: string) => ({
  ok: false as const,
  error: { code: billing.ledgerErrorCodes.accountNotFound, message: `account ${accountId} does not exist` },
});

/** The account as it stands at `at`, a refresh that has fallen due recorded first; undefined when it was never opened. */
const current = async (accounts: Accounts, accountId: string, ctx: HandlerContext, at: string): Promise<OpenAccount | undefined> => {
  const streamId = ledgerEvents.accountStreamId(accountId);
  const { state } = await accounts.load(streamId);
  if (state.status !== 'open') return undefined;
  if (dueRefresh(state, at).length === 0) return state;
  const command: AccountCommand = { type: 'RefreshCredits', data: { accountId }, now: at };
  const refreshed = await accounts.handle(streamId, (s) => decide(command, s), metadataOf(ctx, at));
  return refreshed.state as OpenAccount;
};

/** A reservation's expiry: the command's own hold (a paid order waits for the registry) or the ledger's default. */
export const reserveCommand = (data: z.output<typeof billing.ReserveCredits.data>, at: Date, reservationTtlMs: number): AccountCommand => ({
  type: 'ReserveCredits',
  data,
  now: at.toISOString(),
  expiresAt: new Date(at.getTime() + (data.expiresInMs ?? reservationTtlMs)).toISOString(),
});

/** The ledger's command handlers; `clock` is business time, `reservationTtlMs` how long a call's reservation may stay open. */
export const ledgerHandlers = (accounts: Accounts, clock: Clock, reservationTtlMs: number): CommandHandler[] => {
  const now = () => clock.now().toISOString();
  const run = (command: AccountCommand, ctx: HandlerContext, operation?: string) => execute(accounts, command, ctx, operation);
  return [
    handler(billing.OpenAccount, (data, ctx) => run({ type: 'OpenAccount', data, now: now() }, ctx)),
    handler(billing.GrantCredits, (data, ctx) => run({ type: 'GrantCredits', data, now: now() }, ctx)),
    // A reservation nobody waits for any more is not made: the gateway has already answered its caller.
    handler(billing.ReserveCredits, (data, ctx) => run(reserveCommand(data, clock.now(), reservationTtlMs), ctx, data.operation), {
      dropWhenLate: true,
    }),
    // A charge after its deadline is dropped, like a capture: the gateway has stopped waiting and asks for a release,
    // which, ordered after the charge on the account's partition, answers which way it went.
    handler(billing.ChargeCredits, (data, ctx) => run({ type: 'ChargeCredits', data, now: now() }, ctx, data.operation), {
      dropWhenLate: true,
    }),
    // A capture after its deadline is dropped: the gateway has given up on it and releases instead, so a late capture
    // can never charge a caller who was told the call failed.
    handler(billing.CaptureCredits, (data, ctx) => run({ type: 'CaptureCredits', data, now: now() }, ctx), { dropWhenLate: true }),
    handler(billing.ReleaseCredits, (data, ctx) => run({ type: 'ReleaseCredits', data, now: now() }, ctx)),
    handler(billing.QuarantineReservation, (data, ctx) => run({ type: 'QuarantineReservation', data, now: now() }, ctx)),
    handler(billing.RefundCapture, (data, ctx) => run({ type: 'RefundCapture', data, now: now() }, ctx)),
    handler(billing.DepositPurchaseBalance, (data, ctx) => run({ type: 'DepositPurchaseBalance', data, now: now() }, ctx)),
    handler(billing.RecordDebt, (data, ctx) => run({ type: 'RecordDebt', data, now: now() }, ctx)),
    handler(billing.SetAccountHold, (data, ctx) => run({ type: 'SetAccountHold', data, now: now() }, ctx)),
    handler(billing.SetOrderingEntitlement, (data, ctx) => run({ type: 'SetOrderingEntitlement', data, now: now() }, ctx)),
    handler(billing.IssueApiKey, (data, ctx) => run({ type: 'IssueApiKey', data, now: now() }, ctx)),
    handler(billing.RotateApiKey, (data, ctx) => run({ type: 'RotateApiKey', data, now: now() }, ctx)),
    handler(billing.RevokeApiKey, (data, ctx) => run({ type: 'RevokeApiKey', data, now: now() }, ctx)),
    handler(billing.RecordPayment, (data, ctx) => run({ type: 'RecordPayment', data, now: now() }, ctx)),
    handler(billing.RecordSubscriptionChange, (data, ctx) => run({ type: 'RecordSubscriptionChange', data, now: now() }, ctx)),
    handler(billing.RecordSubscriptionPaymentFailed, (data, ctx) =>
      run({ type: 'RecordSubscriptionPaymentFailed', data, now: now() }, ctx),
    ),
    handler(billing.EndSubscription, (data, ctx) => run({ type: 'EndSubscription', data, now: now() }, ctx)),
    // Reading a balance or the account applies a refresh that has fallen due, so nobody is shown last month's balance.
    handler(billing.GetBalance, async (data, ctx) => {
      const state = await current(accounts, data.accountId, ctx, now());
      return state ? { ok: true, data: balanceOf(state) } : accountNotFound(data.accountId);
    }),
    handler(billing.DescribeAccount, async (data, ctx) => {
      const at = now();
      const state = await current(accounts, data.accountId, ctx, at);
      return state ? { ok: true, data: describeAccount(state, balanceOf(state), at) } : accountNotFound(data.accountId);
    }),
  ];
};
