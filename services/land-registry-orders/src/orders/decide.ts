import type { ExtractionData, pricing } from '@pds/contracts';
import type { SubmissionOutcome } from '@pds/land-register';
import type { Decider } from '@pds/service-runtime';
import { evolve } from './evolve';
import type { Order, OrderEvent, OrderTerms, PlacedOrder } from './order';
import { failedOrderSettled, initialState, isPlaced } from './order';

// The order's state machine. Each command is what the order's driver (or the placement) learnt; decide says which
// events that makes. A command that does not fit the order's state decides nothing: a driver retrying after a crash,
// or two drivers racing, repeat what is already recorded, and the repeat must be harmless.

type Problem = { code: string; message: string };

/** What the registry holds for a quarantined order's reference (RegistryGateway.orderState, without the documents). */
export type QuarantineFinding =
  | { kind: 'not_found' }
  | { kind: 'accepted'; registryReference: string }
  /** Accepted, then the registry could not fulfil it. */
  | ({ kind: 'failed'; registryReference: string } & Problem);

/** Reserved or quarantined at the ledger: held, neither taken nor given back. */
const held = (o: PlacedOrder) => o.payment.charges === 'reserved' || o.payment.charges === 'quarantined';

export type OrderCommand =
  | { type: 'RequestOrder'; terms: OrderTerms; documents: Array<{ type: pricing.PdfKind; documentId: string }> }
  | { type: 'RecordReservation'; outcome: { ok: true } | ({ ok: false } & Problem); now: string; nextOpening: string | null }
  | { type: 'QueueForOpening'; retryAfter: string; now: string }
  | { type: 'StartSubmission'; now: string }
  | { type: 'RecordSubmission'; outcome: SubmissionOutcome; now: string }
  | { type: 'RecordCapture'; now: string }
  | { type: 'RecordRelease'; now: string }
  | { type: 'RecordQuarantine'; now: string }
  /** The ledger had already settled the reservation otherwise (an operator did, at the ledger): its word stands. */
  | { type: 'RecordSettledAtLedger'; outcome: 'captured' | 'released'; now: string }
  /** An operator had the registry asked what became of a quarantined order's submission. */
  | { type: 'ResolveQuarantine'; finding: QuarantineFinding; now: string }
  | {
      type: 'RecordDelivery';
      documents: Array<{ type: pricing.PdfKind; documentId: string; sha256: string; sizeBytes: number }>;
      registerSummary?: Record<string, unknown>;
      now: string;
    }
  | ({ type: 'RecordFulfilmentFailure'; now: string } & Problem)
  | { type: 'RecordRefund'; now: string }
  | {
      type: 'RecordExtraction';
      documentId: string;
      result: { ok: true; text: string; data: ExtractionData } | { ok: false; error: string };
      now: string;
    }
  | { type: 'RecordExtractionRefund'; now: string }
  /** A failed order's money is settled: its end is recorded, once. */
  | { type: 'CloseOrder'; now: string };

const onPlaced = (state: Order, decideFor: (o: PlacedOrder) => OrderEvent[]): OrderEvent[] => (isPlaced(state) ? decideFor(state) : []);

export const decide = (command: OrderCommand, state: Order): OrderEvent[] => {
  switch (command.type) {
    case 'RequestOrder':
      if (isPlaced(state)) return [];
      return [{ type: 'OrderRequested', data: { ...command.terms, documents: command.documents } }];
    case 'RecordReservation':
      return onPlaced(state, (o) => {
        if (o.status !== 'reserving') return [];
        const at = command.now;
        if (!command.outcome.ok)
          return [{ type: 'ChargesRefused', data: { code: command.outcome.code, message: command.outcome.message, at } }];
        const reserved: OrderEvent = { type: 'ChargesReserved', data: { at } };
        return command.nextOpening ? [reserved, { type: 'OrderQueued', data: { retryAfter: command.nextOpening, at } }] : [reserved];
      });
    case 'QueueForOpening':
      return onPlaced(state, (o) =>
        (o.status === 'submitting' && !o.submissionInFlight) || (o.status === 'waiting_for_registry' && o.retryAfter !== command.retryAfter)
          ? [{ type: 'OrderQueued', data: { retryAfter: command.retryAfter, at: command.now } }]
          : [],
      );
    case 'StartSubmission':
      return onPlaced(state, (o) =>
        o.status === 'submitting' || o.status === 'waiting_for_registry'
          ? [{ type: 'SubmissionStarted', data: { attempt: o.submissionAttempts + 1, at: command.now } }]
          : [],
      );
    case 'RecordSubmission':
      return onPlaced(state, (o) =>
        o.status === 'submitting' && o.submissionInFlight ? submissionEvents(command.outcome, command.now) : [],
      );
    case 'RecordCapture':
      return onPlaced(state, (o) => (o.registryReference && held(o) ? [{ type: 'ChargesCaptured', data: { at: command.now } }] : []));
    case 'RecordRelease':
      return onPlaced(state, (o) =>
        o.status === 'failed' && !o.fulfilmentFailed && held(o) ? [{ type: 'ChargesReleased', data: { at: command.now } }] : [],
      );
    case 'RecordQuarantine':
      return onPlaced(state, (o) =>
        o.status === 'quarantined' && o.payment.charges === 'reserved' ? [{ type: 'ChargesQuarantined', data: { at: command.now } }] : [],
      );
    case 'RecordSettledAtLedger':
      return onPlaced(state, (o) => {
        if (!held(o)) return [];
        const at = command.now;
        return [command.outcome === 'captured' ? { type: 'ChargesCaptured', data: { at } } : { type: 'ChargesReleased', data: { at } }];
      });
    case 'ResolveQuarantine':
      return onPlaced(state, (o) => (o.status === 'quarantined' ? resolutionEvents(command.finding, command.now) : []));
    case 'RecordDelivery':
      return onPlaced(state, (o) => {
        // Released: the ledger gave the charges back before the registry's acceptance was known; the copies are delivered.
        if (o.status !== 'with_registry' || (o.payment.charges !== 'captured' && o.payment.charges !== 'released')) return [];
        const summary = command.registerSummary ? { registerSummary: command.registerSummary } : {};
        const delivered: OrderEvent = { type: 'DocumentsDelivered', data: { documents: command.documents, ...summary, at: command.now } };
        return o.extractRegisterText ? [delivered] : [delivered, { type: 'OrderCompleted', data: { at: command.now } }];
      });
    case 'RecordFulfilmentFailure':
      return onPlaced(state, (o) =>
        o.status === 'with_registry'
          ? [{ type: 'FulfilmentFailed', data: { code: command.code, message: command.message, at: command.now } }]
          : [],
      );
    case 'RecordRefund':
      return onPlaced(state, (o) =>
        o.status === 'failed' && o.payment.charges === 'captured'
          ? [{ type: 'ChargesRefunded', data: { credits: o.cost.totalCredits, pence: o.cost.totalPence, at: command.now } }]
          : [],
      );
    case 'RecordExtraction':
      return onPlaced(state, (o) => {
        if (o.status !== 'extracting' || o.extraction?.status !== 'pending') return [];
        const { result, documentId, now: at } = command;
        const completed: OrderEvent = { type: 'OrderCompleted', data: { at } };
        if (result.ok) return [{ type: 'ExtractionSucceeded', data: { documentId, text: result.text, data: result.data, at } }, completed];
        const failed: OrderEvent = { type: 'ExtractionFailed', data: { documentId, error: result.error, at } };
        // Extraction credits never taken (released at the ledger) have nothing to refund: the order ends here.
        return o.payment.extraction === 'captured' ? [failed] : [failed, completed];
      });
    case 'RecordExtractionRefund':
      return onPlaced(state, (o) =>
        o.extraction?.status === 'failed' && o.payment.extraction === 'captured'
          ? [
              { type: 'ExtractionRefunded', data: { credits: o.cost.extractionCredits, at: command.now } },
              { type: 'OrderCompleted', data: { at: command.now } },
            ]
          : [],
      );
    case 'CloseOrder':
      return onPlaced(state, (o) => (failedOrderSettled(o) && o.closedAt === null ? [orderFailed(o, command.now)] : []));
  }
};

/** The failed order's end, with the problem it failed on (every way into `failed` records one). */
const orderFailed = (o: PlacedOrder, at: string): OrderEvent => {
  if (!o.error) throw new Error(`failed order ${o.orderId} has no recorded problem`);
  return { type: 'OrderFailed', data: { accountId: o.accountId, code: o.error.code, message: o.error.message, at } };
};

const submissionEvents = (outcome: SubmissionOutcome, at: string): OrderEvent[] => {
  switch (outcome.kind) {
    case 'accepted':
      return [{ type: 'AcceptedByRegistry', data: { registryReference: outcome.registryReference, at } }];
    case 'rejected':
      return [{ type: 'RejectedByRegistry', data: { code: outcome.code, message: outcome.message, at } }];
    case 'closed':
      return [{ type: 'OrderQueued', data: { retryAfter: outcome.opensAt, at } }];
    case 'uncertain':
      return [{ type: 'SubmissionUncertain', data: { reason: outcome.reason, at } }];
  }
};

/** The message of an order whose submission the registry never received. */
export const submissionLostMessage =
  'The registry has no record of this order: the submission never reached it, so nothing was ordered. ' +
  'The cash and credits held for it are given back.';

/**
 * A quarantined order, once the registry has been asked. It holds the order: the order is with the registry, and
 * on as any accepted one (captured first; a registry that could not fulfil it fails it at once, refunded in full, as
 * when a poll learns it). No record: it was never placed, and fails (released).
 */
const resolutionEvents = (finding: QuarantineFinding, at: string): OrderEvent[] => {
  if (finding.kind === 'not_found') {
    return [{ type: 'SubmissionLost', data: { code: 'SUBMISSION_NOT_RECEIVED', message: submissionLostMessage, at } }];
  }
  const confirmed: OrderEvent = { type: 'SubmissionConfirmed', data: { registryReference: finding.registryReference, at } };
  if (finding.kind === 'accepted') return [confirmed];
  return [confirmed, { type: 'FulfilmentFailed', data: { code: finding.code, message: finding.message, at } }];
};

export const orderDecider: Decider<Order, OrderCommand, OrderEvent> = { decide, evolve, initialState };
