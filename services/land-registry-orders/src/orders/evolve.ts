import type { Order, OrderEvent, PlacedOrder } from './order';
import { isPlaced } from './order';

const placed = (state: Order, type: string): PlacedOrder => {
  if (!isPlaced(state)) throw new Error(`${type} on an order that was never requested`);
  return state;
};

export const evolve = (state: Order, event: OrderEvent): Order => {
  if (event.type === 'OrderRequested') {
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
      registryReference: null,
      fulfilmentFailed: false,
      extraction: d.extractRegisterText ? { status: 'pending' } : null,
      error: null,
      completedAt: null,
      resolution: null,
    };
  }
  const s = placed(state, event.type);
  const payment = (to: PlacedOrder['payment']['charges']) => ({
    charges: to,
    extraction: s.payment.extraction === 'not_applicable' ? s.payment.extraction : to,
  });
  switch (event.type) {
    case 'ChargesReserved':
      return { ...s, status: 'submitting', payment: payment('reserved') };
    case 'ChargesRefused':
      return { ...s, status: 'rejected', error: { code: event.data.code, message: event.data.message } };
    case 'OrderQueued':
      return { ...s, status: 'waiting_for_registry', retryAfter: event.data.retryAfter, submissionInFlight: false };
    case 'SubmissionStarted':
      return { ...s, status: 'submitting', retryAfter: null, submissionAttempts: event.data.attempt, submissionInFlight: true };
    case 'AcceptedByRegistry':
      return { ...s, status: 'with_registry', submissionInFlight: false, registryReference: event.data.registryReference };
    case 'RejectedByRegistry':
      return { ...s, status: 'failed', submissionInFlight: false, error: { code: event.data.code, message: event.data.message } };
    case 'SubmissionUncertain':
      return {
        ...s,
        status: 'quarantined',
        submissionInFlight: false,
        error: { code: 'SUBMISSION_UNCERTAIN', message: `The registry did not confirm the submission (${event.data.reason}); the charges are held until it is resolved.` },
      };
    case 'SubmissionConfirmed': {
      const { registryReference, at } = event.data;
      const resolution = { finding: 'accepted' as const, registryReference, resolvedAt: at };
      return { ...s, status: 'with_registry', registryReference, error: null, resolution };
    }
    case 'SubmissionLost':
      return {
        ...s,
        status: 'failed',
        error: { code: event.data.code, message: event.data.message },
        resolution: { finding: 'never_received', registryReference: null, resolvedAt: event.data.at },
      };
    case 'ChargesCaptured':
      return { ...s, payment: payment('captured') };
    case 'ChargesReleased':
      return { ...s, payment: payment('released') };
    case 'ChargesQuarantined':
      return { ...s, payment: payment('quarantined') };
    case 'DocumentsDelivered': {
      const delivered = new Set(event.data.documents.map((d) => d.documentId));
      return {
        ...s,
        status: s.extractRegisterText ? 'extracting' : s.status,
        documents: s.documents.map((d) => (delivered.has(d.documentId) ? { ...d, delivered: true } : d)),
      };
    }
    case 'FulfilmentFailed':
      return { ...s, status: 'failed', fulfilmentFailed: true, error: { code: event.data.code, message: event.data.message } };
    case 'ChargesRefunded':
      return { ...s, payment: payment('refunded') };
    case 'ExtractionSucceeded':
      return { ...s, extraction: { status: 'ready', text: event.data.text, data: event.data.data } };
    case 'ExtractionFailed':
      return { ...s, extraction: { status: 'failed', error: event.data.error } };
    case 'ExtractionRefunded':
      return { ...s, payment: { ...s.payment, extraction: 'refunded' } };
    case 'OrderCompleted':
      return { ...s, status: 'completed', completedAt: event.data.at };
  }
};
