import type { OrderStatus, PaymentStatus } from '@pds/contracts';
import { EventCannotApply, unhandledEvent } from '@pds/service-runtime';
import type { Order, OrderEvent, PlacedOrder } from './order';
import { failedOrderSettled, isPlaced } from './order';

type Of<T extends OrderEvent['type']> = Extract<OrderEvent, { type: T }>;

// Each event needs the order in the state decide saw when it recorded it; an event that finds anything else cannot
// apply (see EventCannotApply), and throws instead of moving the order somewhere its history does not lead.
const need = (condition: boolean, event: OrderEvent, why: string) => {
  if (!condition) throw new EventCannotApply(event.type, why);
};
const inStatus = (s: PlacedOrder, event: OrderEvent, ...statuses: OrderStatus[]) =>
  need(statuses.includes(s.status), event, `the order is ${s.status}, not ${statuses.join(' or ')}`);
const chargesAre = (s: PlacedOrder, event: OrderEvent, status: PaymentStatus) =>
  need(s.payment.charges === status, event, `its charges are ${s.payment.charges}, not ${status}`);
const submissionInFlight = (s: PlacedOrder, event: OrderEvent) =>
  need(s.status === 'submitting' && s.submissionInFlight, event, `no submission is in flight (the order is ${s.status})`);
/** Reserved or quarantined at the ledger: held, neither taken nor given back (decide's `held`). */
const chargesHeld = (s: PlacedOrder, event: OrderEvent) =>
  need(s.payment.charges === 'reserved' || s.payment.charges === 'quarantined', event, `its charges are ${s.payment.charges}, not held`);
const extractionIs = (s: PlacedOrder, event: OrderEvent, status: 'pending' | 'failed') =>
  need(s.extraction?.status === status, event, `its extraction is ${s.extraction?.status ?? 'not requested'}, not ${status}`);

/** Cash and document credits move together, and extraction credits with them unless the order has none. */
const paymentTo = (s: PlacedOrder, to: PaymentStatus): PlacedOrder['payment'] => ({
  charges: to,
  extraction: s.payment.extraction === 'not_applicable' ? s.payment.extraction : to,
});

const requested = (event: Of<'OrderRequested'>): PlacedOrder => {
  const d = event.data;
  return {
    orderId: d.orderId,
    accountId: d.accountId,
    idempotencyKey: d.idempotencyKey,
    requestHash: d.requestHash,
    titleNumber: d.titleNumber,
    documentType: d.documentType,
    extractRegisterText: d.extractRegisterText,
    backdatedCopyConfirmed: d.backdatedCopyConfirmed,
    cost: d.cost,
    reservationId: d.reservationId,
    requestedAt: d.requestedAt,
    status: 'reserving',
    documents: d.documents.map((doc) => ({ ...doc, delivered: false })),
    payment: { charges: 'not_reserved', extraction: d.extractRegisterText ? 'not_reserved' : 'not_applicable' },
    retryAfter: null,
    submissionAttempts: 0,
    submissionInFlight: false,
    submissionStartedAt: null,
    registryReference: null,
    fulfilmentFailed: false,
    extraction: d.extractRegisterText ? { status: 'pending' } : null,
    registerSummary: null,
    error: null,
    completedAt: null,
    closedAt: null,
    resolution: null,
  };
};

/**
 * Documents arrive for an order that asked for them: a delivery of a document it never had cannot be recorded. The
 * charges are captured, or released when an operator gave them back at the ledger before the registry's acceptance
 * was known (the copies are then delivered without charge).
 */
const deliver = (s: PlacedOrder, event: Of<'DocumentsDelivered'>): PlacedOrder => {
  inStatus(s, event, 'with_registry');
  need(
    s.payment.charges === 'captured' || s.payment.charges === 'released',
    event,
    `its charges are ${s.payment.charges}, not captured or released`,
  );
  const ordered = new Set(s.documents.map((d) => d.documentId));
  const unknown = event.data.documents.filter((d) => !ordered.has(d.documentId)).map((d) => d.documentId);
  need(unknown.length === 0, event, `the order has no document ${unknown.join(', ')}`);
  const delivered = new Set(event.data.documents.map((d) => d.documentId));
  return {
    ...s,
    status: s.extractRegisterText ? 'extracting' : s.status,
    documents: s.documents.map((d) => (delivered.has(d.documentId) ? { ...d, delivered: true } : d)),
    registerSummary: event.data.registerSummary ?? null,
  };
};

/** A failed order's captured charges come back, and only as much as the order cost. */
const refunded = (s: PlacedOrder, event: Of<'ChargesRefunded'>): PlacedOrder => {
  inStatus(s, event, 'failed');
  chargesAre(s, event, 'captured');
  const { credits, pence } = event.data;
  const { totalCredits, totalPence } = s.cost;
  const [says, cost] = [`${credits} credits and ${pence} pence`, `${totalCredits} credits and ${totalPence} pence`];
  need(credits === totalCredits && pence === totalPence, event, `it refunds ${says} of an order that cost ${cost}`);
  return { ...s, payment: paymentTo(s, 'refunded') };
};

const evolvePlaced = (s: PlacedOrder, event: Exclude<OrderEvent, Of<'OrderRequested'>>): PlacedOrder => {
  const payment = (to: PaymentStatus) => paymentTo(s, to);
  switch (event.type) {
    case 'ChargesReserved':
      inStatus(s, event, 'reserving');
      return { ...s, status: 'submitting', payment: payment('reserved') };
    case 'ChargesRefused':
      inStatus(s, event, 'reserving');
      return { ...s, status: 'rejected', error: { code: event.data.code, message: event.data.message } };
    case 'OrderQueued':
      inStatus(s, event, 'submitting', 'waiting_for_registry');
      return { ...s, status: 'waiting_for_registry', retryAfter: event.data.retryAfter, submissionInFlight: false };
    case 'SubmissionStarted':
      inStatus(s, event, 'submitting', 'waiting_for_registry');
      return {
        ...s,
        status: 'submitting',
        retryAfter: null,
        submissionAttempts: event.data.attempt,
        submissionInFlight: true,
        submissionStartedAt: event.data.at,
      };
    case 'AcceptedByRegistry':
      submissionInFlight(s, event);
      return { ...s, status: 'with_registry', submissionInFlight: false, registryReference: event.data.registryReference };
    case 'RejectedByRegistry':
      submissionInFlight(s, event);
      return { ...s, status: 'failed', submissionInFlight: false, error: { code: event.data.code, message: event.data.message } };
    case 'SubmissionUncertain':
      submissionInFlight(s, event);
      return {
        ...s,
        status: 'quarantined',
        submissionInFlight: false,
        error: {
          code: 'SUBMISSION_UNCERTAIN',
          message: `The registry did not confirm the submission (${event.data.reason}); the charges are held until it is resolved.`,
        },
      };
    case 'SubmissionConfirmed': {
      inStatus(s, event, 'quarantined');
      const { registryReference, at } = event.data;
      const resolution = { finding: 'accepted' as const, registryReference, resolvedAt: at };
      return { ...s, status: 'with_registry', registryReference, error: null, resolution };
    }
    case 'SubmissionLost':
      inStatus(s, event, 'quarantined');
      return {
        ...s,
        status: 'failed',
        error: { code: event.data.code, message: event.data.message },
        resolution: { finding: 'never_received', registryReference: null, resolvedAt: event.data.at },
      };
    // Captured when the registry accepts, released when it clearly did not; either may also be recorded as an
    // operator settled it at the ledger first (whose word stands), so only that the charges were held is required.
    case 'ChargesCaptured':
      chargesHeld(s, event);
      return { ...s, payment: payment('captured') };
    case 'ChargesReleased':
      chargesHeld(s, event);
      return { ...s, payment: payment('released') };
    case 'ChargesQuarantined':
      inStatus(s, event, 'quarantined');
      chargesAre(s, event, 'reserved');
      return { ...s, payment: payment('quarantined') };
    case 'DocumentsDelivered':
      return deliver(s, event);
    case 'FulfilmentFailed':
      inStatus(s, event, 'with_registry');
      return { ...s, status: 'failed', fulfilmentFailed: true, error: { code: event.data.code, message: event.data.message } };
    case 'ChargesRefunded':
      return refunded(s, event);
    case 'ExtractionSucceeded':
      inStatus(s, event, 'extracting');
      extractionIs(s, event, 'pending');
      return { ...s, extraction: { status: 'ready', text: event.data.text, data: event.data.data } };
    case 'ExtractionFailed':
      inStatus(s, event, 'extracting');
      extractionIs(s, event, 'pending');
      return { ...s, extraction: { status: 'failed', error: event.data.error } };
    case 'ExtractionRefunded': {
      extractionIs(s, event, 'failed');
      need(s.payment.extraction === 'captured', event, `its extraction credits are ${s.payment.extraction}, not captured`);
      const { credits } = event.data;
      need(credits === s.cost.extractionCredits, event, `it refunds ${credits} extraction credits of ${s.cost.extractionCredits}`);
      return { ...s, payment: { ...s.payment, extraction: 'refunded' } };
    }
    case 'OrderCompleted':
      inStatus(s, event, 'with_registry', 'extracting');
      return { ...s, status: 'completed', completedAt: event.data.at };
    case 'OrderFailed':
      inStatus(s, event, 'failed');
      need(failedOrderSettled(s), event, `its charges are ${s.payment.charges} and extraction ${s.payment.extraction}, not settled`);
      need(s.closedAt === null, event, `the order was already closed at ${s.closedAt}`);
      need(event.data.accountId === s.accountId, event, `it names account ${event.data.accountId}, not ${s.accountId}`);
      return { ...s, closedAt: event.data.at };
    default:
      // Reached by no event type of the union: one added without a case here makes `event` not `never`, and this
      // line stops compiling.
      return unhandledEvent(event);
  }
};

/**
 * What an event did to the order. Every event decide records applies to the order it was decided for; one that does
 * not (anything before `OrderRequested`, a capture of charges never reserved, a second request) throws
 * `EventCannotApply` rather than being skipped.
 */
export const evolve = (state: Order, event: OrderEvent): Order => {
  if (event.type === 'OrderRequested') {
    if (isPlaced(state)) throw new EventCannotApply(event.type, `order ${state.orderId} was already requested`);
    return requested(event);
  }
  if (!isPlaced(state)) throw new EventCannotApply(event.type, 'the order was never requested');
  return evolvePlaced(state, event);
};
