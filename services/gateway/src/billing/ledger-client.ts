import { billing, type Topics, type z } from '@pds/contracts';
import { RequestTimeoutError, type RequestContext, type RequestOutcome, type RequestReplyClient } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';

export type LedgerOutcome = RequestOutcome<billing.LedgerBalance>;

export type OperatorCommand =
  | typeof billing.DepositPurchaseBalance
  | typeof billing.RecordDebt
  | typeof billing.SetAccountHold
  | typeof billing.SetOrderingEntitlement
  | typeof billing.QuarantineReservation
  | typeof billing.CaptureCredits
  | typeof billing.ReleaseCredits
  | typeof billing.RefundCapture;

/** Attempts at a settling command (capture or release): each with the same command id, so repeats are harmless. */
const settleAttempts = 3;

/** The billing ledger as the gateway sees it: typed commands over Kafka, keyed by account so one account is serial. */
export class LedgerClient {
  constructor(
    private readonly rpc: RequestReplyClient,
    private readonly topics: Topics,
    private readonly timeoutMs: number,
  ) {}

  reserve(ctx: RequestContext, data: { accountId: string; reservationId: string; amountCredits: number; operation: string; requestId: string }) {
    return this.send(billing.ReserveCredits, data.accountId, data, ctx);
  }

  capture(ctx: RequestContext, accountId: string, reservationId: string) {
    return this.settle(billing.CaptureCredits, { accountId, reservationId }, ctx);
  }

  /** `patienceMs`: keep asking (same command id) this long in all, for when only the ledger's answer can settle a call. */
  release(ctx: RequestContext, accountId: string, reservationId: string, reason: string, patienceMs = 0) {
    return this.settle(billing.ReleaseCredits, { accountId, reservationId, reason }, ctx, patienceMs);
  }

  balance(ctx: RequestContext, accountId: string) {
    return this.send(billing.GetBalance, accountId, { accountId }, ctx);
  }

  openAccount(ctx: RequestContext, data: z.input<(typeof billing.OpenAccount)['data']>) {
    return this.send(billing.OpenAccount, data.accountId, data, ctx);
  }

  grant(ctx: RequestContext, data: { accountId: string; grantId: string; amountCredits: number; reason: string }) {
    return this.send(billing.GrantCredits, data.accountId, data, ctx);
  }

  /** Operator commands (deposits, debts, holds, entitlements, resolving a quarantined reservation). */
  operate(
    ctx: RequestContext,
    spec: OperatorCommand,
    data: { accountId: string } & Record<string, unknown>,
  ): Promise<LedgerOutcome> {
    return this.send(spec, data.accountId, data as never, ctx);
  }

  private send(
    spec: typeof billing.GetBalance | typeof billing.ReserveCredits | typeof billing.OpenAccount | typeof billing.GrantCredits | OperatorCommand,
    accountId: string,
    data: Parameters<RequestReplyClient['request']>[3],
    ctx: RequestContext,
    commandId?: string,
  ): Promise<LedgerOutcome> {
    return this.rpc.request(spec as typeof billing.GetBalance, this.topics.commands('billing-ledger'), accountId, data as never, ctx, { timeoutMs: this.timeoutMs, commandId });
  }

  private async settle(
    spec: typeof billing.CaptureCredits | typeof billing.ReleaseCredits,
    data: { accountId: string; reservationId: string; reason?: string },
    ctx: RequestContext,
    patienceMs = 0,
  ): Promise<LedgerOutcome> {
    const commandId = randomUUID();
    const giveUpAt = Date.now() + patienceMs;
    for (let attempt = 1; ; attempt++) {
      const attemptStartedAt = Date.now();
      try {
        return await this.rpc.request(spec, this.topics.commands('billing-ledger'), data.accountId, data as never, ctx, {
          timeoutMs: this.timeoutMs,
          commandId,
        });
      } catch (error) {
        if (!(error instanceof RequestTimeoutError)) throw error;
        if (attempt >= settleAttempts && Date.now() >= giveUpAt) throw error;
        // A send that failed at once (broker unreachable) must not spin: pad the attempt out to its timeout.
        const padMs = Math.min(attemptStartedAt + this.timeoutMs, giveUpAt) - Date.now();
        if (padMs > 0) await new Promise((r) => setTimeout(r, padMs));
      }
    }
  }
}
