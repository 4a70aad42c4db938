import { billing, ledgerRefusals } from '@pds/contracts';
import type { LedgerClient, LedgerOutcome } from '@pds/ledger-client';
import type { RequestContext } from '@pds/service-runtime';
import type { PlacedReport } from './report';

// The report's credits at the billing ledger: one reservation per report, captured once when the document is
// rendered, released if the report fails. Every call is keyed by the reservation, so repeating one after a crash or a
// timeout changes nothing at the ledger.

const { ledgerErrorCodes: codes } = billing;

/** Long enough for a report held up by a slow upstream many times over; a report takes seconds. */
const holdMs = 6 * 3_600_000;

export type Settled = 'captured' | 'released';
export type ReserveOutcome =
  { ok: true; balance: billing.LedgerBalance } | { ok: false; code: string; message: string; balance?: billing.LedgerBalance };

/** A ledger answer the report cannot act on; the driver tries the step again later. */
export class LedgerStepError extends Error {}

export class ReportCharges {
  constructor(private readonly ledger: LedgerClient) {}

  async reserve(r: PlacedReport, ctx: RequestContext): Promise<ReserveOutcome> {
    const outcome = await this.ledger.reserve(ctx, {
      accountId: r.accountId,
      reservationId: r.reservationId,
      amountCredits: r.priceCredits,
      amountPence: 0,
      purpose: 'report',
      expiresInMs: holdMs,
      operation: 'report_create',
      requestId: ctx.requestId ?? r.reportId,
    });
    if (outcome.ok) return { ok: true, balance: outcome.data };
    const refusal = ledgerRefusals.reservationRefusal({ code: outcome.error.code, message: outcome.error.message });
    const message = `${refusal?.message ?? outcome.error.message.replace(/[.\s]*$/, '.')} Nothing was charged.`;
    return { ok: false, code: outcome.error.code, message, balance: outcome.data };
  }

  /** What the ledger now holds: captured, or released when it had been given back first (an operator, or the hold's expiry). */
  capture(r: PlacedReport, ctx: RequestContext): Promise<Settled> {
    return this.settle(r, 'capture', this.ledger.capture(ctx, r.accountId, r.reservationId), 'captured');
  }

  /** What the ledger now holds: released, or captured when an operator took it first. */
  release(r: PlacedReport, ctx: RequestContext, reason: string): Promise<Settled> {
    return this.settle(r, 'release', this.ledger.release(ctx, r.accountId, r.reservationId, reason), 'released');
  }

  /** Gives back what an operator captured of a report that then failed; the refund's own id makes a repeat harmless. */
  async refund(r: PlacedReport, ctx: RequestContext) {
    const outcome = await this.ledger.refund(ctx, {
      accountId: r.accountId,
      reservationId: r.reservationId,
      refundId: `${r.reportId}:failed`,
      amountCredits: r.priceCredits,
      amountPence: 0,
      reason: 'report failed',
    });
    if (!outcome.ok) throw new LedgerStepError(`refund for report ${r.reportId}: ${outcome.error.code} ${outcome.error.message}`);
  }

  private async settle(r: PlacedReport, step: string, answer: Promise<LedgerOutcome>, target: Settled): Promise<Settled> {
    const outcome = await answer;
    if (outcome.ok) return target;
    if (outcome.error.code === codes.reservationCaptured) return 'captured';
    // An expired hold was given back by the ledger: the report is delivered free rather than charged late.
    if (outcome.error.code === codes.reservationReleased || outcome.error.code === codes.reservationExpired) return 'released';
    throw new LedgerStepError(`${step} for report ${r.reportId}: ${outcome.error.code} ${outcome.error.message}`);
  }
}
