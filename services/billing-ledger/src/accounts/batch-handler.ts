import { billing, ledgerEvents, type z } from '@pds/contracts';
import type { AggregateStore, BatchHandler, BatchedCommand, Clock, HandlerResult } from '@pds/service-runtime';
import type { Account, AccountEvent } from './account';
import { decide, LedgerError, type AccountCommand } from './decide';
import { metadataOf, outcomeOf, refusalOf, reserveCommand } from './handlers';

/** The commands of every chargeable call; under load they come in runs, which one transaction records together. */
const batchedTypes = [
  billing.ReserveCredits.type,
  billing.ChargeCredits.type,
  billing.CaptureCredits.type,
  billing.ReleaseCredits.type,
] as const;

const commandOf = (c: BatchedCommand, at: Date, reservationTtlMs: number): AccountCommand => {
  switch (c.handler.spec.type) {
    case billing.ReserveCredits.type:
      return reserveCommand(c.data as z.output<typeof billing.ReserveCredits.data>, at, reservationTtlMs);
    case billing.ChargeCredits.type:
      return { type: 'ChargeCredits', data: c.data as z.output<typeof billing.ChargeCredits.data>, now: at.toISOString() };
    case billing.CaptureCredits.type:
      return { type: 'CaptureCredits', data: c.data as z.output<typeof billing.CaptureCredits.data>, now: at.toISOString() };
    default:
      return { type: 'ReleaseCredits', data: c.data as z.output<typeof billing.ReleaseCredits.data>, now: at.toISOString() };
  }
};

/**
 * Reservations, captures and releases, decided one after another against each account's latest state and appended
 * in one PostgreSQL transaction per run: a burst of calls costs one commit, not one per command. Answers are exactly
 * those of the one-at-a-time handlers.
 */
export const ledgerBatchHandler = (
  accounts: AggregateStore<Account, AccountEvent>,
  clock: Clock,
  reservationTtlMs: number,
): BatchHandler => ({
  types: batchedTypes,
  handle: async (batch) => {
    const at = clock.now();
    const commands = batch.map((c) => commandOf(c, at, reservationTtlMs));
    // In the first command's trace (its span the parent of the append's), as one transaction records the run.
    const results = await (batch[0] as BatchedCommand).withinSpan(() =>
      accounts.handleMany(
        batch.map((c, i) => {
          const command = commands[i] as AccountCommand;
          const operation = command.type === 'ReserveCredits' || command.type === 'ChargeCredits' ? command.data.operation : undefined;
          return {
            streamId: ledgerEvents.accountStreamId(command.data.accountId),
            decide: (state: Account) => decide(command, state),
            metadata: c.withinSpan(() => metadataOf(c.ctx, command.now, operation)),
          };
        }),
        (error) => error instanceof LedgerError,
      ),
    );
    return results.map((r, i): HandlerResult<unknown> =>
      r.ok ? outcomeOf(commands[i] as AccountCommand, r.state) : refusalOf(r.error as LedgerError),
    );
  },
});
