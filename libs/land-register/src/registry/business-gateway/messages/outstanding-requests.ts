import { childOf, many, textAt, type XmlContent, type XmlNode } from '../xml';

// Outstanding Requests (request V2_1, response V2_0): which of the organisation's requests have not had their final
// answer collected, and for which an answer is waiting (`newResponse`). Each entry names the original request's
// message ID and its service type; the caller polls that service's poll endpoint with the same message ID.

/** The service type codes of the services this API polls, as Outstanding Requests names them. */
export const serviceTypes = {
  searchByPropertyDescriptionV2_0: 75,
  officialCopyTitleKnownV2_1: 84,
  officialCopyWithSummaryV2_1: 86,
} as const;

export type ServiceType = (typeof serviceTypes)[keyof typeof serviceTypes];

export interface OutstandingRequestsQuery {
  /** This request's own message ID: 5 to 50 letters, digits and hyphens, a new one each call. */
  messageId: string;
  /** true: only requests with an answer waiting; false: every request still outstanding. */
  showOnlyNewResponses: boolean;
  /** One service type code; absent: every service. */
  specificService?: number;
}

export interface OutstandingRequest {
  /** The message ID the original request was sent with. */
  messageId: string;
  /** An answer is waiting to be collected by a poll. */
  newResponse: boolean;
  serviceType: number;
}

export type OutstandingRequestsAnswer =
  | { kind: 'list'; requests: OutstandingRequest[]; resultDateTime: string }
  /** e.g. code `bg.invalid.service.type` for a service type the registry does not know. */
  | { kind: 'rejection'; code: string; reason: string };

/** The request's content. The provider filter is required but only some services let a request carry one: sent empty. */
export const outstandingRequestsContent = (query: OutstandingRequestsQuery): XmlContent => ({
  ID: { MessageID: query.messageId },
  Product: {
    AdditionalProviderFilter: '',
    ShowOnlyNewResponses: String(query.showOnlyNewResponses),
    SpecificService: query.specificService === undefined ? undefined : String(query.specificService),
  },
});

const booleanOf = (text: string | undefined, what: string): boolean => {
  const t = text?.trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new Error(`Outstanding Requests: ${what} is not a boolean (${String(text)})`);
};

const intOf = (text: string | undefined, what: string): number => {
  if (text === undefined || !/^\s*[+-]?\d+\s*$/.test(text))
    throw new Error(`Outstanding Requests: ${what} is not a whole number (${String(text)})`);
  return Number(text);
};

/** The registry's reading of a request it received. */
export const readOutstandingRequestsQuery = (content: XmlNode): OutstandingRequestsQuery => {
  const product = childOf(content, 'Product');
  const specific = textAt(product, 'SpecificService');
  return {
    messageId: textAt(content, 'ID', 'MessageID') ?? '',
    showOnlyNewResponses: booleanOf(textAt(product, 'ShowOnlyNewResponses') || 'false', 'ShowOnlyNewResponses'),
    ...(specific !== undefined ? { specificService: intOf(specific, 'SpecificService') } : {}),
  };
};

/** A list answer's content (type code 30); the result time as ISO 8601. */
export const outstandingRequestsListContent = (requests: readonly OutstandingRequest[], resultDateTime: string): XmlContent => ({
  TypeCode: '30',
  Results: {
    OutstandingRequests: requests.map((r) => ({
      ID: { MessageID: r.messageId },
      NewResponse: String(r.newResponse),
      ServiceType: String(r.serviceType),
    })),
    ResultDateTime: resultDateTime,
  },
});

/** A rejection's content (type code 20). */
export const outstandingRequestsRejectionContent = (code: string, reason: string): XmlContent => ({
  TypeCode: '20',
  Rejection: { RejectionResponse: { Reason: reason, Code: code } },
});

/** Reads the `return` content of a response; throws when it is neither a list nor a rejection. */
export const readOutstandingRequests = (content: XmlNode): OutstandingRequestsAnswer => {
  const typeCode = textAt(content, 'TypeCode')?.trim();
  if (typeCode === '20') {
    const rejection = childOf(childOf(content, 'Rejection'), 'RejectionResponse');
    return { kind: 'rejection', code: textAt(rejection, 'Code') ?? '', reason: textAt(rejection, 'Reason') ?? '' };
  }
  const results = childOf(content, 'Results');
  if (typeCode !== '30' || !results) throw new Error(`Outstanding Requests: type code ${String(typeCode)} without a list or a rejection`);
  const resultDateTime = textAt(results, 'ResultDateTime');
  if (!resultDateTime) throw new Error('Outstanding Requests: a list without its ResultDateTime');
  return {
    kind: 'list',
    requests: many(results.OutstandingRequests).map((r, i) => ({
      messageId: textAt(r, 'ID', 'MessageID') ?? '',
      newResponse: booleanOf(textAt(r, 'NewResponse'), `entry ${i + 1}'s NewResponse`),
      serviceType: intOf(textAt(r, 'ServiceType'), `entry ${i + 1}'s ServiceType`),
    })),
    resultDateTime,
  };
};
