import { billing, ledgerRefusals } from '@pds/contracts';
import type { LedgerClient, LedgerOutcome } from '@pds/ledger-client';
import type { RequestContext } from '@pds/service-runtime';
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
  constructor(private readonly ledger: LedgerClient) {}

  async reserve(o: PlacedOrder, ctx: RequestContext): Promise<ReserveOutcome> {
    const outcome = await this.ledger.reserve(ctx, {
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
    return this.settle(o, 'capture', this.ledger.capture(ctx, o.accountId, o.reservationId), 'captured');
  }

  /** What the ledger now holds: released, or captured when it had already been taken (by an operator). */
  release(o: PlacedOrder, ctx: RequestContext, reason: string): Promise<Settled> {
    return this.settle(o, 'release', this.ledger.release(ctx, o.accountId, o.reservationId, reason), 'released');
  }

  /** What the ledger now holds: quarantined, or captured or released when an operator settled it first. */
  quarantine(o: PlacedOrder, ctx: RequestContext, reason: string): Promise<Settled | 'quarantined'> {
    return this.settle(o, 'quarantine', this.ledger.quarantine(ctx, o.accountId, o.reservationId, reason), 'quarantined');
  }

  async refund(o: PlacedOrder, ctx: RequestContext, refund: Refund) {
    const outcome = await this.ledger.refund(ctx, { accountId: o.accountId, reservationId: o.reservationId, ...refund });
    if (!outcome.ok) throw new LedgerStepError(`refund for order ${o.orderId}: ${outcome.error.code} ${outcome.error.message}`);
  }

  /**
   * The ledger's answer to settling the reservation as `target`. A reservation already settled (the ledger refuses a
   * repeat with RESERVATION_ALREADY_CAPTURED or _RELEASED) answers how it was settled, which may not be `target`: an
   * operator can capture or release a reservation at the ledger before the order gets there, and the ledger's word
   * stands. Anything else is for the driver to try again later.
   */
  private async settle<T extends Settled | 'quarantined'>(
    o: PlacedOrder,
    step: string,
    answer: Promise<LedgerOutcome>,
    target: T,
  ): Promise<T | Settled> {
    const outcome = await answer;
    if (outcome.ok) return target;
    if (outcome.error.code === codes.reservationCaptured) return 'captured';
    if (outcome.error.code === codes.reservationReleased) return 'released';
    throw new LedgerStepError(`${step} for order ${o.orderId}: ${outcome.error.code} ${outcome.error.message}`);
  }
}

/** What the caller is told when the ledger refuses an order's charges: the shared words, and that nothing was taken. */
const refusalMessage = (code: string, ledgerMessage: string) =>
  `${ledgerRefusals.reservationRefusal({ code, message: ledgerMessage })?.message ?? `${ledgerMessage.replace(/[.\s]*$/, '')}.`} Nothing was charged.`;
