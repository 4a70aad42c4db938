import { childOf, many, textAt, type XmlContent, type XmlNode } from '../xml';
import { attachmentFormat, mimeCodeOf, type Attachment, type AttachmentFormat } from './attachment';
import { penceOf, poundsText } from './amounts';
import type { RegisterData, RegisterSummary } from './register-summary';
import { readRegisterData, readSummary } from './register-summary-read';
import { registerDataContent, summaryContent } from './register-summary-write';

// The Register Extract Service's answer (V2_1), to a request and to its poll alike: an acknowledgement (queued; poll
// after the expected time), a rejection (nothing can be supplied electronically, and there is no postal fallback), or
// the result: the copy (a PDF, or a ZIP with the title plan), the summary and the register as XML. The builders are
// the registry test environment's; the reader is the client's.

export interface ActualPrice {
  readonly grossPence: number;
  readonly netPence: number | null;
  readonly vatPence: number | null;
}

export type OfficialCopyWithSummaryAnswer =
  | { readonly kind: 'acknowledgement'; readonly uniqueId: string; readonly expectedResponseDateTime: string; readonly description: string }
  | {
      readonly kind: 'rejection';
      readonly externalReference: string;
      readonly code: string;
      readonly reason: string;
      readonly otherDescription: string | null;
      readonly validationErrors: readonly { readonly code: string; readonly description: string }[];
      readonly actualPrice: ActualPrice | null;
    }
  | {
      readonly kind: 'result';
      readonly externalReference: string;
      readonly description: string | null;
      readonly actualPrice: ActualPrice | null;
      readonly attachment: Attachment | null;
      readonly summary: RegisterSummary | null;
      readonly register: RegisterData | null;
    };

/** The registry's wording for what this service cannot supply; it publishes no codes for them (ours follow OC's). */
export const registerExtractRefusals = {
  register: {
    code: 'bg.officialcopy.electronic.versionNotAvailableMessage',
    reason:
      'Your Official Copy request cannot be delivered electronically. Postal delivery is not available for the Register Extract Service.',
  },
  titlePlan: {
    code: 'bg.officialcopy.electronic.versionNotAvailableMessage',
    reason:
      'Your Official Copy Title Plan cannot be delivered electronically. Postal delivery is not available for the Register Extract Service.',
  },
  summary: {
    code: 'bg.officialcopy.electronic.versionNotAvailableMessage',
    reason:
      'The Summary Data of your Official Copy Register cannot be delivered electronically. Postal delivery is not available for the Register Extract Service.',
  },
} as const;

/** The test service's acknowledgement texts for this service. */
export const registerExtractQueuedText =
  'Service is not currently available. System has queued your request, please poll at specified time';
export const registerExtractNotYetProcessedText = 'Request has not yet been processed';

const priceContent = (price: ActualPrice): XmlContent => ({
  GrossPriceAmount: poundsText(price.grossPence),
  NetPriceAmount: price.netPence === null ? undefined : poundsText(price.netPence),
  VATAmount: price.vatPence === null ? undefined : poundsText(price.vatPence),
});

export const acknowledgementContent = (ack: { uniqueId: string; expectedResponseDateTime: string; description: string }): XmlContent => ({
  GatewayResponse: {
    TypeCode: '10',
    Acknowledgement: {
      AcknowledgementDetails: {
        UniqueID: ack.uniqueId,
        ExpectedResponseDateTime: ack.expectedResponseDateTime,
        MessageDescription: ack.description,
      },
    },
  },
});

export const rejectionContent = (rejection: {
  externalReference: string;
  code: string;
  reason: string;
  otherDescription?: string;
  validationErrors?: readonly { code: string; description: string }[];
  actualPrice?: ActualPrice;
}): XmlContent => ({
  GatewayResponse: {
    TypeCode: '20',
    Rejection: {
      ExternalReference: { Reference: rejection.externalReference },
      ActualPrice: rejection.actualPrice ? priceContent(rejection.actualPrice) : undefined,
      RejectionResponse: {
        Reason: rejection.reason,
        Code: rejection.code,
        OtherDescription: rejection.otherDescription,
        ValidationErrors: (rejection.validationErrors ?? []).map((e) => ({ Code: e.code, Description: e.description })),
      },
    },
  },
});

export const resultContent = (result: {
  externalReference: string;
  description?: string;
  actualPrice?: ActualPrice;
  attachment?: { bytes: Buffer; format: AttachmentFormat; filename: string };
  summary?: RegisterSummary;
  register?: RegisterData;
}): XmlContent => ({
  GatewayResponse: {
    TypeCode: '30',
    Results: {
      MessageDetails: result.description === undefined ? undefined : { Description: result.description },
      ExternalReference: { Reference: result.externalReference },
      ActualPrice: result.actualPrice ? priceContent(result.actualPrice) : undefined,
      Attachment: result.attachment
        ? {
            EmbeddedFileBinaryObject: {
              '#text': result.attachment.bytes.toString('base64'),
              '@_filename': result.attachment.filename,
              '@_format': result.attachment.format,
              '@_mimeCode': mimeCodeOf(result.attachment.format),
            },
          }
        : undefined,
      OCSummaryData: result.summary ? summaryContent(result.summary) : undefined,
      OCRegisterData: result.register ? registerDataContent(result.register) : undefined,
    },
  },
});

const required = (node: unknown, ...path: string[]): string => {
  const value = textAt(node, ...path);
  if (value === undefined) throw new Error(`register extract response: ${path.join('/')} is missing`);
  return value;
};

const readPrice = (node: XmlNode | undefined): ActualPrice | null => {
  if (!node) return null;
  const net = textAt(node, 'NetPriceAmount');
  const vat = textAt(node, 'VATAmount');
  return {
    grossPence: penceOf(required(node, 'GrossPriceAmount')),
    netPence: net === undefined ? null : penceOf(net),
    vatPence: vat === undefined ? null : penceOf(vat),
  };
};

// Attributes are unqualified in this schema but qualified in Official Copy's; the reader drops prefixes, so both read.
const readAttachment = (node: XmlNode | undefined): Attachment | null => {
  const binary = childOf(node, 'EmbeddedFileBinaryObject');
  if (!binary) return null;
  const bytes = Buffer.from((textAt(node, 'EmbeddedFileBinaryObject') ?? '').replace(/\s+/g, ''), 'base64');
  const declared = typeof binary['@_format'] === 'string' ? binary['@_format'] : null;
  const filename = typeof binary['@_filename'] === 'string' ? binary['@_filename'] : null;
  return { bytes, format: attachmentFormat(bytes, declared), declaredFormat: declared, filename };
};

/** Reads the `return` content (or the document under the schema's root) of a response or a poll's response. */
export const readOfficialCopyWithSummaryResponse = (content: XmlNode): OfficialCopyWithSummaryAnswer => {
  const gateway = childOf(content, 'GatewayResponse');
  if (!gateway) throw new Error('register extract response: GatewayResponse is missing');
  const typeCode = required(gateway, 'TypeCode');
  if (typeCode === '10') {
    const details = childOf(childOf(gateway, 'Acknowledgement'), 'AcknowledgementDetails');
    return {
      kind: 'acknowledgement',
      uniqueId: required(details, 'UniqueID'),
      expectedResponseDateTime: required(details, 'ExpectedResponseDateTime'),
      description: required(details, 'MessageDescription'),
    };
  }
  if (typeCode === '20') {
    const rejection = childOf(gateway, 'Rejection');
    const response = childOf(rejection, 'RejectionResponse');
    return {
      kind: 'rejection',
      externalReference: required(rejection, 'ExternalReference', 'Reference'),
      code: required(response, 'Code'),
      reason: required(response, 'Reason'),
      otherDescription: textAt(response, 'OtherDescription') ?? null,
      validationErrors: many(response?.['ValidationErrors']).map((e) => ({
        code: required(e, 'Code'),
        description: required(e, 'Description'),
      })),
      actualPrice: readPrice(childOf(rejection, 'ActualPrice')),
    };
  }
  if (typeCode === '30') {
    const results = childOf(gateway, 'Results');
    const summary = childOf(results, 'OCSummaryData');
    const register = childOf(results, 'OCRegisterData');
    return {
      kind: 'result',
      externalReference: required(results, 'ExternalReference', 'Reference'),
      description: textAt(results, 'MessageDetails', 'Description') ?? null,
      actualPrice: readPrice(childOf(results, 'ActualPrice')),
      attachment: readAttachment(childOf(results, 'Attachment')),
      summary: summary ? readSummary(summary) : null,
      register: register ? readRegisterData(register) : null,
    };
  }
  throw new Error(`register extract response: TypeCode ${typeCode} is not an acknowledgement, rejection or result`);
};
