import { pricing, TitleOrder } from '@pds/contracts';
import { deciderTests } from '@pds/service-runtime';
import { orderDecider, submissionLostMessage, type OrderCommand } from './decide';
import { evolve } from './evolve';
import { nextStep } from './next-step';
import { initialState, type OrderEvent, type PlacedOrder } from './order';
import { titleOrderView } from './view';

// Resolving a quarantined order, as given events → command → events. Prices by hand from the spec: one register is
// 700 pence and 50 credits, and extraction 100 credits more, so a register with extraction holds 700 p and 150 credits.

const orderId = 'ord_aaaaaaaaaaaaaaaaaaaaaaaaaa';
const t0 = '2026-11-23T10:00:00.000Z';
const t1 = '2026-11-23T10:00:01.000Z';
const t2 = '2026-11-23T10:30:00.000Z';
const t3 = '2026-11-23T10:30:05.000Z';
const now = new Date(t3);

const requested: OrderEvent = {
  type: 'OrderRequested',
  data: {
    orderId,
    accountId: 'acc_12345678',
    idempotencyKey: 'key-00000001',
    requestHash: 'h',
    titleNumber: 'NGL918273',
    documentType: 'register',
    extractRegisterText: true,
    backdatedCopyConfirmed: false,
    documents: [{ type: 'register', documentId: 'doc_register' }],
    cost: pricing.priceOf('register', true),
    reservationId: `rsv_${orderId}`,
    requestedAt: t0,
  },
};

/** Placed, reserved, submitted, no clear answer, held at the ledger: where every resolution starts. */
const quarantined: OrderEvent[] = [
  requested,
  { type: 'ChargesReserved', data: { at: t0 } },
  { type: 'SubmissionStarted', data: { attempt: 1, at: t1 } },
  { type: 'SubmissionUncertain', data: { reason: 'no answer: UND_ERR_SOCKET', at: t1 } },
  { type: 'ChargesQuarantined', data: { at: t1 } },
];

const fold = (events: OrderEvent[]) => events.reduce(evolve, initialState()) as PlacedOrder;

const spec = deciderTests.given(orderDecider);
/** given(events).when(command) → the events decided, the history they extend, and the state after them. */
const given = (events: OrderEvent[]) => ({
  when: (command: OrderCommand) => {
    const { events: decided, state } = spec(events).when(command).result();
    return { decided, history: [...events, ...decided], state: state as PlacedOrder };
  },
});

const resolve = (finding: Extract<OrderCommand, { type: 'ResolveQuarantine' }>['finding']): OrderCommand => ({
  type: 'ResolveQuarantine',
  finding,
  now: t2,
});
const capture: OrderCommand = { type: 'RecordCapture', now: t3 };
const release: OrderCommand = { type: 'RecordRelease', now: t3 };
const refund: OrderCommand = { type: 'RecordRefund', now: t3 };
const close: OrderCommand = { type: 'CloseOrder', now: t3 };
const settledAtLedger = (outcome: 'captured' | 'released'): OrderCommand => ({ type: 'RecordSettledAtLedger', outcome, now: t3 });
const delivered: OrderCommand = {
  type: 'RecordDelivery',
  documents: [{ type: 'register', documentId: 'doc_register', sha256: 'x', sizeBytes: 10 }],
  now: t3,
};

describe('a quarantined order', () => {
  it('waits for an operator, its charges held', () => {
    const state = fold(quarantined);
    expect(state).toMatchObject({
      status: 'quarantined',
      payment: { charges: 'quarantined', extraction: 'quarantined' },
      resolution: null,
    });
    expect(nextStep(state, now)).toEqual({ kind: 'none' });
  });
});

describe('resolving a quarantined order the registry holds', () => {
  it('confirms the submission, captures, then goes on as any accepted order to completion', () => {
    const confirmed = given(quarantined).when(resolve({ kind: 'accepted', registryReference: 'OC-0000007' }));
    expect(confirmed.decided).toEqual([{ type: 'SubmissionConfirmed', data: { registryReference: 'OC-0000007', at: t2 } }]);
    expect(confirmed.state).toMatchObject({
      status: 'with_registry',
      registryReference: 'OC-0000007',
      error: null,
      payment: { charges: 'quarantined', extraction: 'quarantined' },
      resolution: { finding: 'accepted', registryReference: 'OC-0000007', resolvedAt: t2 },
    });
    // Money first: the quarantined reservation is captured before the registry is polled.
    expect(nextStep(confirmed.state, now)).toEqual({ kind: 'capture' });

    const paid = given(confirmed.history).when(capture);
    expect(paid.decided).toEqual([{ type: 'ChargesCaptured', data: { at: t3 } }]);
    expect(paid.state.payment).toEqual({ charges: 'captured', extraction: 'captured' });
    expect(nextStep(paid.state, now)).toEqual({ kind: 'poll' });

    const arrived = given(paid.history).when(delivered);
    expect(arrived.decided.map((e) => e.type)).toEqual(['DocumentsDelivered']);
    expect(nextStep(arrived.state, now)).toEqual({ kind: 'extract' });
    const data = { title: null, parties: [], rightsAndBurdens: [], referredDocuments: [], enquiries: [], warnings: [] };
    const done = given(arrived.history).when({
      type: 'RecordExtraction',
      documentId: 'doc_register',
      result: { ok: true, text: 'NGL918273', data },
      now: t3,
    });
    expect(done.decided.map((e) => e.type)).toEqual(['ExtractionSucceeded', 'OrderCompleted']);
    expect(TitleOrder.parse(titleOrderView(done.state))).toMatchObject({
      status: 'completed',
      error: null,
      cost: { totalPence: 700, totalCredits: 150, paymentStatus: 'captured', extractionPaymentStatus: 'captured' },
      documents: [{ status: 'available', textStatus: 'ready' }],
    });
  });

  it('captures and refunds everything when the registry accepted it and could not fulfil it', () => {
    const failed = given(quarantined).when(
      resolve({ kind: 'failed', registryReference: 'OC-0000008', code: 'REGISTRY_FULFILMENT_FAILED', message: 'no copy' }),
    );
    expect(failed.decided).toEqual([
      { type: 'SubmissionConfirmed', data: { registryReference: 'OC-0000008', at: t2 } },
      { type: 'FulfilmentFailed', data: { code: 'REGISTRY_FULFILMENT_FAILED', message: 'no copy', at: t2 } },
    ]);
    expect(failed.state).toMatchObject({ status: 'failed', fulfilmentFailed: true, error: { code: 'REGISTRY_FULFILMENT_FAILED' } });
    expect(nextStep(failed.state, now)).toEqual({ kind: 'capture' });
    const paid = given(failed.history).when(capture);
    expect(nextStep(paid.state, now)).toEqual({ kind: 'refund' });
    const refunded = given(paid.history).when(refund);
    expect(refunded.decided).toEqual([{ type: 'ChargesRefunded', data: { credits: 150, pence: 700, at: t3 } }]);
    expect(refunded.state.payment).toEqual({ charges: 'refunded', extraction: 'refunded' });
    expect(nextStep(refunded.state, now)).toEqual({ kind: 'close' });
    const closed = given(refunded.history).when(close);
    expect(closed.decided).toEqual([
      { type: 'OrderFailed', data: { accountId: 'acc_12345678', code: 'REGISTRY_FULFILMENT_FAILED', message: 'no copy', at: t3 } },
    ]);
    expect(nextStep(closed.state, now)).toEqual({ kind: 'none' });
  });

  it('captures a reservation the driver had not yet quarantined at the ledger', () => {
    const notYetHeld = quarantined.slice(0, -1);
    expect(nextStep(fold(notYetHeld), now)).toEqual({ kind: 'quarantine' });
    const confirmed = given(notYetHeld).when(resolve({ kind: 'accepted', registryReference: 'OC-0000009' }));
    expect(confirmed.state.payment.charges).toBe('reserved');
    expect(nextStep(confirmed.state, now)).toEqual({ kind: 'capture' });
  });
});

describe('resolving a quarantined order the registry never received', () => {
  it('fails the order with a clear error and releases cash and credits', () => {
    const lost = given(quarantined).when(resolve({ kind: 'not_found' }));
    expect(lost.decided).toEqual([
      { type: 'SubmissionLost', data: { code: 'SUBMISSION_NOT_RECEIVED', message: submissionLostMessage, at: t2 } },
    ]);
    expect(lost.state).toMatchObject({
      status: 'failed',
      registryReference: null,
      error: { code: 'SUBMISSION_NOT_RECEIVED', message: submissionLostMessage },
      resolution: { finding: 'never_received', registryReference: null, resolvedAt: t2 },
    });
    expect(nextStep(lost.state, now)).toEqual({ kind: 'release' });
    const released = given(lost.history).when(release);
    expect(released.decided).toEqual([{ type: 'ChargesReleased', data: { at: t3 } }]);
    expect(nextStep(released.state, now)).toEqual({ kind: 'close' });
    expect(given(released.history).when(close).decided).toEqual([
      { type: 'OrderFailed', data: { accountId: 'acc_12345678', code: 'SUBMISSION_NOT_RECEIVED', message: submissionLostMessage, at: t3 } },
    ]);
    expect(titleOrderView(released.state)).toMatchObject({
      status: 'failed',
      cost: { paymentStatus: 'released', documentCreditPaymentStatus: 'released', extractionPaymentStatus: 'released' },
      documents: [{ status: 'failed', textStatus: 'failed' }],
    });
  });
});

describe('a resolution is recorded once', () => {
  it('decides nothing on a repeat, or for an order that is not quarantined', () => {
    const lost = given(quarantined).when(resolve({ kind: 'not_found' }));
    spec(lost.history)
      .when(resolve({ kind: 'not_found' }))
      .then([]);
    spec(lost.history)
      .when(resolve({ kind: 'accepted', registryReference: 'OC-1' }))
      .then([]);
    const confirmed = given(quarantined).when(resolve({ kind: 'accepted', registryReference: 'OC-1' }));
    spec(confirmed.history)
      .when(resolve({ kind: 'not_found' }))
      .then([]);
    const accepted: OrderEvent[] = [
      ...quarantined.slice(0, 3),
      { type: 'AcceptedByRegistry', data: { registryReference: 'OC-2', at: t1 } },
    ];
    spec(accepted)
      .when(resolve({ kind: 'not_found' }))
      .then([]);
    spec([])
      .when(resolve({ kind: 'not_found' }))
      .then([]);
  });
});

describe('a reservation an operator settled at the ledger first', () => {
  it('captured, and the registry never received the order: the capture is recorded, then refunded in full', () => {
    const lost = given(quarantined).when(resolve({ kind: 'not_found' }));
    // The driver's release meets RESERVATION_ALREADY_CAPTURED: the ledger's word stands.
    const taken = given(lost.history).when(settledAtLedger('captured'));
    expect(taken.decided).toEqual([{ type: 'ChargesCaptured', data: { at: t3 } }]);
    expect(nextStep(taken.state, now)).toEqual({ kind: 'refund' });
    const refunded = given(taken.history).when(refund);
    expect(refunded.decided).toEqual([{ type: 'ChargesRefunded', data: { credits: 150, pence: 700, at: t3 } }]);
    expect(titleOrderView(refunded.state)).toMatchObject({
      status: 'failed',
      cost: { paymentStatus: 'refunded', extractionPaymentStatus: 'refunded' },
    });
  });

  it('released, and the registry holds the order: the release stands and the copies are delivered without charge', () => {
    const confirmed = given(quarantined).when(resolve({ kind: 'accepted', registryReference: 'OC-0000010' }));
    // The driver's capture meets RESERVATION_ALREADY_RELEASED.
    const givenBack = given(confirmed.history).when(settledAtLedger('released'));
    expect(givenBack.decided).toEqual([{ type: 'ChargesReleased', data: { at: t3 } }]);
    expect(nextStep(givenBack.state, now)).toEqual({ kind: 'poll' });
    const arrived = given(givenBack.history).when(delivered);
    expect(arrived.decided.map((e) => e.type)).toEqual(['DocumentsDelivered']);
    // Extraction credits never taken: a failed extraction has nothing to refund and ends the order.
    const done = given(arrived.history).when({
      type: 'RecordExtraction',
      documentId: 'doc_register',
      result: { ok: false, error: 'no text' },
      now: t3,
    });
    expect(done.decided.map((e) => e.type)).toEqual(['ExtractionFailed', 'OrderCompleted']);
    expect(nextStep(done.state, now)).toEqual({ kind: 'none' });
    expect(titleOrderView(done.state)).toMatchObject({
      status: 'completed',
      cost: { paymentStatus: 'released', extractionPaymentStatus: 'released' },
    });
  });

  it('settled before the driver quarantined it: the order records the settlement and still waits for its resolution', () => {
    const notYetHeld = quarantined.slice(0, -1);
    const taken = given(notYetHeld).when(settledAtLedger('captured'));
    expect(taken.decided).toEqual([{ type: 'ChargesCaptured', data: { at: t3 } }]);
    expect(taken.state).toMatchObject({ status: 'quarantined', payment: { charges: 'captured' } });
    expect(nextStep(taken.state, now)).toEqual({ kind: 'none' });
    const confirmed = given(taken.history).when(resolve({ kind: 'accepted', registryReference: 'OC-0000011' }));
    expect(nextStep(confirmed.state, now)).toEqual({ kind: 'poll' });
  });

  it('records a settlement only while the charges are held', () => {
    const lost = given(quarantined).when(resolve({ kind: 'not_found' }));
    const released = given(lost.history).when(release);
    spec(released.history).when(settledAtLedger('captured')).then([]);
    spec(released.history).when(settledAtLedger('released')).then([]);
  });
});
