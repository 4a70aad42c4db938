import { billing, ledgerEvents } from '@pds/contracts';
import {
  handler,
  injectTraceHeaders,
  type AggregateStore,
  type CommandHandler,
  type HandlerContext,
  type HandlerResult,
} from '@pds/service-runtime';
import { availableCredits, type Account, type AccountEvent } from './account';
import { decide, LedgerError, type AccountCommand } from './decide';

type Accounts = AggregateStore<Account, AccountEvent>;
type Balance = billing.LedgerBalance;

const balanceOf = (state: Account): Balance => {
  if (state.status !== 'open') throw new Error('balance of an account that is not open');
  return {
    accountId: state.accountId,
    plan: state.plan,
    availableCredits: availableCredits(state),
    reservedCredits: state.reservedCredits,
    creditsRefreshAt: null,
  };
};

/** Who and why, recorded on every event. */
const metadataOf = (ctx: HandlerContext, operation?: string) => ({
  commandId: ctx.commandId,
  correlationId: ctx.metadata.correlationId,
  requestId: ctx.metadata.requestId,
  actor: ctx.metadata.actor,
  ...(operation ? { operation } : {}),
  ...injectTraceHeaders(),
});

const execute = async (
  accounts: Accounts,
  command: AccountCommand,
  ctx: HandlerContext,
  operation?: string,
): Promise<HandlerResult<Balance> & { state?: Account }> => {
  try {
    const streamId = ledgerEvents.accountStreamId(command.data.accountId);
    const { state } = await accounts.handle(streamId, (s) => decide(command, s), metadataOf(ctx, operation));
    return { ok: true, data: balanceOf(state), state };
  } catch (error) {
    if (error instanceof LedgerError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
};

export const ledgerHandlers = (accounts: Accounts, reservationTtlMs: number): CommandHandler[] => [
  handler(billing.OpenAccount, (data, ctx) => execute(accounts, { type: 'OpenAccount', data, now: new Date().toISOString() }, ctx)),
  handler(billing.GrantCredits, (data, ctx) => execute(accounts, { type: 'GrantCredits', data }, ctx)),
  // A reservation nobody waits for any more is not made: the gateway has already answered its caller.
  handler(
    billing.ReserveCredits,
    async (data, ctx) => {
      const expiresAt = new Date(Date.now() + reservationTtlMs).toISOString();
      const result = await execute(accounts, { type: 'ReserveCredits', data, expiresAt }, ctx, data.operation);
      if (!result.ok || result.state?.status !== 'open') return result;
      const reservation = result.state.reservations.get(data.reservationId);
      if (reservation?.status === 'rejected') {
        return {
          ok: false,
          error: {
            code: billing.ledgerErrorCodes.insufficientCredits,
            message: `${data.amountCredits} credits needed, ${availableCredits(result.state)} available`,
          },
          data: result.data,
        };
      }
      return { ok: true, data: result.data };
    },
    { dropWhenLate: true },
  ),
  // A capture after its deadline is dropped: the gateway has given up on it and releases instead, so a late capture
  // can never charge a caller who was told the call failed.
  handler(billing.CaptureCredits, (data, ctx) => execute(accounts, { type: 'CaptureCredits', data }, ctx), { dropWhenLate: true }),
  handler(billing.ReleaseCredits, (data, ctx) => execute(accounts, { type: 'ReleaseCredits', data }, ctx)),
  handler(billing.GetBalance, async (data) => {
    const { state } = await accounts.load(ledgerEvents.accountStreamId(data.accountId));
    if (state.status !== 'open') return { ok: false, error: { code: billing.ledgerErrorCodes.accountNotFound, message: `account ${data.accountId} does not exist` } };
    return { ok: true, data: balanceOf(state) };
  }),
];
