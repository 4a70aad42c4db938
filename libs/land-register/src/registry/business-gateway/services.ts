import type { Operation } from './soap';
import type { Namespaced } from './xml';

// The Business Gateway services this API uses, each at its published version, and where they answer. One setting
// chooses the environment: HM Land Registry's test service (`bgtest`, whose stubs for these services answer under
// `/b2b/ECBG_StubService` and, for the rest, `/b2b/BGStubService`) or the live one (`businessgateway`, everything under
// `/b2b/BGSoapEngine`); the REST services answer under `/bg2test/api` and `/bg2/api`. The registry test environment
// answers at the test service's paths, so a client pointed at it is pointed as it would be at `bgtest`.
//
// The developer pack gives the operation element and service namespace of Search by Property Description
// (`searchProperties`) and Official Copy Title Known (`performTitleKnownSearch`) in its examples; for the poll
// services, Register Extract and Outstanding Requests it sends the reader to the WSDL, which needs a client
// certificate. Those follow the pattern of the published ones (the poll operation is `getResponse` in a `poll.`
// namespace, as the pack's e-DRS poll example shows), and are named once, here, to be checked against the WSDL.

export type Environment = 'test' | 'live';

export interface MessageSchema extends Namespaced {
  /** The schema's global element: the root a message is checked under. */
  root: string;
  /** The project's schema file in schemas/business-gateway/. */
  file: string;
}

export interface SoapService {
  /** The endpoint's name, e.g. `EnquiryByPropertyDescriptionV2_0WebService`. */
  endpoint: string;
  /** Which stub path the test service keeps it under. */
  testStub: 'ECBG_StubService' | 'BGStubService';
  operation: Operation;
  request: MessageSchema;
  response: MessageSchema;
}

const oscre = 'http://www.oscre.org/ns/eReg-Final/2011/';
const pollNamespace = 'http://www.oscre.org/ns/eReg/MR01-20090605/PollRequest';

const pollRequest: MessageSchema = { namespace: pollNamespace, attributesQualified: false, root: 'PollRequest', file: 'poll-request.xsd' };

const searchByPropertyDescriptionResponse: MessageSchema = {
  namespace: `${oscre}ResponseSearchByPropertyDescriptionV2_0`,
  attributesQualified: true,
  root: 'ResponseSearchByPropertyDescriptionV2_0',
  file: 'search-by-property-description-response.xsd',
};

const officialCopyResponse: MessageSchema = {
  namespace: `${oscre}ResponseTitleKnownOfficialCopyV2_0`,
  attributesQualified: true,
  root: 'ResponseTitleKnownOfficialCopyV2_0',
  file: 'official-copy-title-known-response.xsd',
};

/** Enquiry by Property Description V2_0: titles at an address. */
export const searchByPropertyDescription: SoapService = {
  endpoint: 'EnquiryByPropertyDescriptionV2_0WebService',
  testStub: 'ECBG_StubService',
  operation: { name: 'searchProperties', namespace: 'http://epdv2_0.ws.bg.lr.gov/' },
  request: {
    namespace: `${oscre}RequestSearchByPropertyDescriptionV2_0`,
    attributesQualified: true,
    root: 'RequestSearchByPropertyDescriptionV2_0',
    file: 'search-by-property-description-request.xsd',
  },
  response: searchByPropertyDescriptionResponse,
};

export const searchByPropertyDescriptionPoll: SoapService = {
  endpoint: 'EnquiryByPropertyDescriptionV2_0PollWebService',
  testStub: 'ECBG_StubService',
  operation: { name: 'getResponse', namespace: 'http://poll.epdv2_0.ws.bg.lr.gov/' },
  request: pollRequest,
  response: searchByPropertyDescriptionResponse,
};

/** Official Copy Title Known: request V2_1, response V2_0 (the pack's current pair). */
export const officialCopyTitleKnown: SoapService = {
  endpoint: 'OfficialCopyTitleKnownV2_1WebService',
  testStub: 'ECBG_StubService',
  operation: { name: 'performTitleKnownSearch', namespace: 'http://officialcopyv2_1.ws.bg.lr.gov/' },
  request: {
    namespace: `${oscre}RequestTitleKnownOfficialCopyV2_1`,
    attributesQualified: true,
    root: 'RequestTitleKnownOfficialCopyV2_1',
    file: 'official-copy-title-known-request.xsd',
  },
  response: officialCopyResponse,
};

/** The developer guide's name for it; the endpoint list of some pages drops the `OC1` prefix. */
export const officialCopyTitleKnownPoll: SoapService = {
  endpoint: 'OC1TitleKnownV2_1PollRequestWebService',
  testStub: 'ECBG_StubService',
  operation: { name: 'getResponse', namespace: 'http://poll.officialcopyv2_1.ws.bg.lr.gov/' },
  request: pollRequest,
  response: officialCopyResponse,
};

export const soapPath = (environment: Environment, service: SoapService): string =>
  `/b2b/${environment === 'live' ? 'BGSoapEngine' : service.testStub}/${service.endpoint}`;

/** REST services: `/bg2test/api/v2/titles/…` in test, `/bg2/api/v2/titles/…` live. */
export const restPath = (environment: Environment, version: 'v1' | 'v2', path: string): string =>
  `/${environment === 'live' ? 'bg2' : 'bg2test'}/api/${version}${path}`;

/** Where each environment answers, unless a URL is given (the registry test environment's). */
export const environmentRoots: Readonly<Record<Environment, string>> = {
  test: 'https://bgtest.landregistry.gov.uk',
  live: 'https://businessgateway.landregistry.gov.uk',
};

const officialCopyWithSummaryResponse: MessageSchema = {
  namespace: `${oscre}ResponseOCWithSummaryV2_1`,
  attributesQualified: false,
  root: 'ResponseOCWithSummaryV2_1',
  file: 'official-copy-with-summary-response.xsd',
};

/**
 * Register Extract Service ("official copy with summary"): request V2_0, answered (and polled) with response V2_1.
 * The operation name and namespaces are not published; they follow Official Copy Title Known's, to be checked
 * against the WSDL.
 */
export const officialCopyWithSummary: SoapService = {
  endpoint: 'OfficialCopyWithSummaryV2_1WebService',
  testStub: 'BGStubService',
  operation: { name: 'performOCWithSummary', namespace: 'http://ocwithsummaryv2_1.ws.bg.lr.gov/' },
  request: {
    namespace: `${oscre}RequestOCWithSummaryV2_0`,
    attributesQualified: false,
    root: 'RequestOCWithSummaryV2_0',
    file: 'official-copy-with-summary-request.xsd',
  },
  response: officialCopyWithSummaryResponse,
};

export const officialCopyWithSummaryPoll: SoapService = {
  endpoint: 'OfficialCopyWithSummaryV2_1PollRequestWebService',
  testStub: 'BGStubService',
  operation: { name: 'getResponse', namespace: 'http://poll.ocwithsummaryv2_1.ws.bg.lr.gov/' },
  request: pollRequest,
  response: officialCopyWithSummaryResponse,
};

/**
 * Outstanding Requests: request V2_1, response V2_0. The operation and service namespace follow the published
 * services' pattern (the pack gives neither): `getOutstandingRequests` in `http://outstandingrequestsv2_1.ws.bg.lr.gov/`.
 */
export const outstandingRequests: SoapService = {
  endpoint: 'OutstandingRequestsV2_1WebService',
  testStub: 'BGStubService',
  operation: { name: 'getOutstandingRequests', namespace: 'http://outstandingrequestsv2_1.ws.bg.lr.gov/' },
  request: {
    namespace: `${oscre}RequestOutstandingRequestsV2_1`,
    attributesQualified: false,
    root: 'RequestOutstandingRequests',
    file: 'outstanding-requests-request.xsd',
  },
  response: {
    namespace: `${oscre}ResponseOutstandingRequestsV2_0`,
    attributesQualified: false,
    root: 'ResponseOutstandingRequests',
    file: 'outstanding-requests-response.xsd',
  },
};
