import { pricing } from '@pds/contracts';
import { decideInTurn, deciderTests, EventCannotApply } from '@pds/service-runtime';
import { orderDecider, type OrderCommand } from './decide';
import { nextStep } from './next-step';
import { initialState, type OrderEvent, type PlacedOrder } from './order';
import { titleOrderView } from './view';

// A failed order ends in one `OrderFailed`, recorded once its money is settled: given events → command → events.

const given = deciderTests.given(orderDecider);
const orderId = 'ord_cccccccccccccccccccccccccc';
const accountId = 'acc_87654321';
const at = '2026-11-23T10:00:00.000Z';
const closedAt = '2026-11-23T10:05:00.000Z';
const now = new Date(closedAt);

const request: OrderCommand = {
  type: 'RequestOrder',
  terms: {
    orderId,
    accountId,
    idempotencyKey: 'key-00000003',
    requestHash: 'h',
    titleNumber: 'BK509231',
    documentType: 'register',
    extractRegisterText: true,
    backdatedCopyConfirmed: false,
    cost: pricing.priceOf('register', true),
    reservationId: `rsv_${orderId}`,
    requestedAt: at,
  },
  documents: [{ type: 'register', documentId: 'doc_register' }],
};
const reserved: OrderCommand = { type: 'RecordReservation', outcome: { ok: true }, now: at, nextOpening: null };
const started: OrderCommand = { type: 'StartSubmission', now: at };
const close: OrderCommand = { type: 'CloseOrder', now: closedAt };
const historyOf = (...commands: OrderCommand[]) => decideInTurn(orderDecider, commands, initialState()).events;
/** The history, and what the commands then decide. */
const after = (history: OrderEvent[], ...commands: OrderCommand[]) => [
  ...history,
  ...given(history)
    .when(...commands)
    .result().events,
];
const stateOf = (events: OrderEvent[]) => given(events).thenState(() => undefined) as PlacedOrder;

/** Placed, reserved and sent to the registry: where each ending below starts. */
const submitted = historyOf(request, reserved, started);
const refusedByRegistry = after(submitted, {
  type: 'RecordSubmission',
  outcome: { kind: 'rejected', code: 'REGISTRY_REJECTED', message: 'The registry refused the order.' },
  now: at,
});
const failedInFulfilment = after(
  submitted,
  { type: 'RecordSubmission', outcome: { kind: 'accepted', registryReference: 'HMLR-3' }, now: at },
  { type: 'RecordCapture', now: at },
  { type: 'RecordFulfilmentFailure', code: 'REGISTRY_FULFILMENT_FAILED', message: 'No copy could be issued.', now: at },
);
const orderFailed = (code: string, message: string): OrderEvent => ({
  type: 'OrderFailed',
  data: { accountId, code, message, at: closedAt },
});

describe('a failed order ends in one OrderFailed', () => {
  it('closes an order the registry refused once its cash and credits are released, and only then', () => {
    expect(nextStep(stateOf(refusedByRegistry), now)).toEqual({ kind: 'release' });
    given(refusedByRegistry).when(close).then([]);

    const released = after(refusedByRegistry, { type: 'RecordRelease', now: at });
    expect(stateOf(released).payment).toEqual({ charges: 'released', extraction: 'released' });
    expect(nextStep(stateOf(released), now)).toEqual({ kind: 'close' });
    const { state } = given(released)
      .when(close)
      .then([orderFailed('REGISTRY_REJECTED', 'The registry refused the order.')]);
    expect(nextStep(state, now)).toEqual({ kind: 'none' });
    // The order reads as it did before: the event ends it for subscribers, it does not change it.
    expect(titleOrderView(state as PlacedOrder)).toEqual(titleOrderView(stateOf(released)));
  });

  it('does not close an order whose refund is still due, and closes it once refunded', () => {
    expect(stateOf(failedInFulfilment).payment).toEqual({ charges: 'captured', extraction: 'captured' });
    expect(nextStep(stateOf(failedInFulfilment), now)).toEqual({ kind: 'refund' });
    given(failedInFulfilment).when(close).then([]);
    given(failedInFulfilment)
      .when({ type: 'RecordRefund', now: at }, close)
      .then([
        { type: 'ChargesRefunded', data: { credits: 150, pence: 700, at } },
        orderFailed('REGISTRY_FULFILMENT_FAILED', 'No copy could be issued.'),
      ]);
  });

  it('records the end once: a repeated close decides nothing', () => {
    const refunded = after(failedInFulfilment, { type: 'RecordRefund', now: at });
    const closed = [...refunded, orderFailed('REGISTRY_FULFILMENT_FAILED', 'No copy could be issued.')];
    given(closed).when(close).then([]);
    given(refunded)
      .when(close, close)
      .then([orderFailed('REGISTRY_FULFILMENT_FAILED', 'No copy could be issued.')]);
    given(closed).thenState((o) => expect(o).toMatchObject({ status: 'failed', closedAt }));
  });

  it('never closes an order refused at placement, one held in quarantine, or one that completed', () => {
    const refused = historyOf(request, {
      type: 'RecordReservation',
      outcome: { ok: false, code: 'INSUFFICIENT_CREDITS', message: 'Not enough credits.' },
      now: at,
      nextOpening: null,
    });
    expect(stateOf(refused).status).toBe('rejected');
    expect(nextStep(stateOf(refused), now)).toEqual({ kind: 'none' });
    given(refused).when(close).then([]);

    const quarantined = after(
      submitted,
      { type: 'RecordSubmission', outcome: { kind: 'uncertain', reason: 'socket hang up' }, now: at },
      { type: 'RecordQuarantine', now: at },
    );
    given(quarantined).when(close).then([]);

    const accepted = failedInFulfilment.slice(0, -1);
    const delivered = after(accepted, {
      type: 'RecordDelivery',
      documents: [{ type: 'register', documentId: 'doc_register', sha256: 'x', sizeBytes: 10 }],
      now: at,
    });
    const extracted = after(delivered, {
      type: 'RecordExtraction',
      documentId: 'doc_register',
      result: { ok: false, error: 'no text' },
      now: at,
    });
    const done = after(extracted, { type: 'RecordExtractionRefund', now: at });
    expect(stateOf(done).status).toBe('completed');
    given(done).when(close).then([]);
    given([]).when(close).then([]);
  });

  it('cannot fold an OrderFailed for an order with money still owed, or a second one', () => {
    given([...failedInFulfilment, orderFailed('X', 'x')]).thenThrows(EventCannotApply, {
      eventType: 'OrderFailed',
      reason: 'its charges are captured and extraction captured, not settled',
    });
    const refunded = after(failedInFulfilment, { type: 'RecordRefund', now: at });
    given([...refunded, orderFailed('X', 'x'), orderFailed('X', 'x')]).thenThrows(EventCannotApply, {
      eventType: 'OrderFailed',
      reason: `the order was already closed at ${closedAt}`,
    });
  });
});
