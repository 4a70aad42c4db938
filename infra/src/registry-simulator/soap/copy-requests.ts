import { businessGateway, isOpen, nextOpening } from '@pds/land-register';
import { officialCopyDateTimeAt } from '../copy-time';
import type { Fulfilment, RegistryOrder } from '../orders';
import type { RegistryState } from '../registry-state';
import { titleByNumber } from '../titles/dataset';
import { checkRequest } from './official-copy-checks';
import { holdBack, type SoapHandler, type SoapReply } from './soap-endpoint';

// How the registry test environment takes a request for official copies, whichever service it came by (Official Copy
// Title Known, or the Register Extract Service with its summary). Business Gateway knows a request by its MessageID:
// a repeat is answered as the first time and never ordered twice. A request the registry takes is processed for the
// fulfilment delay (real time) and its poll then answers the copies. Outside opening hours a request is queued and
// acknowledged with the time to poll; it is taken at the opening. Fault modes act as the registry's own failures
// would show: a rejection, a connection dropped before or after the request is recorded, an answer held back, an
// order cancelled after it was taken, a copy with no text. Each service says how it words each answer.

/** A request as both services have it. */
export interface CopyRequest {
  read: businessGateway.OfficialCopyRequestRead;
  documents: ('register' | 'plan')[];
}

export interface CopyService {
  name: string;
  withSummary: boolean;
  /** The pack's vendor message ids that have a request queued whatever the time. */
  vendorQueuedIds: ReadonlySet<string>;
  read: (content: businessGateway.XmlNode) => CopyRequest;
  /** Queued (out of hours): poll at `at`. */
  queued: (messageId: string, at: Date) => SoapReply;
  refused: (request: CopyRequest, code: string, reason: string, actualGrossPrice?: string) => SoapReply;
  /** What cannot be issued electronically: the copies by post, or (with no postal service) a refusal. */
  byPost: (state: RegistryState, request: CopyRequest, description: string) => SoapReply;
  /** The order as it stands: processing (`waiting` worded for a submission or a poll), or its outcome. */
  answer: (state: RegistryState, order: RegistryOrder, waiting: 'taken' | 'polled') => Promise<SoapReply>;
  /** Requests this service holds by MessageID outside the order book (by post), answered again as first. */
  held?: (state: RegistryState, messageId: string) => SoapReply | null;
}

const defaultVendorDelayMs = 60_000;

type Taken = { kind: 'order'; order: RegistryOrder } | { kind: 'reply'; reply: SoapReply };

/**
 * The registry processes a request: its checks, then (a request that can be issued) an order in the book. `lost`
 * is the fault that drops the connection first: only a request arriving over one can lose it.
 */
const take = (state: RegistryState, service: CopyService, request: CopyRequest, lose?: () => void): Taken | null => {
  const { messageId, titleNumber } = request.read;
  const now = state.clock.now();
  state.queuedCopies.delete(messageId);
  const check = checkRequest(request.read, titleByNumber(titleNumber), request.documents);
  if (check.kind === 'refused') {
    state.logger.info({ messageId, titleNumber, code: check.code, service: service.name }, 'request refused');
    return { kind: 'reply', reply: service.refused(request, check.code, check.reason, check.actualGrossPrice) };
  }
  if (check.kind === 'by_post') return { kind: 'reply', reply: service.byPost(state, request, check.description) };
  const titles = [titleNumber];
  if (state.faults.take({ operation: 'submit', modes: ['reject'], titleNumbers: titles })) {
    state.logger.info({ messageId, titleNumber }, 'request rejected (fault)');
    const reason = `Title ${titleNumber} cannot be issued electronically at present; nothing was ordered.`;
    return { kind: 'reply', reply: service.refused(request, 'bg.title.notcomputerised', reason) };
  }
  if (lose && state.faults.take({ operation: 'submit', modes: ['lost'], titleNumbers: titles })) {
    state.logger.info({ messageId, titleNumber }, 'request lost before it was recorded (fault)');
    lose();
    return null;
  }
  const fulfilFault = state.faults.take({ operation: 'fulfil', modes: ['fail', 'unreadable'], titleNumbers: titles });
  const fulfilment: Fulfilment =
    fulfilFault?.mode === 'fail'
      ? { kind: 'fail', code: 'cancelled', message: `HM Land Registry cancelled the request for title ${titleNumber}.` }
      : { kind: 'complete', unreadable: fulfilFault?.mode === 'unreadable' };
  const order = state.orders.accept(
    {
      messageId,
      titleNumber,
      documents: request.documents,
      backdatedCopyConfirmed: request.read.sendBackDated,
      withSummary: service.withSummary,
    },
    request.read.externalReference,
    now,
    officialCopyDateTimeAt(now),
    state.fulfilmentDelayMs,
    fulfilment,
  );
  state.logger.info({ messageId, titleNumber, registryReference: order.registryReference, service: service.name }, 'request taken');
  return { kind: 'order', order };
};

export const copyRequestHandler =
  (state: RegistryState, service: CopyService): SoapHandler =>
  async (content, { req, res }) => {
    const request = service.read(content);
    const { messageId, titleNumber } = request.read;
    const now = state.clock.now();
    state.orders.countAttempt(messageId, now);
    const held = service.held?.(state, messageId);
    if (held) return held;
    const queued = state.queuedCopies.get(messageId);
    if (queued && now < queued.readyAt) return service.queued(messageId, queued.readyAt);

    let order = state.orders.get(messageId);
    const repeat = order !== undefined;
    if (!order) {
      if (!queued && (!isOpen(now) || service.vendorQueuedIds.has(messageId))) {
        const readyAt = isOpen(now) ? new Date(now.getTime() + defaultVendorDelayMs) : nextOpening(now);
        state.queuedCopies.set(messageId, { readyAt, withSummary: service.withSummary, request });
        return service.queued(messageId, readyAt);
      }
      const taken = take(state, service, request, () => req.socket.destroy());
      if (!taken) return { kind: 'none' };
      if (taken.kind === 'reply') return taken.reply;
      order = taken.order;
    }

    const transport = state.faults.take({ operation: 'submit', modes: ['uncertain', 'slow'], titleNumbers: [titleNumber] });
    if (transport?.mode === 'uncertain') {
      state.logger.info({ messageId }, 'request recorded, answer lost (fault)');
      req.socket.destroy();
      return { kind: 'none' };
    }
    if (transport?.mode === 'slow' && !(await holdBack(req, res, transport.delayMs))) return { kind: 'none' };
    // A repeat gets the first answer: the acknowledgement, when the request was not answered at once.
    if (repeat && state.fulfilmentDelayMs > 0) return service.answer(state, { ...order, fulfilledAtMs: Number.POSITIVE_INFINITY }, 'taken');
    return service.answer(state, order, 'taken');
  };

export const copyPollHandler =
  (state: RegistryState, service: CopyService, unknown: (messageId: string) => SoapReply): SoapHandler =>
  async (content) => {
    const messageId = businessGateway.readPollRequest(content);
    const held = service.held?.(state, messageId);
    if (held) return held;
    const queued = state.queuedCopies.get(messageId);
    if (queued && state.clock.now() < queued.readyAt) return service.queued(messageId, queued.readyAt);
    // Its time has come: the registry processes a queued request whether it is polled or sent again.
    if (queued && queued.withSummary === service.withSummary) {
      const taken = take(state, service, queued.request);
      if (taken?.kind === 'reply') return taken.reply;
    }
    const order = state.orders.get(messageId);
    if (!order || order.withSummary !== service.withSummary) return unknown(messageId);
    if (state.faults.take({ operation: 'status', modes: ['delay'], titleNumbers: [order.titleNumber] })) {
      return service.answer(state, { ...order, fulfilledAtMs: Number.POSITIVE_INFINITY }, 'polled');
    }
    const reply = await service.answer(state, order, 'polled');
    // A final answer collected: the request is no longer outstanding.
    if (state.orders.statusOf(order) !== 'processing') state.collected.add(messageId);
    return reply;
  };
