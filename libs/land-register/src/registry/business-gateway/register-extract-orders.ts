import type { OrderReference, OrderSubmission, RegistryOrderState, SubmissionOutcome } from '../registry-gateway';
import { orderMessageId, referenceOf } from './message-ids';
import { officialCopyWithSummaryRequest } from './messages/official-copy-with-summary';
import { readOfficialCopyWithSummaryResponse, type OfficialCopyWithSummaryAnswer } from './messages/official-copy-with-summary-response';
import { pollRequestContent } from './messages/poll';
import { documentsOf } from './official-copy-documents';
import { unknownRequestCode } from './registry-codes';
import { officialCopyWithSummary, officialCopyWithSummaryPoll, type SoapService } from './services';
import type { BusinessGatewayTransport } from './transport';
import type { XmlContent } from './xml';

// Orders that asked for the register's text go to the Register Extract Service ("official copy with summary"): the
// same copies, with the registry's own structured summary of the register beside them, which the orders service
// compares with what its parser reads from the copy. The service has no postal fallback and no manual processing:
// an acknowledgement only ever means "queued, poll later", so the request is with the registry.

const ask = async (
  transport: BusinessGatewayTransport,
  service: SoapService,
  content: XmlContent,
): Promise<OfficialCopyWithSummaryAnswer> => {
  const answer = await transport.soap(service, content);
  if (answer.kind === 'fault') throw new SoapFaultError(service, answer.fault.code, answer.fault.message);
  return readOfficialCopyWithSummaryResponse(answer.content);
};

export class SoapFaultError extends Error {
  constructor(
    service: SoapService,
    readonly code: string,
    readonly faultMessage: string,
  ) {
    super(`${service.endpoint}: SOAP fault ${code}: ${faultMessage}`);
  }
}

export const submitWithSummary = async (
  transport: BusinessGatewayTransport,
  order: OrderSubmission,
  authorisedFeePerCopyPence: number,
): Promise<SubmissionOutcome> => {
  const messageId = orderMessageId(order.clientReference);
  const content = officialCopyWithSummaryRequest({
    messageId,
    titleNumber: order.titleNumber.replace(/\s/g, '').toUpperCase(),
    externalReference: referenceOf(order.clientReference),
    customerReference: referenceOf(order.clientReference),
    expectedGrossPence: authorisedFeePerCopyPence * order.documents.length,
    includeTitlePlan: order.documents.includes('plan'),
    continueIfTitleIsClosedAndContinued: false,
    notifyIfPendingFirstRegistration: false,
    notifyIfPendingApplication: false,
    sendBackDated: order.backdatedCopyConfirmed,
    continueIfActualFeeExceedsExpectedFee: false,
  });
  let answer: OfficialCopyWithSummaryAnswer;
  try {
    answer = await ask(transport, officialCopyWithSummary, content);
  } catch (err) {
    if (err instanceof SoapFaultError) return { kind: 'rejected', code: 'REGISTRY_REJECTED', message: `${err.faultMessage} (${err.code})` };
    return { kind: 'uncertain', reason: err instanceof Error ? err.message : String(err) };
  }
  if (answer.kind === 'rejection') return { kind: 'rejected', code: 'REGISTRY_REJECTED', message: `${answer.reason} (${answer.code})` };
  return { kind: 'accepted', registryReference: messageId };
};

export const withSummaryState = async (transport: BusinessGatewayTransport, order: OrderReference): Promise<RegistryOrderState> => {
  const messageId = orderMessageId(order.clientReference);
  const answer = await ask(transport, officialCopyWithSummaryPoll, pollRequestContent(messageId));
  switch (answer.kind) {
    case 'acknowledgement':
      return { kind: 'processing', registryReference: messageId };
    case 'rejection':
      if (answer.code === unknownRequestCode) return { kind: 'unknown' };
      return {
        kind: 'failed',
        registryReference: messageId,
        code: 'REGISTRY_FULFILMENT_FAILED',
        message: `${answer.reason} (${answer.code})`,
      };
    case 'result': {
      if (!answer.attachment) {
        return {
          kind: 'failed',
          registryReference: messageId,
          code: 'REGISTRY_FULFILMENT_FAILED',
          message: 'HM Land Registry answered without the copies.',
        };
      }
      const { bytes, format, filename } = answer.attachment;
      const documents = documentsOf({ bytes, format, filename }, order.documents);
      return { kind: 'completed', registryReference: messageId, documents, ...(answer.summary ? { summary: answer.summary } : {}) };
    }
  }
};
