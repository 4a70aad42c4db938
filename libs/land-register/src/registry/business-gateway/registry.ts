import type {
  Answer,
  OrderReference,
  OrderSubmission,
  RegistryGateway,
  RegistryOrderState,
  SubmissionOutcome,
  TitleCandidate,
  TitleMatches,
  TitleSearch,
  TitleSummary,
} from '../registry-gateway';
import { describeByAvailability } from './describe-title';
import { fetchProprietorNames, RestServiceError, type RegisteredProprietors } from './rest';
import { instantOf, type GatewayAnswer } from './messages/gateway-response';
import {
  officialCopyRequestContent,
  readOfficialCopyResponse,
  resultTypes,
  type OfficialCopyResults,
} from './messages/official-copy-title-known';
import { outstandingRequestsContent, readOutstandingRequests, serviceTypes } from './messages/outstanding-requests';
import { pollRequestContent } from './messages/poll';
import {
  readSearchResponse,
  searchRejectionCodes,
  searchRequestContent,
  tenureCodes,
  type FoundTitle,
} from './messages/search-by-property-description';
import { freshMessageId, orderMessageId, referenceOf } from './message-ids';
import { documentsOf } from './official-copy-documents';
import { submitWithSummary, withSummaryState } from './register-extract-orders';
import { unknownRequestCode } from './registry-codes';
import { searchAddressOf } from './search-address';
import {
  officialCopyTitleKnown,
  officialCopyTitleKnownPoll,
  outstandingRequests,
  searchByPropertyDescription,
  type SoapService,
} from './services';
import type { BusinessGatewayTransport } from './transport';
import type { XmlContent, XmlNode } from './xml';

// The registry as HM Land Registry's Business Gateway: titles at an address by Search by Property Description, a
// title's documents by the official copies availability service, orders by Official Copy Title Known and its poll.
// What Business Gateway answers in its own terms (TypeCode, bg.* codes, ResultTypeCode) becomes the outcomes the
// orders service acts on, here and nowhere else.

export interface BusinessGatewayRegistryOptions {
  /** Who the registry may call about an order it has to process by hand (the request's Contact, which it requires). */
  contact: { name: string; telephone: string };
  /** The fee authorised per copy, VAT included: the registry refuses an order that would cost more. */
  authorisedFeePerCopyPence: number;
  /** Business time, for the times to try again that the client works out itself (the registry's opening). */
  now?: () => Date;
}

export { unknownRequestCode };

const tenureOf = (code: string): TitleCandidate['tenure'] =>
  code === tenureCodes.freehold
    ? 'freehold'
    : code === tenureCodes.leasehold
      ? 'leasehold'
      : code === tenureCodes.commonhold
        ? 'commonhold'
        : 'other';

/** The address as one line, as the register reads: flat, building, number and street, town, then the postcode. */
export const matchedAddressOf = (t: FoundTitle): string => {
  const { subBuildingName, buildingName, buildingNumber, streetName, cityName, postcode } = t.address;
  const street = [buildingNumber, streetName].filter(Boolean).join(' ');
  const lines = [subBuildingName, buildingName, street, cityName].filter((l): l is string => Boolean(l));
  return `${lines.join(', ')} ${postcode}`.trim();
};

const noMatchReasons: Readonly<Record<string, string>> = {
  [searchRejectionCodes.noneFound]: 'HM Land Registry found no registered title at this address; the land may be unregistered.',
  [searchRejectionCodes.tooMany]: 'HM Land Registry found more titles at this address than it lists; give the house or flat number.',
  [searchRejectionCodes.invalidPostcode]: 'HM Land Registry does not recognise this postcode.',
  [searchRejectionCodes.insufficientAddress]: 'HM Land Registry needs a house number or name with the postcode.',
};

const delayedUntil = (expected: string | null): { kind: 'delayed'; retryAfter: string } => ({
  kind: 'delayed',
  retryAfter: (expected ? instantOf(expected) : new Date(Date.now() + 60_000)).toISOString(),
});

export class BusinessGatewayRegistry implements RegistryGateway {
  constructor(
    private readonly transport: BusinessGatewayTransport,
    private readonly options: BusinessGatewayRegistryOptions,
  ) {}

  async searchTitles(search: TitleSearch): Promise<Answer<TitleMatches>> {
    const address = searchAddressOf(search.address, search.postcode);
    if (!address) return { kind: 'ok', value: { titles: [], noMatchReason: noMatchReasons[searchRejectionCodes.insufficientAddress]! } };
    const content = searchRequestContent({
      messageId: freshMessageId(),
      externalReference: 'title-search',
      customerReference: 'title-search',
      address,
    });
    const answer = await this.ask(searchByPropertyDescription, content, readSearchResponse);
    switch (answer.kind) {
      case 'acknowledgement':
        return delayedUntil(answer.acknowledgement.expectedResponseDateTime);
      case 'rejection': {
        const reason = noMatchReasons[answer.rejection.code];
        if (!reason) throw new Error(`title search rejected: ${answer.rejection.code} (${answer.rejection.reason})`);
        return { kind: 'ok', value: { titles: [], noMatchReason: reason } };
      }
      case 'result':
        return {
          kind: 'ok',
          value: {
            titles: answer.result.titles.map((t) => ({
              titleNumber: t.titleNumber,
              tenure: tenureOf(t.tenureCode),
              matchedAddress: matchedAddressOf(t),
            })),
            noMatchReason: null,
          },
        };
    }
  }

  describeTitle(titleNumber: string): Promise<Answer<TitleSummary | null>> {
    return describeByAvailability(this.transport, titleNumber, this.now());
  }

  async proprietorNames(titleNumber: string): Promise<Answer<RegisteredProprietors | null>> {
    let answer;
    try {
      answer = await fetchProprietorNames(this.transport, titleNumber, this.now());
    } catch (err) {
      // A title number the registry cannot read as one is no title it holds.
      if (err instanceof RestServiceError && err.status === 400) return { kind: 'ok', value: null };
      throw err;
    }
    switch (answer.kind) {
      case 'found':
        return { kind: 'ok', value: answer.value };
      case 'not-found':
        return { kind: 'ok', value: null };
      case 'out-of-hours':
        return { kind: 'delayed', retryAfter: answer.opensAt };
      case 'rate-limited':
      case 'delayed':
        return { kind: 'delayed', retryAfter: answer.retryAfter };
    }
  }

  async submitOrder(order: OrderSubmission): Promise<SubmissionOutcome> {
    if (order.withSummary) return submitWithSummary(this.transport, order, this.options.authorisedFeePerCopyPence);
    const requested = order.documents.length === 2 ? 'both' : order.documents[0] === 'plan' ? 'plan' : 'register';
    const content = officialCopyRequestContent({
      messageId: orderMessageId(order.clientReference),
      externalReference: referenceOf(order.clientReference),
      customerReference: referenceOf(order.clientReference),
      titleNumber: order.titleNumber.replace(/\s/g, '').toUpperCase(),
      requested,
      expectedGrossPence: this.options.authorisedFeePerCopyPence * order.documents.length,
      contact: this.options.contact,
      propertyDescription: `Title ${order.titleNumber}`,
      sendBackDated: order.backdatedCopyConfirmed,
    });
    let answer: GatewayAnswer<OfficialCopyResults>;
    try {
      const envelope = await this.transport.soap(officialCopyTitleKnown, content);
      // A fault is the registry refusing the request itself (its schema, the account): nothing was ordered.
      if (envelope.kind === 'fault')
        return { kind: 'rejected', code: 'REGISTRY_REJECTED', message: `${envelope.fault.message} (${envelope.fault.code})` };
      answer = readOfficialCopyResponse(envelope.content);
    } catch (err) {
      // No answer, or none that could be read: the request may have been recorded. The same MessageID again settles it.
      return { kind: 'uncertain', reason: err instanceof Error ? err.message : String(err) };
    }
    switch (answer.kind) {
      case 'acknowledgement': {
        const { hmlrReference, expectedResponseDateTime, uniqueId } = answer.acknowledgement;
        // Queued out of hours: the same request again, once the registry opens, gets its answer.
        if (!hmlrReference && expectedResponseDateTime)
          return { kind: 'closed', opensAt: instantOf(expectedResponseDateTime).toISOString() };
        return { kind: 'accepted', registryReference: hmlrReference ?? uniqueId };
      }
      case 'rejection':
        return { kind: 'rejected', code: 'REGISTRY_REJECTED', message: `${answer.rejection.reason} (${answer.rejection.code})` };
      case 'result':
        return { kind: 'accepted', registryReference: answer.result.hmlrReference ?? orderMessageId(order.clientReference) };
    }
  }

  async orderState(order: OrderReference): Promise<RegistryOrderState> {
    if (order.withSummary) return withSummaryState(this.transport, order);
    const messageId = orderMessageId(order.clientReference);
    const answer = await this.ask(officialCopyTitleKnownPoll, pollRequestContent(messageId), readOfficialCopyResponse);
    switch (answer.kind) {
      case 'acknowledgement':
        return { kind: 'processing', registryReference: answer.acknowledgement.hmlrReference ?? messageId };
      case 'rejection':
        if (answer.rejection.code === unknownRequestCode) return { kind: 'unknown' };
        return {
          kind: 'failed',
          registryReference: messageId,
          code: 'REGISTRY_FULFILMENT_FAILED',
          message: `${answer.rejection.reason} (${answer.rejection.code})`,
        };
      case 'result': {
        const { result } = answer;
        const registryReference = result.hmlrReference ?? messageId;
        if (result.resultTypeCode !== resultTypes.electronic || !result.attachment) {
          const how = result.resultTypeCode === resultTypes.cancelled ? 'cancelled the order' : 'can only send the copies by post';
          return {
            kind: 'failed',
            registryReference,
            code: 'REGISTRY_FULFILMENT_FAILED',
            message: `HM Land Registry ${how} (result type ${result.resultTypeCode}).`,
          };
        }
        return { kind: 'completed', registryReference, documents: documentsOf(result.attachment, order.documents) };
      }
    }
  }

  async followUpOrder(order: OrderReference): Promise<RegistryOrderState> {
    const messageId = orderMessageId(order.clientReference);
    const answer = await this.transport.soap(
      outstandingRequests,
      outstandingRequestsContent({
        messageId: freshMessageId(),
        showOnlyNewResponses: false,
        specificService: order.withSummary ? serviceTypes.officialCopyWithSummaryV2_1 : serviceTypes.officialCopyTitleKnownV2_1,
      }),
    );
    if (answer.kind === 'fault')
      throw new Error(`${outstandingRequests.endpoint}: SOAP fault ${answer.fault.code}: ${answer.fault.message}`);
    const list = readOutstandingRequests(answer.content);
    if (list.kind === 'rejection') throw new Error(`${outstandingRequests.endpoint}: rejected: ${list.code} (${list.reason})`);
    // Listed: the registry holds the request, and its poll says how it stands (with the registry's own reference).
    if (list.requests.some((r) => r.messageId === messageId)) return this.orderState(order);
    // Not listed: answered already (its poll still gives the answer), or never received, which a poll that cannot
    // find it (a rejection or a fault, the pack does not say which) then means.
    try {
      return await this.orderState(order);
    } catch (err) {
      if (err instanceof Error && /SOAP fault/.test(err.message)) return { kind: 'unknown' };
      throw err;
    }
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** One request and its answer; a fault (schema or account) is a throw naming it. */
  private async ask<R>(service: SoapService, content: XmlContent, read: (content: XmlNode) => GatewayAnswer<R>): Promise<GatewayAnswer<R>> {
    const answer = await this.transport.soap(service, content);
    if (answer.kind === 'fault') {
      const { code, message, details } = answer.fault;
      throw new Error(`${service.endpoint}: SOAP fault ${code}: ${message}${details.length ? ` (${details.join('; ')})` : ''}`);
    }
    return read(answer.content);
  }
}
