import { pricing, TitleOrder } from '@pds/contracts';
import { decideInTurn, deciderTests } from '@pds/service-runtime';
import { orderDecider, type OrderCommand } from './decide';
import { orderIdFor, requestHashOf } from './identifiers';
import { nextStep } from './next-step';
import { initialState, type OrderEvent, type PlacedOrder } from './order';
import { titleOrderView } from './view';

const given = deciderTests.given(orderDecider);

const at = '2026-11-23T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();

const request = (documentType: pricing.DocumentType, extractRegisterText: boolean): OrderCommand => ({
  type: 'RequestOrder',
  terms: {
    orderId: 'ord_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    accountId: 'acc_12345678',
    idempotencyKey: 'key-00000001',
    requestHash: 'h',
    titleNumber: 'BK509231',
    documentType,
    extractRegisterText,
    backdatedCopyConfirmed: false,
    cost: pricing.priceOf(documentType, extractRegisterText),
    reservationId: 'rsv_ord_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    requestedAt: at,
  },
  documents: pricing.pdfsOf(documentType).map((type) => ({ type, documentId: `doc_${type}` })),
});

interface Run {
  state: PlacedOrder;
  /** The types of the events these commands decided. */
  types: string[];
  /** Every event of the order so far, for `given`. */
  history: OrderEvent[];
}
/** Applies each command in turn, as the driver records them, after the run `before` (if any). */
const run = (commands: OrderCommand[], before?: Run): Run => {
  const { events, state } = decideInTurn(orderDecider, commands, before?.state ?? initialState());
  return { state: state as PlacedOrder, types: events.map((e) => e.type), history: [...(before?.history ?? []), ...events] };
};

const reserved: OrderCommand = { type: 'RecordReservation', outcome: { ok: true }, now: at, nextOpening: null };
const started: OrderCommand = { type: 'StartSubmission', now: later(1) };
const accepted: OrderCommand = { type: 'RecordSubmission', outcome: { kind: 'accepted', registryReference: 'HMLR-1' }, now: later(1) };
const captured: OrderCommand = { type: 'RecordCapture', now: later(1) };
const delivered = (types: pricing.PdfKind[]): OrderCommand => ({
  type: 'RecordDelivery',
  documents: types.map((type) => ({ type, documentId: `doc_${type}`, sha256: 'x', sizeBytes: 10 })),
  now: later(2),
});

describe('prices (spec: 7 GBP and 50 credits per PDF, 100 credits for extraction)', () => {
  it('adds up per PDF and for extraction', () => {
    expect(pricing.priceOf('register', false)).toEqual({
      registryPence: 300,
      servicePence: 400,
      totalPence: 700,
      documentCredits: 50,
      extractionCredits: 0,
      totalCredits: 50,
    });
    expect(pricing.priceOf('plan', false).totalPence).toBe(700);
    expect(pricing.priceOf('both', true)).toEqual({
      registryPence: 600,
      servicePence: 800,
      totalPence: 1400,
      documentCredits: 100,
      extractionCredits: 100,
      totalCredits: 200,
    });
  });
});

describe('order identity', () => {
  it('is one order per account and key, in the public id format', () => {
    const id = orderIdFor('acc_12345678', 'key-00000001');
    expect(id).toMatch(/^ord_[a-z2-7]{26}$/);
    expect(orderIdFor('acc_12345678', 'key-00000001')).toBe(id);
    expect(orderIdFor('acc_87654321', 'key-00000001')).not.toBe(id);
    expect(orderIdFor('acc_12345678', 'key-00000002')).not.toBe(id);
  });

  it('tells a retried request from a different one under the same key', () => {
    const body = {
      titleNumber: 'BK509231',
      documentType: 'register' as const,
      extractRegisterText: false,
      purchaseAuthorisation: { maximumChargePence: 700 as const },
      backdatedCopyConfirmed: false,
    };
    expect(requestHashOf(body)).toBe(requestHashOf({ ...body, titleNumber: 'bk509231' }));
    expect(requestHashOf(body)).not.toBe(requestHashOf({ ...body, extractRegisterText: true }));
  });
});

describe('the order state machine', () => {
  it('goes from request to completion with extraction, capturing at registry acceptance', () => {
    const placed = run([request('register', true)]);
    expect(placed.state.status).toBe('reserving');
    expect(nextStep(placed.state, new Date(at))).toEqual({ kind: 'reserve' });

    const sent = run([reserved, started], placed);
    expect(sent.state).toMatchObject({
      status: 'submitting',
      submissionInFlight: true,
      payment: { charges: 'reserved', extraction: 'reserved' },
    });
    // The submission is its starter's for 20 s (another instance sweeping must not ask the registry while the call is
    // on its way); after that, as after a crash mid-submission, the driver asks the registry before submitting again.
    const startedMs = Date.parse(later(1));
    expect(nextStep(sent.state, new Date(at))).toEqual({ kind: 'wait', until: new Date(startedMs + 20_000).toISOString() });
    expect(nextStep(sent.state, new Date(startedMs + 19_999))).toEqual({ kind: 'wait', until: new Date(startedMs + 20_000).toISOString() });
    expect(nextStep(sent.state, new Date(startedMs + 20_000))).toEqual({ kind: 'check_submission' });

    const withRegistry = run([accepted], sent);
    expect(withRegistry.state.status).toBe('with_registry');
    expect(nextStep(withRegistry.state, new Date(at))).toEqual({ kind: 'capture' });

    const paid = run([captured], withRegistry);
    expect(paid.state.payment).toEqual({ charges: 'captured', extraction: 'captured' });
    expect(nextStep(paid.state, new Date(at))).toEqual({ kind: 'poll' });

    const arrived = run([delivered(['register'])], paid);
    expect(arrived.types).toEqual(['DocumentsDelivered']);
    expect(arrived.state.status).toBe('extracting');
    expect(nextStep(arrived.state, new Date(at))).toEqual({ kind: 'extract' });
    expect(titleOrderView(arrived.state).documents[0]?.extraction.status).toBe('processing');

    const data = { title: null, parties: [], rightsAndBurdens: [], referredDocuments: [], enquiries: [], warnings: [] };
    const done = run(
      [{ type: 'RecordExtraction', documentId: 'doc_register', result: { ok: true, text: 'Title number BK509231', data }, now: later(3) }],
      arrived,
    );
    expect(done.types).toEqual(['ExtractionSucceeded', 'OrderCompleted']);
    expect(nextStep(done.state, new Date(at))).toEqual({ kind: 'none' });

    const view = TitleOrder.parse(titleOrderView(done.state));
    expect(view).toMatchObject({
      status: 'completed',
      completedAt: later(3),
      cost: {
        totalPence: 700,
        totalCredits: 150,
        paymentStatus: 'captured',
        documentCreditPaymentStatus: 'captured',
        extractionPaymentStatus: 'captured',
      },
    });
    expect(view.documents).toEqual([
      {
        type: 'register',
        status: 'available',
        textStatus: 'ready',
        downloadUrl: '/api/v1/land-registry/title-orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa/documents/doc_register',
        textUrl: '/api/v1/land-registry/title-orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa/documents/doc_register/text',
        extraction: { status: 'ready', text: 'Title number BK509231', data },
      },
    ]);
  });

  it('completes without extraction as soon as both documents arrive', () => {
    const { state, types } = run([request('both', false), reserved, started, accepted, captured, delivered(['register', 'plan'])]);
    expect(types.slice(-2)).toEqual(['DocumentsDelivered', 'OrderCompleted']);
    expect(state.documents.every((d) => d.delivered)).toBe(true);
    expect(titleOrderView(state).cost.extractionPaymentStatus).toBe('not_applicable');
  });

  it('queues an order placed outside opening hours and submits it at the opening', () => {
    const opening = '2026-11-24T06:30:00+00:00';
    const queued = run([
      request('register', false),
      { type: 'RecordReservation', outcome: { ok: true }, now: '2026-11-23T23:30:00.000Z', nextOpening: opening },
    ]);
    const { state } = queued;
    expect(state).toMatchObject({ status: 'waiting_for_registry', retryAfter: opening, payment: { charges: 'reserved' } });
    expect(nextStep(state, new Date('2026-11-24T06:29:59Z'))).toEqual({ kind: 'wait', until: opening });
    expect(nextStep(state, new Date('2026-11-24T06:30:00Z'))).toEqual({ kind: 'submit' });
    expect(run([{ type: 'StartSubmission', now: '2026-11-24T06:30:00.000Z' }], queued).state).toMatchObject({
      status: 'submitting',
      retryAfter: null,
      submissionAttempts: 1,
    });
  });

  it('records a ledger refusal as a rejected order with nothing to settle', () => {
    const { state } = run([
      request('register', false),
      { type: 'RecordReservation', outcome: { ok: false, code: 'ACCOUNT_HELD', message: 'held' }, now: at, nextOpening: null },
    ]);
    expect(state).toMatchObject({ status: 'rejected', error: { code: 'ACCOUNT_HELD', message: 'held' } });
    expect(nextStep(state, new Date(at))).toEqual({ kind: 'none' });
    expect(titleOrderView(state)).toMatchObject({ cost: { paymentStatus: 'not_reserved' }, documents: [{ status: 'failed' }] });
  });

  it('releases everything when the registry refuses the order', () => {
    const failed = run([
      request('both', true),
      reserved,
      started,
      { type: 'RecordSubmission', outcome: { kind: 'rejected', code: 'REGISTRY_REJECTED', message: 'no' }, now: at },
    ]);
    expect(failed.state.status).toBe('failed');
    expect(nextStep(failed.state, new Date(at))).toEqual({ kind: 'release' });
    const released = run([{ type: 'RecordRelease', now: at }], failed);
    expect(released.state.payment).toEqual({ charges: 'released', extraction: 'released' });
    // Settled: the order's end is recorded for subscribers, and then nothing is left to do.
    expect(nextStep(released.state, new Date(at))).toEqual({ kind: 'close' });
    const closed = run([{ type: 'CloseOrder', now: at }], released);
    expect(closed.types).toEqual(['OrderFailed']);
    expect(nextStep(closed.state, new Date(at))).toEqual({ kind: 'none' });
  });

  it('quarantines the charges of a submission with no clear answer, and never captures them by itself', () => {
    const unsure = run([
      request('register', false),
      reserved,
      started,
      { type: 'RecordSubmission', outcome: { kind: 'uncertain', reason: 'socket hang up' }, now: at },
    ]);
    expect(unsure.state).toMatchObject({ status: 'quarantined', error: { code: 'SUBMISSION_UNCERTAIN' } });
    expect(nextStep(unsure.state, new Date(at))).toEqual({ kind: 'quarantine' });
    const held = run([{ type: 'RecordQuarantine', now: at }], unsure);
    expect(held.state.payment.charges).toBe('quarantined');
    expect(nextStep(held.state, new Date(at))).toEqual({ kind: 'none' });
  });

  it('goes back to the queue when the registry has just closed', () => {
    const { state } = run([
      request('register', false),
      reserved,
      started,
      { type: 'RecordSubmission', outcome: { kind: 'closed', opensAt: '2026-11-24T06:30:00+00:00' }, now: at },
    ]);
    expect(state).toMatchObject({ status: 'waiting_for_registry', retryAfter: '2026-11-24T06:30:00+00:00', submissionInFlight: false });
  });

  it('refunds cash and every credit when the registry cannot fulfil an accepted order', () => {
    const failed = run([
      request('register', true),
      reserved,
      started,
      accepted,
      captured,
      { type: 'RecordFulfilmentFailure', code: 'REGISTRY_FULFILMENT_FAILED', message: 'x', now: at },
    ]);
    expect(nextStep(failed.state, new Date(at))).toEqual({ kind: 'refund' });
    const refunded = run([{ type: 'RecordRefund', now: at }], failed);
    expect(refunded.types).toEqual(['ChargesRefunded']);
    given(failed.history)
      .when({ type: 'RecordRefund', now: at })
      .then([{ type: 'ChargesRefunded', data: { credits: 150, pence: 700, at } }]);
    expect(refunded.state.payment).toEqual({ charges: 'refunded', extraction: 'refunded' });
  });

  it('keeps the PDF and refunds only the extraction credits when extraction fails', () => {
    const arrived = run([request('both', true), reserved, started, accepted, captured, delivered(['register', 'plan'])]);
    const failed = run(
      [{ type: 'RecordExtraction', documentId: 'doc_register', result: { ok: false, error: 'no text' }, now: at }],
      arrived,
    );
    expect(nextStep(failed.state, new Date(at))).toEqual({ kind: 'refund_extraction' });
    given(failed.history)
      .when({ type: 'RecordExtractionRefund', now: at })
      .then([
        { type: 'ExtractionRefunded', data: { credits: 100, at } },
        { type: 'OrderCompleted', data: { at } },
      ]);
    const done = run([{ type: 'RecordExtractionRefund', now: at }], failed);
    expect(done.state).toMatchObject({ status: 'completed', payment: { charges: 'captured', extraction: 'refunded' } });
    const view = titleOrderView(done.state);
    expect(view.documents.map((d) => [d.type, d.status, d.textStatus, d.extraction.status])).toEqual([
      ['register', 'available', 'failed', 'failed'],
      ['plan', 'available', 'not_requested', 'not_applicable'],
    ]);
  });

  it('decides nothing new for a repeated or out-of-place step', () => {
    const paid = given(run([request('register', false), reserved, started, accepted, captured]).history);
    paid.when(captured).then([]);
    paid.when(request('register', false)).then([]);
    paid.when(reserved).then([]);
    paid.when(accepted).then([]);
    paid.when({ type: 'RecordRelease', now: at }).then([]);
    given([]).when(captured).then([]);
  });
});
