import { childOf, textAt, textOf, type XmlContent, type XmlNode } from '../xml';
import { poundsText } from './amounts';
import { readGatewayResponse, resultContent, type GatewayAnswer } from './gateway-response';

// Official Copy Title Known V2_1 (request) and V2_0 (response), for the official copies of a register and its title
// plan ("OC1"). The copies come back inline in one attachment: a PDF for one document, a ZIP of PDFs for several.
// When a copy cannot be issued electronically the registry acknowledges the request with its own reference and
// posts the copies instead.

export type RequestedCopies = 'register' | 'plan' | 'both';

const requestedCopyCodes: Readonly<Record<RequestedCopies, string>> = { register: '10', plan: '20', both: '30' };
const officialCopyTypes = { registerAndPlan: '10', referredDocuments: '20' } as const;

export interface OfficialCopyRequest {
  messageId: string;
  externalReference: string;
  customerReference: string;
  titleNumber: string;
  requested: RequestedCopies;
  /** The fee the caller agreed to, VAT included; the registry refuses the request when its fee is higher. */
  expectedGrossPence: number;
  /** Who the registry calls about the request. */
  contact: { name: string; telephone: string };
  /** Free text the registry's staff read if the request needs a person: the address, usually. */
  propertyDescription: string;
  /** Accept a copy dated before pending applications (otherwise the registry refuses it). */
  sendBackDated: boolean;
}

/** ResultTypeCode: how the copies were delivered. */
export const resultTypes = { electronic: '10', partlyElectronic: '20', post: '30', cancelled: '40', interim: '50' } as const;

export interface Attachment {
  bytes: Buffer;
  /** As the attribute says (`PDF`, `ZIP`), or null when absent. */
  format: string | null;
  filename: string | null;
}

export interface OfficialCopyResults {
  externalReference: string;
  actualGrossPrice: string | null;
  attachment: Attachment | null;
  resultTypeCode: string;
  hmlrReference: string | null;
}

export const officialCopyRequestContent = (r: OfficialCopyRequest): XmlContent => ({
  ID: { MessageID: r.messageId },
  Product: {
    ExternalReference: { Reference: r.externalReference },
    CustomerReference: { Reference: r.customerReference },
    SubjectProperty: { TitleNumber: r.titleNumber },
    ExpectedPrice: { GrossPriceAmount: poundsText(r.expectedGrossPence) },
    Contact: { Name: r.contact.name, Communication: { Telephone: r.contact.telephone } },
    TitleKnownOfficialCopy: {
      RequestedOfficialCopyCode: requestedCopyCodes[r.requested],
      PropertyDescription: r.propertyDescription,
      OfficialCopyTypeCode: officialCopyTypes.registerAndPlan,
      // A closed title's continuation is a different title: the caller orders it by its own number.
      ContinueIfTitleIsClosedAndContinuedIndicator: 'false',
      // Both notify indicators are always read as false by the registry; sent because the schema requires them.
      NotifyIfPendingFirstRegistrationIndicator: 'false',
      NotifyIfPendingApplicationIndicator: 'false',
      SendBackDatedIndicator: String(r.sendBackDated),
      // The price was authorised exactly: a higher fee must stop the order, never be paid silently.
      ContinueIfActualFeeExceedsExpectedFeeIndicator: 'false',
    },
  },
});

/** The request as the registry reads it; null fields where the request left them out. */
export interface OfficialCopyRequestRead {
  messageId: string;
  externalReference: string;
  titleNumber: string;
  requestedCode: string | null;
  officialCopyTypeCode: string;
  expectedGrossPrice: string | null;
  sendBackDated: boolean;
  continueIfFeeExceeds: boolean;
  continueIfClosedAndContinued: boolean;
  documentDetailsCount: number;
}

const indicator = (node: XmlNode | undefined, name: string) => ['true', '1'].includes(textAt(node, name) ?? '');

export const readOfficialCopyRequest = (content: XmlNode): OfficialCopyRequestRead => {
  const product = childOf(content, 'Product');
  const copy = childOf(product, 'TitleKnownOfficialCopy');
  const details = product?.DocumentDetails;
  return {
    messageId: textAt(content, 'ID', 'MessageID') ?? '',
    externalReference: textAt(product, 'ExternalReference', 'Reference') ?? '',
    titleNumber: textAt(product, 'SubjectProperty', 'TitleNumber') ?? '',
    requestedCode: textAt(copy, 'RequestedOfficialCopyCode') ?? null,
    officialCopyTypeCode: textAt(copy, 'OfficialCopyTypeCode') ?? '',
    expectedGrossPrice: textAt(product, 'ExpectedPrice', 'GrossPriceAmount') ?? null,
    sendBackDated: indicator(copy, 'SendBackDatedIndicator'),
    continueIfFeeExceeds: indicator(copy, 'ContinueIfActualFeeExceedsExpectedFeeIndicator'),
    continueIfClosedAndContinued: indicator(copy, 'ContinueIfTitleIsClosedAndContinuedIndicator'),
    documentDetailsCount: details === undefined ? 0 : Array.isArray(details) ? details.length : 1,
  };
};

export const requestedCopiesOf = (code: string | null): RequestedCopies | null =>
  (Object.entries(requestedCopyCodes).find(([, c]) => c === code)?.[0] as RequestedCopies | undefined) ?? null;

const attachmentOf = (node: XmlNode | undefined): Attachment | null => {
  const object: unknown = node?.EmbeddedFileBinaryObject;
  if (object === undefined) return null;
  // With no attributes the element reads as its text alone.
  const withAttributes = typeof object === 'object' && object !== null ? (object as XmlNode) : null;
  const text = withAttributes ? String(withAttributes['#text'] ?? '') : String(object);
  const attribute = (name: string) => (withAttributes ? textOf(withAttributes[`@_${name}`]) : undefined) ?? null;
  return { bytes: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: attribute('format'), filename: attribute('filename') };
};

export const readOfficialCopyResponse = (content: XmlNode): GatewayAnswer<OfficialCopyResults> =>
  readGatewayResponse(content, (results) => ({
    externalReference: textAt(results, 'ExternalReference', 'Reference') ?? '',
    actualGrossPrice: textAt(results, 'ActualPrice', 'GrossPriceAmount') ?? null,
    attachment: attachmentOf(childOf(results, 'Attachment')),
    resultTypeCode: textAt(results, 'ResultTypeCode') ?? '',
    hmlrReference: textAt(results, 'HMLRReference', 'Reference') ?? null,
  }));

export const officialCopyResultContent = (r: OfficialCopyResults): XmlContent =>
  resultContent({
    ExternalReference: { Reference: r.externalReference },
    ActualPrice: r.actualGrossPrice ? { GrossPriceAmount: r.actualGrossPrice } : undefined,
    Attachment: r.attachment
      ? {
          EmbeddedFileBinaryObject: {
            '@_filename': r.attachment.filename ?? undefined,
            '@_format': r.attachment.format ?? undefined,
            '#text': r.attachment.bytes.toString('base64'),
          },
        }
      : undefined,
    ResultTypeCode: r.resultTypeCode,
    HMLRReference: r.hmlrReference ? { Reference: r.hmlrReference } : undefined,
  });

/** The business codes of its rejections this API acts on (the developer pack's validation rules for OC1). */
export const officialCopyRejectionCodes = {
  titleInvalid: 'bg.title.invalid',
  titleClosed: 'bg.title.closed',
  closedAndContinued: 'bg.title.closedAndContinued',
  pendingFirstRegistration: 'bg.title.pendingFirstRegistration',
  notComputerised: 'bg.title.notcomputerised',
  pendingApplication: 'bg.title.pendingApplication',
  feeMismatch: 'bg.fee.feeMismatch',
} as const;
