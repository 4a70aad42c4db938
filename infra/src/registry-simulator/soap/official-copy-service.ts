import { businessGateway, nextOpening, type DocumentKind } from '@pds/land-register';
import { officialCopyDateTimeAt } from '../copy-time';
import type { Fulfilment } from '../orders';
import type { RegistryState } from '../registry-state';
import { titleByNumber } from '../titles/dataset';
import { checkRequest, feePerCopyPence, registryOpen } from './official-copy-checks';
import { copiesAttachment } from './official-copy-attachment';
import { holdBack, type SoapHandler, type SoapReply } from './soap-endpoint';
import { unknownRequest } from './search-service';

// Official Copy Title Known V2_1 and its poll service. Business Gateway knows a request by its MessageID: a repeat is
// answered as the first time and never ordered twice. A request the registry takes is acknowledged with its
// reference and processed for the fulfilment delay (real time), then its poll answers the copies: a PDF, or a ZIP
// of the register and plan. Outside opening hours a request is queued and acknowledged with the time to poll; it is
// taken at the opening. Fault modes act as the registry's own failures would show: a rejection, a connection
// dropped before or after the request is recorded, an answer held back, an order cancelled after it was taken, a
// copy with no text.

const queuedText = 'Service is not currently available.System has queued your request,please poll at specified time.';
const takenText = 'Your request has been received and is being processed; poll for the result.';
const notProcessedText = 'Request has not yet been processed';

/** The pack's vendor message ids that have a request queued whatever the time. */
const vendorQueuedIds = new Set([
  'pollST500681reg',
  'pollST500681tp',
  'pollST500681regtp',
  'pollND66318reg',
  'pollND66318tp',
  'pollND66318regtp',
]);

const documentsFor = (code: string | null): DocumentKind[] =>
  code === '20' ? ['plan'] : code === '30' ? ['register', 'plan'] : ['register'];

const answer = (content: businessGateway.XmlContent): SoapReply => ({ kind: 'answer', content });

const acknowledgement = (uniqueId: string, description: string, at: { poll?: Date; reference?: string }) =>
  answer(
    businessGateway.acknowledgementContent({
      uniqueId,
      expectedResponseDateTime: at.poll ? businessGateway.registryDateTime(at.poll) : null,
      description,
      hmlrReference: at.reference ?? null,
    }),
  );

/** What the registry answers now for an order it holds: still processing, or its outcome. */
const orderAnswer = async (state: RegistryState, messageId: string, waiting: string): Promise<SoapReply> => {
  const order = state.orders.get(messageId)!;
  const status = state.orders.statusOf(order);
  if (status === 'processing') return acknowledgement(messageId, waiting, { reference: order.registryReference });
  const base = { externalReference: order.externalReference, hmlrReference: order.registryReference };
  if (status === 'failed') {
    return answer(
      businessGateway.officialCopyResultContent({
        ...base,
        actualGrossPrice: null,
        attachment: null,
        resultTypeCode: businessGateway.resultTypes.cancelled,
      }),
    );
  }
  const title = titleByNumber(order.titleNumber);
  if (!title) throw new Error(`order ${order.registryReference} names title ${order.titleNumber}, which is not held`);
  return answer(
    businessGateway.officialCopyResultContent({
      ...base,
      actualGrossPrice: businessGateway.poundsOf(feePerCopyPence * order.documents.length),
      attachment: await copiesAttachment(title, order),
      resultTypeCode: businessGateway.resultTypes.electronic,
    }),
  );
};

export const officialCopyHandler =
  (state: RegistryState): SoapHandler =>
  async (content, { req, res }) => {
    const request = businessGateway.readOfficialCopyRequest(content);
    const { messageId, titleNumber } = request;
    const now = state.clock.now();
    state.orders.countAttempt(messageId, now);

    const postal = state.postal.get(messageId);
    if (postal) return acknowledgement(messageId, postal.description, { reference: postal.reference });
    const queued = state.queuedCopies.get(messageId);
    if (queued && now < queued.readyAt) return acknowledgement(messageId, queuedText, { poll: queued.readyAt });

    let order = state.orders.get(messageId);
    if (!order) {
      const documents = documentsFor(request.requestedCode);
      if (!queued && (!registryOpen(now) || vendorQueuedIds.has(messageId))) {
        const readyAt = registryOpen(now) ? new Date(now.getTime() + 60_000) : nextOpening(now);
        state.queuedCopies.set(messageId, { readyAt });
        return acknowledgement(messageId, queuedText, { poll: readyAt });
      }
      state.queuedCopies.delete(messageId);
      const title = titleByNumber(titleNumber);
      const check = checkRequest(request, title, documents);
      const refusal = (code: string, reason: string, actualGrossPrice?: string) =>
        answer(
          businessGateway.rejectionContent({
            externalReference: request.externalReference,
            code,
            reason,
            otherDescription: null,
            validationErrors: [],
            actualGrossPrice: actualGrossPrice ?? null,
          }),
        );
      if (check.kind === 'refused') {
        state.logger.info({ messageId, titleNumber, code: check.code }, 'official copy refused');
        return refusal(check.code, check.reason, check.actualGrossPrice);
      }
      if (check.kind === 'by_post') {
        const reference = `P${String(state.postal.size + 1).padStart(7, '0')}`;
        state.postal.set(messageId, { reference, description: check.description });
        return acknowledgement(messageId, check.description, { reference });
      }
      const titles = [titleNumber];
      if (state.faults.take({ operation: 'submit', modes: ['reject'], titleNumbers: titles })) {
        state.logger.info({ messageId, titleNumber }, 'official copy rejected (fault)');
        return refusal('bg.title.notcomputerised', `Title ${titleNumber} cannot be issued electronically at present; nothing was ordered.`);
      }
      if (state.faults.take({ operation: 'submit', modes: ['lost'], titleNumbers: titles })) {
        state.logger.info({ messageId, titleNumber }, 'request lost before it was recorded (fault)');
        req.socket.destroy();
        return { kind: 'none' };
      }
      const fulfilFault = state.faults.take({ operation: 'fulfil', modes: ['fail', 'unreadable'], titleNumbers: titles });
      const fulfilment: Fulfilment =
        fulfilFault?.mode === 'fail'
          ? { kind: 'fail', code: 'cancelled', message: `HM Land Registry cancelled the request for title ${titleNumber}.` }
          : { kind: 'complete', unreadable: fulfilFault?.mode === 'unreadable' };
      order = state.orders.accept(
        { messageId, titleNumber, documents, backdatedCopyConfirmed: request.sendBackDated },
        request.externalReference,
        now,
        officialCopyDateTimeAt(now),
        state.fulfilmentDelayMs,
        fulfilment,
      );
      state.logger.info(
        { messageId, titleNumber, registryReference: order.registryReference, fulfilment: fulfilment.kind },
        'official copy taken',
      );
    }

    const transport = state.faults.take({ operation: 'submit', modes: ['uncertain', 'slow'], titleNumbers: [titleNumber] });
    if (transport?.mode === 'uncertain') {
      state.logger.info({ messageId }, 'request recorded, answer lost (fault)');
      req.socket.destroy();
      return { kind: 'none' };
    }
    if (transport?.mode === 'slow' && !(await holdBack(req, res, transport.delayMs))) return { kind: 'none' };
    return orderAnswer(state, messageId, takenText);
  };

export const officialCopyPollHandler =
  (state: RegistryState): SoapHandler =>
  async (content) => {
    const messageId = businessGateway.readPollRequest(content);
    const postal = state.postal.get(messageId);
    if (postal) return acknowledgement(messageId, postal.description, { reference: postal.reference });
    const queued = state.queuedCopies.get(messageId);
    if (queued) return acknowledgement(messageId, queuedText, { poll: queued.readyAt });
    const order = state.orders.get(messageId);
    if (!order) return answer(unknownRequest(messageId));
    if (state.faults.take({ operation: 'status', modes: ['delay'], titleNumbers: [order.titleNumber] })) {
      return acknowledgement(messageId, notProcessedText, { reference: order.registryReference });
    }
    const reply = await orderAnswer(state, messageId, notProcessedText);
    // A final answer collected: the request is no longer outstanding.
    if (state.orders.statusOf(order) !== 'processing') state.collected.add(messageId);
    return reply;
  };
