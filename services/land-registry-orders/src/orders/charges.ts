import { billing, type Topics } from '@pds/contracts';
import type { RequestContext, RequestReplyClient } from '@pds/service-runtime';
import type { PlacedOrder } from './order';

// The order's money at the billing ledger: one reservation per order (cash and credits, both or neither) that is
// captured when the registry accepts, released on a clear failure, quarantined when the outcome is unknown, and
// refunded (in whole, or just the extraction credits) afterwards. Every call is keyed by the reservation (and each
// refund by its own id), so repeating one after a crash or a timeout changes nothing at the ledger.

const { ledgerErrorCodes: codes } = billing;

/** Long enough for a night's queue and a registry's slow day; a quarantined reservation never expires. */
const holdMs = 14 * 24 * 3_600_000;

type Refund = { refundId: string; amountCredits: number; amountPence: number; reason: string };

/** How the ledger holds a reservation once it is settled. */
export type Settled = 'captured' | 'released';

export type Refusal = { ok: false; code: string; message: string; balance?: billing.LedgerBalance };
export type ReserveOutcome = { ok: true; balance: billing.LedgerBalance } | Refusal;

/** A ledger answer the order cannot act on; the driver tries the step again later. */
export class LedgerStepError extends Error {}

export class OrderCharges {
  constructor(
    private readonly rpc: RequestReplyClient,
    private readonly topics: Topics,
    private readonly timeoutMs: number,
  ) {}

  async reserve(o: PlacedOrder, ctx: RequestContext): Promise<ReserveOutcome> {
    const outcome = await this.send(billing.ReserveCredits, o, ctx, {
      accountId: o.accountId,
      reservationId: o.reservationId,
      amountCredits: o.cost.totalCredits,
      amountPence: o.cost.totalPence,
      purpose: 'official_copy_order',
      expiresInMs: holdMs,
      operation: 'land_registry_official_copy_order',
      requestId: ctx.requestId ?? o.orderId,
    });
    return outcome.ok
      ? { ok: true, balance: outcome.data }
      : { ok: false, code: outcome.error.code, message: refusalMessage(outcome.error.code, outcome.error.message), balance: outcome.data };
  }

  /** What the ledger now holds: captured, or released when it had already been given back (by an operator). */
  capture(o: PlacedOrder, ctx: RequestContext): Promise<Settled> {
    return this.settle(billing.CaptureCredits, o, ctx, { accountId: o.accountId, reservationId: o.reservationId }, 'captured');
  }

  /** What the ledger now holds: released, or captured when it had already been taken (by an operator). */
  release(o: PlacedOrder, ctx: RequestContext, reason: string): Promise<Settled> {
    return this.settle(billing.ReleaseCredits, o, ctx, { accountId: o.accountId, reservationId: o.reservationId, reason }, 'released');
  }

  /** What the ledger now holds: quarantined, or captured or released when an operator settled it first. */
  quarantine(o: PlacedOrder, ctx: RequestContext, reason: string): Promise<Settled | 'quarantined'> {
    const data = { accountId: o.accountId, reservationId: o.reservationId, reason };
    return this.settle(billing.QuarantineReservation, o, ctx, data, 'quarantined');
  }

  async refund(o: PlacedOrder, ctx: RequestContext, refund: Refund) {
    const outcome = await this.send(billing.RefundCapture, o, ctx, { accountId: o.accountId, reservationId: o.reservationId, ...refund });
    if (!outcome.ok) throw new LedgerStepError(`RefundCapture for order ${o.orderId}: ${outcome.error.code} ${outcome.error.message}`);
  }

  /**
   * Asks the ledger to settle the reservation as `target`. A reservation already settled (the ledger refuses a repeat
   * with RESERVATION_ALREADY_CAPTURED or _RELEASED) answers how it was settled, which may not be `target`: an operator
   * can capture or release a reservation at the ledger before the order gets there, and the ledger's word stands.
   */
  private async settle<T extends Settled | 'quarantined'>(
    spec: Parameters<OrderCharges['send']>[0],
    o: PlacedOrder,
    ctx: RequestContext,
    data: Record<string, unknown>,
    target: T,
  ): Promise<T | Settled> {
    const outcome = await this.send(spec, o, ctx, data);
    if (outcome.ok) return target;
    if (outcome.error.code === codes.reservationCaptured) return 'captured';
    if (outcome.error.code === codes.reservationReleased) return 'released';
    throw new LedgerStepError(`${spec.type} for order ${o.orderId}: ${outcome.error.code} ${outcome.error.message}`);
  }

  private send(
    spec:
      | typeof billing.ReserveCredits
      | typeof billing.CaptureCredits
      | typeof billing.ReleaseCredits
      | typeof billing.QuarantineReservation
      | typeof billing.RefundCapture,
    o: PlacedOrder,
    ctx: RequestContext,
    data: Record<string, unknown>,
  ) {
    return this.rpc.request(spec as typeof billing.CaptureCredits, this.topics.commands('billing-ledger'), o.accountId, data as never, ctx, {
      timeoutMs: this.timeoutMs,
    });
  }
}

/** What the caller is told when the ledger refuses an order's charges. */
const refusalMessage = (code: string, ledgerMessage: string) => {
  switch (code) {
    case billing.ledgerErrorCodes.orderingNotEnabled:
      return 'Official copy ordering is not enabled for this account; ask us to enable it. Nothing was charged.';
    case billing.ledgerErrorCodes.accountHeld:
      return 'This account is on hold and cannot order official copies. Nothing was charged.';
    case billing.ledgerErrorCodes.accountInDebt:
      return `This account is in debt and cannot order official copies until it is repaid (${ledgerMessage}). Nothing was charged.`;
    case billing.ledgerErrorCodes.insufficientPurchaseBalance:
      return `Not enough Purchase Balance for this order (${ledgerMessage}); top it up and order again with a new Idempotency-Key. Nothing was charged.`;
    case billing.ledgerErrorCodes.insufficientCredits:
      return `Not enough credits for this order (${ledgerMessage}). Nothing was charged.`;
    default:
      return `${ledgerMessage}. Nothing was charged.`;
  }
};
