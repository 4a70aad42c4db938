import { businessGateway } from '@pds/land-register';
import type { RegistryOrder } from '../orders';
import type { RegistryState } from '../registry-state';
import { titleByNumber } from '../titles/dataset';
import { copyPollHandler, copyRequestHandler, type CopyService } from './copy-requests';
import { copiesAttachment } from './official-copy-attachment';
import { feePerCopyPence } from './official-copy-checks';
import type { SoapHandler, SoapReply } from './soap-endpoint';

// The Register Extract Service ("official copy with summary", request V2_0, answer V2_1) and its poll, as
// copy-requests.ts takes them: the same copies, with the register's structured summary and the register as XML
// beside them. It has no postal service and no processing by hand: what cannot be issued electronically is refused
// in the service's own words, and an acknowledgement always gives the time to poll. The pack's vendor titles:
// GR506098 cannot be issued electronically; a request for GR506123 is queued and its poll never finds it processed.

const res = businessGateway.registerExtract;
const takenText = 'Your request has been received and is being processed; poll at the time given for the result.';

const answer = (content: businessGateway.XmlContent): SoapReply => ({ kind: 'answer', content });
const acknowledgement = (uniqueId: string, at: Date, description: string) =>
  answer(res.acknowledgementContent({ uniqueId, expectedResponseDateTime: businessGateway.registryDateTime(at), description }));
const refusal = (externalReference: string, refused: { code: string; reason: string }, actualGrossPence?: number) =>
  answer(
    res.rejectionContent({
      externalReference,
      code: refused.code,
      reason: refused.reason,
      ...(actualGrossPence !== undefined ? { actualPrice: { grossPence: actualGrossPence, netPence: null, vatPence: null } } : {}),
    }),
  );

const vendorQueued = 'GR506123';
const vendorNotElectronic = 'GR506098';

const orderAnswer = async (state: RegistryState, order: RegistryOrder, waiting: 'taken' | 'polled'): Promise<SoapReply> => {
  const status = state.orders.statusOf(order);
  if (status === 'processing') {
    // Poll when processing should be done: at least a second from now (an order held as processing has no end).
    const remainingMs = Number.isFinite(order.fulfilledAtMs) ? Math.max(1_000, order.fulfilledAtMs - Date.now()) : 1_000;
    const pollAt = new Date(state.clock.now().getTime() + remainingMs);
    return acknowledgement(order.messageId, pollAt, waiting === 'taken' ? takenText : res.registerExtractNotYetProcessedText);
  }
  if (status === 'failed') return refusal(order.externalReference, res.registerExtractRefusals.register);
  const title = titleByNumber(order.titleNumber);
  if (!title) throw new Error(`order ${order.registryReference} names title ${order.titleNumber}, which is not held`);
  const register = { ...title.register, officialCopyDateTime: order.officialCopyDateTime };
  const attachment = await copiesAttachment(title, order);
  return answer(
    res.resultContent({
      externalReference: order.externalReference,
      actualPrice: { grossPence: feePerCopyPence * order.documents.length, netPence: null, vatPence: null },
      attachment: {
        bytes: attachment.bytes,
        format: attachment.format === 'ZIP' ? 'ZIP' : 'PDF',
        filename: attachment.filename ?? `${title.titleNumber}.pdf`,
      },
      summary: res.buildRegisterSummary(register),
      register: res.registerDataOf(register),
    }),
  );
};

const registerExtract: CopyService = {
  name: 'register extract',
  withSummary: true,
  vendorQueuedIds: new Set(),
  read: (content) => {
    const order = res.readOfficialCopyWithSummaryRequest(content);
    const read: businessGateway.OfficialCopyRequestRead = {
      messageId: order.messageId,
      externalReference: order.externalReference,
      titleNumber: order.titleNumber,
      requestedCode: order.includeTitlePlan ? '30' : '10',
      officialCopyTypeCode: '10',
      expectedGrossPrice: order.expectedGrossPence === null ? null : businessGateway.poundsText(order.expectedGrossPence),
      sendBackDated: order.sendBackDated,
      continueIfFeeExceeds: order.continueIfActualFeeExceedsExpectedFee,
      continueIfClosedAndContinued: order.continueIfTitleIsClosedAndContinued,
      documentDetailsCount: 0,
    };
    return { read, documents: order.includeTitlePlan ? ['register', 'plan'] : ['register'] };
  },
  queued: (messageId, at) => acknowledgement(messageId, at, res.registerExtractQueuedText),
  refused: (request, code, reason, actualGrossPrice) =>
    refusal(
      request.read.externalReference,
      { code, reason },
      actualGrossPrice === undefined ? undefined : businessGateway.penceOf(actualGrossPrice),
    ),
  byPost: (_state, request) =>
    refusal(
      request.read.externalReference,
      request.documents.includes('plan') ? res.registerExtractRefusals.titlePlan : res.registerExtractRefusals.register,
    ),
  held: (state, messageId) => {
    const vendor = state.vendorExtracts.get(messageId);
    if (vendor === vendorQueued)
      return acknowledgement(messageId, new Date(state.clock.now().getTime() + 3_600_000), res.registerExtractNotYetProcessedText);
    return null;
  },
  answer: orderAnswer,
};

/** The pack's vendor titles, answered before the registry's own rules. */
const vendorAnswer = (state: RegistryState, content: businessGateway.XmlNode): SoapReply | null => {
  const order = res.readOfficialCopyWithSummaryRequest(content);
  if (order.titleNumber === vendorNotElectronic) return refusal(order.externalReference, res.registerExtractRefusals.register);
  if (order.titleNumber === vendorQueued) {
    state.vendorExtracts.set(order.messageId, vendorQueued);
    return acknowledgement(order.messageId, new Date(state.clock.now().getTime() + 3_600_000), res.registerExtractQueuedText);
  }
  return null;
};

export const registerExtractHandler = (state: RegistryState): SoapHandler => {
  const taking = copyRequestHandler(state, registerExtract);
  return (content, exchange) => vendorAnswer(state, content) ?? taking(content, exchange);
};

export const registerExtractPollHandler = (state: RegistryState): SoapHandler =>
  copyPollHandler(state, registerExtract, (messageId) =>
    refusal(messageId, { code: businessGateway.unknownRequestCode, reason: `No request with message ID ${messageId} has been received.` }),
  );
