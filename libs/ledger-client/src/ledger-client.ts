import { billing, type CommandSpec, type Topics, type z } from '@pds/contracts';
import { RequestTimeoutError, type RequestContext, type RequestOutcome, type RequestReplyClient } from '@pds/service-runtime';
import { randomUUID } from 'node:crypto';

// The billing ledger as every other service calls it: one typed method per command, sent over Kafka keyed by the
// account (so one account's commands are handled in order), each answered with the account's balance or a refusal.

export type LedgerOutcome = RequestOutcome<billing.LedgerBalance>;

/** A ledger command: its data names the account, its reply is the balance. */
type LedgerCommand = CommandSpec<string, z.ZodObject<{ accountId: z.ZodString } & z.ZodRawShape>, typeof billing.LedgerBalance>;

/** Commands an operator gives (deposits, debts, holds, entitlements, settling a quarantined reservation, keys). */
export type OperatorCommand =
  | typeof billing.IssueApiKey
  | typeof billing.RotateApiKey
  | typeof billing.RevokeApiKey
  | typeof billing.DepositPurchaseBalance
  | typeof billing.RecordDebt
  | typeof billing.SetAccountHold
  | typeof billing.SetOrderingEntitlement
  | typeof billing.CaptureCredits
  | typeof billing.ReleaseCredits;

/** Attempts at a settling command (capture, release, quarantine, refund): each with the same command id, so repeats are harmless. */
const settleAttempts = 3;

export class LedgerClient {
  constructor(
    private readonly rpc: RequestReplyClient,
    private readonly topics: Topics,
    private readonly timeoutMs: number,
  ) {}

  /** Holds credits (and, for an order, Purchase Balance in the same step) before the work; refusals say why. */
  reserve(ctx: RequestContext, data: z.input<typeof billing.ReserveCredits.data>) {
    return this.send(billing.ReserveCredits, data.accountId, data, ctx);
  }

  /**
   * Reserves and captures in one step, for work already done. Sent once: if unanswered, `releaseOrBar` says whether
   * it was charged, and makes sure a charge still on its way never is.
   */
  charge(ctx: RequestContext, data: z.input<typeof billing.ChargeCredits.data>) {
    return this.send(billing.ChargeCredits, data.accountId, data, ctx);
  }

  capture(ctx: RequestContext, accountId: string, reservationId: string) {
    return this.settle(billing.CaptureCredits, accountId, { accountId, reservationId }, ctx);
  }

  /** `patienceMs`: keep asking (same command id) this long in all, for when only the ledger's answer can settle a call. */
  release(ctx: RequestContext, accountId: string, reservationId: string, reason: string, patienceMs = 0) {
    return this.settle(billing.ReleaseCredits, accountId, { accountId, reservationId, reason }, ctx, patienceMs);
  }

  /**
   * Settles a call whose outcome is unknown: releases its reservation, or, when none was made under the id, bars it,
   * so that a reservation or charge still on its way is refused when it arrives. Answered as a release either way:
   * nothing was charged and nothing will be. Already captured: refused as captured (the caller paid).
   */
  releaseOrBar(ctx: RequestContext, accountId: string, reservationId: string, reason: string, patienceMs = 0) {
    return this.settle(billing.ReleaseCredits, accountId, { accountId, reservationId, reason, barUnmade: true }, ctx, patienceMs);
  }

  /** Keeps a reservation whose outcome is unknown held, past its expiry, until it is captured or released. */
  quarantine(ctx: RequestContext, accountId: string, reservationId: string, reason: string) {
    return this.settle(billing.QuarantineReservation, accountId, { accountId, reservationId, reason }, ctx);
  }

  /** Gives back part or all of a capture; the refund's own id makes a repeat harmless. */
  refund(ctx: RequestContext, data: z.input<typeof billing.RefundCapture.data>) {
    return this.settle(billing.RefundCapture, data.accountId, data, ctx);
  }

  balance(ctx: RequestContext, accountId: string) {
    return this.send(billing.GetBalance, accountId, { accountId }, ctx);
  }

  /** The account as its owner and operators see it (`GET /account`, `admin account show`). */
  describe(ctx: RequestContext, accountId: string): Promise<RequestOutcome<billing.AccountDescription>> {
    return this.rpc.request(billing.DescribeAccount, this.topics.commands('billing-ledger'), accountId, { accountId }, ctx, {
      timeoutMs: this.timeoutMs,
    });
  }

  openAccount(ctx: RequestContext, data: z.input<typeof billing.OpenAccount.data>) {
    return this.send(billing.OpenAccount, data.accountId, data, ctx);
  }

  grant(ctx: RequestContext, data: z.input<typeof billing.GrantCredits.data>) {
    return this.send(billing.GrantCredits, data.accountId, data, ctx);
  }

  operate<S extends OperatorCommand>(
    ctx: RequestContext,
    spec: S,
    data: z.input<S['data']> & { accountId: string },
  ): Promise<LedgerOutcome> {
    return this.send(spec, data.accountId, data, ctx);
  }

  /**
   * Money that arrived (a card payment through Stripe), keyed by its payment id: asked again on no answer, and
   * recorded once however often it is told (a webhook and the return page both tell it).
   */
  recordPayment(ctx: RequestContext, data: z.input<typeof billing.RecordPayment.data>) {
    return this.settle(billing.RecordPayment, data.accountId, data, ctx);
  }

  /** What Stripe says of a subscription: changed (cancelling, resumed, a downgrade waiting), a period unpaid, ended. */
  recordSubscription(
    ctx: RequestContext,
    event:
      | { type: 'change'; data: z.input<typeof billing.RecordSubscriptionChange.data> }
      | { type: 'payment_failed'; data: z.input<typeof billing.RecordSubscriptionPaymentFailed.data> }
      | { type: 'end'; data: z.input<typeof billing.EndSubscription.data> },
  ) {
    switch (event.type) {
      case 'change':
        return this.settle(billing.RecordSubscriptionChange, event.data.accountId, event.data, ctx);
      case 'payment_failed':
        return this.settle(billing.RecordSubscriptionPaymentFailed, event.data.accountId, event.data, ctx);
      case 'end':
        return this.settle(billing.EndSubscription, event.data.accountId, event.data, ctx);
    }
  }

  /** Keyed by `accountId`: one account's commands reach the ledger in the order they were sent. */
  private send<S extends LedgerCommand>(
    spec: S,
    accountId: string,
    data: z.input<S['data']>,
    ctx: RequestContext,
    commandId?: string,
  ): Promise<LedgerOutcome> {
    return this.rpc.request(spec, this.topics.commands('billing-ledger'), accountId, data, ctx, { timeoutMs: this.timeoutMs, commandId });
  }

  /** A command that settles money: retried with one command id on no answer, so it is recorded at most once. */
  private async settle<S extends LedgerCommand>(
    spec: S,
    accountId: string,
    data: z.input<S['data']>,
    ctx: RequestContext,
    patienceMs = 0,
  ): Promise<LedgerOutcome> {
    const commandId = randomUUID();
    const giveUpAt = Date.now() + patienceMs;
    for (let attempt = 1; ; attempt++) {
      const attemptStartedAt = Date.now();
      try {
        return await this.send(spec, accountId, data, ctx, commandId);
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
