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

  capture(o: PlacedOrder, ctx: RequestContext) {
    return this.settled(o, 'capture', this.ledger.capture(ctx, o.accountId, o.reservationId), codes.reservationCaptured);
  }

  release(o: PlacedOrder, ctx: RequestContext, reason: string) {
    return this.settled(o, 'release', this.ledger.release(ctx, o.accountId, o.reservationId, reason), codes.reservationReleased);
  }

  quarantine(o: PlacedOrder, ctx: RequestContext, reason: string) {
    return this.settled(o, 'quarantine', this.ledger.quarantine(ctx, o.accountId, o.reservationId, reason));
  }

  refund(o: PlacedOrder, ctx: RequestContext, refund: { refundId: string; amountCredits: number; amountPence: number; reason: string }) {
    return this.settled(o, 'refund', this.ledger.refund(ctx, { accountId: o.accountId, reservationId: o.reservationId, ...refund }));
  }

  /** Done, or already done by a repeat (`alreadyDone`); anything else is for the driver to try again later. */
  private async settled(o: PlacedOrder, step: string, answer: Promise<LedgerOutcome>, alreadyDone?: string): Promise<void> {
    const outcome = await answer;
    if (outcome.ok || outcome.error.code === alreadyDone) return;
    throw new LedgerStepError(`${step} for order ${o.orderId}: ${outcome.error.code} ${outcome.error.message}`);
  }
}

/** What the caller is told when the ledger refuses an order's charges: the shared words, and that nothing was taken. */
const refusalMessage = (code: string, ledgerMessage: string) =>
  `${ledgerRefusals.reservationRefusal({ code, message: ledgerMessage })?.message ?? `${ledgerMessage.replace(/[.\s]*$/, '')}.`} Nothing was charged.`;
