import { businessGateway, type DocumentKind } from '@pds/land-register';
import type { RegistryOrder } from '../orders';
import type { RegistryState } from '../registry-state';
import { titleByNumber } from '../titles/dataset';
import { copyPollHandler, copyRequestHandler, type CopyRequest, type CopyService } from './copy-requests';
import { feePerCopyPence } from './official-copy-checks';
import { copiesAttachment } from './official-copy-attachment';
import type { SoapHandler, SoapReply } from './soap-endpoint';
import { unknownRequest } from './search-service';

// Official Copy Title Known V2_1 and its poll service, as copy-requests.ts takes them: a request taken is
// acknowledged with the registry's reference, and its poll answers the copies (a PDF, or a ZIP of register and plan)
// with ResultTypeCode 10; what cannot be issued electronically is taken for processing by hand, to be posted; a
// cancelled order's result carries no copies (ResultTypeCode 40).

const queuedText = 'Service is not currently available.System has queued your request,please poll at specified time.';
const takenText = 'Your request has been received and is being processed; poll for the result.';
const notProcessedText = 'Request has not yet been processed';

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

const orderAnswer = async (state: RegistryState, order: RegistryOrder, waiting: 'taken' | 'polled'): Promise<SoapReply> => {
  const status = state.orders.statusOf(order);
  if (status === 'processing') {
    return acknowledgement(order.messageId, waiting === 'taken' ? takenText : notProcessedText, { reference: order.registryReference });
  }
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
      actualGrossPrice: businessGateway.poundsText(feePerCopyPence * order.documents.length),
      attachment: await copiesAttachment(title, order),
      resultTypeCode: businessGateway.resultTypes.electronic,
    }),
  );
};

const officialCopies: CopyService = {
  name: 'official copy title known',
  withSummary: false,
  vendorQueuedIds: new Set([
    'pollST500681reg',
    'pollST500681tp',
    'pollST500681regtp',
    'pollND66318reg',
    'pollND66318tp',
    'pollND66318regtp',
  ]),
  read: (content): CopyRequest => {
    const read = businessGateway.readOfficialCopyRequest(content);
    return { read, documents: documentsFor(read.requestedCode) };
  },
  queued: (messageId, at) => acknowledgement(messageId, queuedText, { poll: at }),
  refused: (request, code, reason, actualGrossPrice) =>
    answer(
      businessGateway.rejectionContent({
        externalReference: request.read.externalReference,
        code,
        reason,
        otherDescription: null,
        validationErrors: [],
        actualGrossPrice: actualGrossPrice ?? null,
      }),
    ),
  byPost: (state, request, description) => {
    const reference = `P${String(state.postal.size + 1).padStart(7, '0')}`;
    state.postal.set(request.read.messageId, { reference, description });
    return acknowledgement(request.read.messageId, description, { reference });
  },
  held: (state, messageId) => {
    const postal = state.postal.get(messageId);
    return postal ? acknowledgement(messageId, postal.description, { reference: postal.reference }) : null;
  },
  answer: orderAnswer,
};

export const officialCopyHandler = (state: RegistryState): SoapHandler => copyRequestHandler(state, officialCopies);

export const officialCopyPollHandler = (state: RegistryState): SoapHandler =>
  copyPollHandler(state, officialCopies, (messageId) => answer(unknownRequest(messageId)));
