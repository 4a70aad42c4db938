import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { SyntheticTestRegisterResult } from '../land-registry/extraction';
import { creditsPerPdf, extractionCredits, lookupCredits, registryPencePerPdf, servicePencePerPdf } from '../land-registry/pricing';
import { freeEnvelope } from '../rest/billing';
import { ErrorBody } from '../rest/errors';
import {
  IdempotencyKey,
  OrderIdPath,
  TestRegisterExtractionRequest,
  TitleAvailabilityResponse,
  TitleCandidatesResponse,
  TitleMatchRequest,
  TitleNumberPath,
  TitleOrderRequest,
  TitleOrderResponse,
  TitleOrderStatusResponse,
} from '../rest/land-registry';
import { RenovationUpliftQuery, RenovationUpliftResponse } from '../rest/renovation-calculator';
import { z } from '../zod';

const description = `UK property, land-registry, location and market data for server-side callers holding an API key.

**Authentication.** Send the key in the \`X-API-Key\` header, from server-side code only.

**Billing.** Each successful chargeable call deducts prepaid credits. Every authenticated response carries
\`X-Credits-Charged\` (0 for failed and free calls), \`X-Credits-Remaining\` (the ledger balance after the call)
and \`X-Credits-Refresh-At\` (omitted for trial and non-renewing balances). Successful chargeable JSON responses also
carry the \`billing\` object. A 401 carries \`X-Credits-Charged: 0\` only, since the caller is not known; so does a 400
for a body that is not valid JSON sent without a valid key (with a valid key it carries the balance headers too).

**Rate limits.** Per plan, per minute, per UK calendar day and per UK calendar month (Basic 10/500/5,000,
Standard 30/2,000/30,000, Premium 100/5,000/100,000, Enterprise as agreed), shared by every gateway instance.
Every authenticated response carries \`X-RateLimit-Limit\` (the per-minute limit), \`X-RateLimit-Remaining\` (requests
left before any window refuses) and \`X-RateLimit-Reset\` (Unix seconds when that window resets). Over a limit the
answer is 429 \`RATE_LIMITED\` with \`Retry-After\`; it charges nothing and does not count against the limit. Every
authenticated request that is admitted counts, including ones answered with a 4xx.

**Errors.** Every error answers \`{"success": false, "error": {"code", "message", "details?", "retryAfter?"}}\`. Codes
are stable; \`details\` names the failing fields; \`retryAfter\` (ISO 8601) says when to try again. Besides the codes in
the specification: \`INVALID_EXTENSION_AREA\` and \`INVALID_RENOVATION_UPLIFT\` (400) for the calculator's optional
parameters, \`NOT_FOUND\` (404) for unknown paths, \`SERVICE_UNAVAILABLE\` (503) when a backing service does not
answer in time (nothing is charged; retry), and \`UPSTREAM_TIMEOUT\` (504) when the work was sent but not answered in
time (the credit reservation is released, nothing is charged; an order placement may still complete, so retry it
with the same \`Idempotency-Key\`). The Land Registry operations add:
- 400: \`INVALID_PARAMETERS\` (any invalid parameter or body; \`details\` names the fields), \`IDEMPOTENCY_KEY_REQUIRED\`,
  \`INVALID_IDEMPOTENCY_KEY\`, \`EXTRACTION_NOT_AVAILABLE_FOR_PLAN\`, \`OUTSIDE_ENGLAND_AND_WALES\`;
- 402: \`INSUFFICIENT_PURCHASE_BALANCE\` (besides \`INSUFFICIENT_CREDITS\`);
- 403: \`ORDERING_NOT_ENABLED\`, \`ACCOUNT_HELD\`, \`ACCOUNT_IN_DEBT\`;
- 404: \`TITLE_NOT_FOUND\`, \`ORDER_NOT_FOUND\`, \`DOCUMENT_NOT_FOUND\`;
- 409: \`TITLE_CLOSED\`, \`BACKDATED_COPY_NOT_CONFIRMED\`, \`DOCUMENT_NOT_AVAILABLE\`, \`DOCUMENT_NOT_READY\`;
- 422: \`IDEMPOTENCY_KEY_REUSED\`, \`PURCHASE_AUTHORISATION_MISMATCH\`;
- 502: \`LAND_REGISTRY_ERROR\`; 503: \`LAND_REGISTRY_DELAYED\` (with \`error.retryAfter\` and \`Retry-After\`; nothing charged).

**Tracing.** Each response carries \`X-Request-Id\` (send your own to correlate; 1 to 100 characters of
\`[A-Za-z0-9._-]\`) and \`traceparent\` (W3C trace context).`;

const billingHeaders = {
  'X-Credits-Charged': { description: 'Credits charged by this call; 0 for failed and free calls', schema: { type: 'integer' as const } },
  'X-Credits-Remaining': { description: 'Credit balance after the call', schema: { type: 'integer' as const } },
  'X-Credits-Refresh-At': {
    description: 'Next monthly credit refresh (ISO 8601); omitted for trial and non-renewing balances',
    schema: { type: 'string' as const, format: 'date-time' },
  },
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute on this plan', schema: { type: 'integer' as const } },
  'X-RateLimit-Remaining': { description: 'Requests left before a window (minute, day or month) refuses', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when that window resets', schema: { type: 'integer' as const } },
};
const authenticatedHeaders = { ...billingHeaders, ...rateLimitHeaders };

const errorResponse = (text: string, withBilling = true) => ({
  description: text,
  headers: withBilling ? authenticatedHeaders : undefined,
  content: { 'application/json': { schema: ErrorBody } },
});

const retryAfterHeader = { 'Retry-After': { description: 'Seconds until `error.retryAfter`', schema: { type: 'integer' as const } } };
const delayedResponse = (text: string) => ({ ...errorResponse(text), headers: { ...authenticatedHeaders, ...retryAfterHeader } });
const jsonBody = (schema: z.ZodTypeAny, required = true) => ({ required, content: { 'application/json': { schema } } });
const ok = (description: string, schema: z.ZodTypeAny) => ({ description, headers: authenticatedHeaders, content: { 'application/json': { schema } } });

// ---- Land Registry ---------------------------------------------------------------------------------------------

const pdfPence = registryPencePerPdf + servicePencePerPdf;

const lookupCost =
  `Cost: ${lookupCredits} credits per completed lookup, reserved before the registry is asked and captured only when ` +
  'it answers; a refusal, a delay or no answer releases them.';

const orderPricing = `**Cost.** Per PDF (register or title plan): ${pdfPence} p from the Purchase Balance (registry fee ${registryPencePerPdf} p +
service ${servicePencePerPdf} p) and ${creditsPerPdf} credits; \`both\` = ${2 * pdfPence} p and ${2 * creditsPerPdf} credits.
\`extractRegisterText: true\` adds ${extractionCredits} credits (register or both only). \`purchaseAuthorisation.maximumChargePence\`
must equal the Purchase Balance charge exactly (${pdfPence} for one PDF, ${2 * pdfPence} for both); credits are billed separately.`;

const orderRules = `**Rules.**
1. The order requires a known title number (404 \`TITLE_NOT_FOUND\`), an enabled account entitlement (403
   \`ORDERING_NOT_ENABLED\`), the \`Idempotency-Key\` header (400 \`IDEMPOTENCY_KEY_REQUIRED\`) and an exact
   \`maximumChargePence\` (422 \`PURCHASE_AUTHORISATION_MISMATCH\`).
2. Held accounts (403 \`ACCOUNT_HELD\`) and accounts with debt (403 \`ACCOUNT_IN_DEBT\`) cannot order.
3. Reservations (cash and credits) are made atomically before submission; document charges are captured after the
   registry accepts.
4. Orders accepted outside 06:30 to 23:00 Europe/London get status \`waiting_for_registry\` and \`retryAfter\` for the
   next opening; they are submitted automatically then.
5. A clear failure before submission refunds all reservations. An uncertain submission is quarantined with the cash
   reservation retained.
6. When extraction fails, the PDF stays available and only the ${extractionCredits} extraction credits are refunded.
7. Outside production, orders go to a registry test environment.`;

const orderStates = `**Order states** (\`status\`):
- \`reserving\` → \`rejected\` (the ledger refused: entitlement, hold, debt or balance; nothing taken) |
  \`waiting_for_registry\` (outside 06:30 to 23:00 Europe/London; \`retryAfter\` = the next opening) | \`submitting\`.
- \`waiting_for_registry\` → \`submitting\` at the opening, automatically.
- \`submitting\` → \`with_registry\` (the registry accepted; cash and document credits captured) | \`failed\` (the registry
  refused: everything released) | \`quarantined\` (outcome unknown: cash and credits held until an operator resolves
  it) | \`waiting_for_registry\` (the registry is closed).
- \`quarantined\` → \`with_registry\` (an operator had the registry asked and it holds the order: cash and credits
  captured, then on as any accepted order) | \`failed\` (the registry never received it: everything released).
- \`with_registry\` → \`completed\` (documents delivered, no extraction requested) | \`extracting\` | \`failed\` (the
  registry could not fulfil the order: full refund).
- \`extracting\` → \`completed\` (extraction ready; or extraction failed, the ${extractionCredits} extraction credits refunded
  and the PDF kept).

\`completed\`, \`rejected\` and \`failed\` are final; \`quarantined\` ends when an operator has the registry asked what became
of the submission.`;

const paymentStatusText = `**Payment statuses** (\`cost.paymentStatus\` for the Purchase Balance, \`cost.documentCreditPaymentStatus\`
and \`cost.extractionPaymentStatus\` for credits): \`not_reserved\` (nothing held yet, or the order was rejected),
\`reserved\` (held from the balance, not yet taken), \`captured\` (taken), \`released\` (held, then given back untaken),
\`quarantined\` (held while the submission's outcome is unknown), \`refunded\` (taken, then given back),
\`not_applicable\` (no such charge, e.g. no extraction requested).`;

const documentsText = `**Documents.** Each entry of \`documents\` has a \`downloadUrl\` (the PDF; 409 \`DOCUMENT_NOT_READY\` until its
\`status\` is \`available\`) and, when extraction was requested, a \`textUrl\` (the private register transcription;
409 until \`textStatus\` is \`ready\`). Both are free and need the owner's API key.`;

const placementDescription = `Consequential action: orders official copies from HM Land Registry (England and Wales only) and
spends Purchase Balance. Answers 202 with the order; follow it with \`land_registry_order_status\`.

${orderPricing}

**Billing on the 202.** \`billing.creditsCharged\` and \`X-Credits-Charged\` report the credits this placement reserved
(\`cost.totalCredits\`): they are captured when the registry accepts, and a failure gives them back, as
\`cost.documentCreditPaymentStatus\` and \`cost.extractionPaymentStatus\` show. \`creditsRemaining\` is the balance
after the reservation. A replay reports 0.

**Idempotency.** \`Idempotency-Key\` (8 to 128 printable ASCII characters) names the order: a retry with the same key
and body answers with the same order and never places another; the same key with a different body is 422
\`IDEMPOTENCY_KEY_REUSED\`. After a 504 \`UPSTREAM_TIMEOUT\` the order may still be placed: retry with the same key.

${orderRules}

${orderStates}

${paymentStatusText}

${documentsText}`;

const DocumentPath = OrderIdPath.extend({
  documentId: z.string().min(1).max(200).openapi({ description: 'The last segment of the document\'s `downloadUrl`', example: 'doc_8f2k1' }),
});

const anyOperation400 = errorResponse('INVALID_PARAMETERS: the request is malformed (e.g. a body that is not valid JSON); nothing charged');
const common = {
  401: errorResponse('UNAUTHORIZED: API key missing or invalid', false),
  429: errorResponse('RATE_LIMITED: a minute, day or month limit is reached; nothing charged; see Retry-After'),
  500: errorResponse('INTERNAL_SERVER_ERROR: unexpected error; nothing charged'),
};

const registerLandRegistry = (registry: OpenAPIRegistry) => {
  const base = { tags: ['Land Registry'], security: [{ apiKey: [] }] };

  registry.registerPath({
    ...base,
    method: 'post',
    path: '/land-registry/title-matches',
    operationId: 'land_registry_title_lookup',
    summary: 'Find the registered titles of a property',
    description:
      `England and Wales only. Body: exactly one of \`{uprn}\`, or \`{address, postcode}\`; no other properties. ${lookupCost} ` +
      'A `no_match` answer is a completed lookup. Postcodes in Scotland (areas AB, DD, DG, EH, FK, G, HS, IV, KA, KW, KY, ML, PA, PH, ZE) ' +
      'or Northern Ireland (BT) are refused with 400 `OUTSIDE_ENGLAND_AND_WALES` before anything is reserved; TD and CA straddle ' +
      'the border and are left to the registry. When the registry delays the lookup the answer is 503 `LAND_REGISTRY_DELAYED` ' +
      'with `error.retryAfter` and `Retry-After`, and nothing is charged.',
    request: { body: jsonBody(TitleMatchRequest) },
    responses: {
      200: ok('Title candidates', TitleCandidatesResponse),
      400: errorResponse('INVALID_PARAMETERS (both alternatives, neither, other properties or invalid values; `details` names the fields) or OUTSIDE_ENGLAND_AND_WALES; nothing charged'),
      ...common,
      402: errorResponse('INSUFFICIENT_CREDITS: not enough credits; nothing charged'),
      502: errorResponse('LAND_REGISTRY_ERROR: the registry or its service failed; nothing charged'),
      503: delayedResponse('LAND_REGISTRY_DELAYED: the registry delayed the lookup; retry after `error.retryAfter`; or SERVICE_UNAVAILABLE: the billing service did not answer; nothing charged'),
      504: errorResponse('UPSTREAM_TIMEOUT: the lookup was not answered in time; nothing charged'),
    },
  });

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/land-registry/titles/{titleNumber}',
    operationId: 'land_registry_document_availability',
    summary: 'Title status, document availability and prices',
    description:
      `England and Wales only. ${lookupCost} Places no order. Reports the title's status (a closed title names the title it ` +
      'continues under), pending applications (a copy issued now is backdated; ordering it then needs `backdatedCopyConfirmed`), ' +
      'the availability of the register, the title plan and referred documents, and the price of each order option. ' +
      'A delayed registry answers 503 `LAND_REGISTRY_DELAYED` with `error.retryAfter` and `Retry-After`; nothing is charged.',
    request: { params: TitleNumberPath },
    responses: {
      200: ok('Title, documents and pricing', TitleAvailabilityResponse),
      400: errorResponse('INVALID_PARAMETERS: `titleNumber` must be 3 to 20 characters; nothing charged'),
      ...common,
      402: errorResponse('INSUFFICIENT_CREDITS: not enough credits; nothing charged'),
      404: errorResponse('TITLE_NOT_FOUND: the registry has no such title; nothing charged'),
      502: errorResponse('LAND_REGISTRY_ERROR: the registry or its service failed; nothing charged'),
      503: delayedResponse('LAND_REGISTRY_DELAYED: the registry delayed the check; retry after `error.retryAfter`; or SERVICE_UNAVAILABLE: the billing service did not answer; nothing charged'),
      504: errorResponse('UPSTREAM_TIMEOUT: the check was not answered in time; nothing charged'),
    },
  });

  registry.registerPath({
    ...base,
    method: 'post',
    path: '/land-registry/title-orders',
    operationId: 'land_registry_official_copy_order',
    summary: 'Order official copies of a title (consequential)',
    description: placementDescription,
    request: { headers: z.object({ 'Idempotency-Key': IdempotencyKey }), body: jsonBody(TitleOrderRequest) },
    responses: {
      202: ok('The order as placed (or, for a replayed key, as it stands); `billing` reports the credits reserved', TitleOrderResponse),
      400: errorResponse(
        'IDEMPOTENCY_KEY_REQUIRED (header missing), INVALID_IDEMPOTENCY_KEY (not 8 to 128 printable ASCII characters), ' +
          'INVALID_PARAMETERS (invalid body; `details` names the fields) or EXTRACTION_NOT_AVAILABLE_FOR_PLAN; checked in that order; nothing charged',
      ),
      ...common,
      402: errorResponse('INSUFFICIENT_CREDITS or INSUFFICIENT_PURCHASE_BALANCE: the ledger refused the reservation; nothing charged'),
      403: errorResponse('ORDERING_NOT_ENABLED (no ordering entitlement), ACCOUNT_HELD or ACCOUNT_IN_DEBT; nothing charged'),
      404: errorResponse('TITLE_NOT_FOUND: the registry has no such title; nothing charged'),
      409: errorResponse(
        'TITLE_CLOSED (order under the continuing title), BACKDATED_COPY_NOT_CONFIRMED (applications are pending; resend with ' +
          '`backdatedCopyConfirmed: true`) or DOCUMENT_NOT_AVAILABLE (the registry cannot issue that document); nothing charged',
      ),
      422: errorResponse(
        'PURCHASE_AUTHORISATION_MISMATCH (`maximumChargePence` is not the exact Purchase Balance charge; the message states it) or ' +
          'IDEMPOTENCY_KEY_REUSED (the key was used for a different order request); nothing charged',
      ),
      500: errorResponse('INTERNAL_SERVER_ERROR: unexpected error; the order may have been placed: retry with the same Idempotency-Key'),
      502: errorResponse('LAND_REGISTRY_ERROR: the registry or the order service failed'),
      503: delayedResponse('LAND_REGISTRY_DELAYED: retry after `error.retryAfter` with the same Idempotency-Key'),
      504: errorResponse('UPSTREAM_TIMEOUT: the placement was not confirmed in time and may still complete; retry with the same Idempotency-Key (it cannot place a second order)'),
    },
  });

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/land-registry/title-orders/{orderId}',
    operationId: 'land_registry_order_status',
    summary: 'An order of the caller: fulfilment, retry time, documents and extracted text',
    description:
      'Cost: 0 credits (`X-Credits-Charged: 0` and the balance headers; no `billing` object). Only orders of the caller\'s ' +
      `account are visible: any other id answers 404 \`ORDER_NOT_FOUND\`.\n\n${orderStates}\n\n${paymentStatusText}\n\n${documentsText}`,
    request: { params: OrderIdPath },
    responses: {
      200: ok('The order', TitleOrderStatusResponse),
      400: anyOperation400,
      ...common,
      404: errorResponse('ORDER_NOT_FOUND: no such order on the caller\'s account'),
      500: errorResponse('DATABASE_ERROR: the order could not be read; retry. INTERNAL_SERVER_ERROR: unexpected error'),
    },
  });

  const documentErrors = {
    400: anyOperation400,
    ...common,
    404: errorResponse('DOCUMENT_NOT_FOUND: no such document on the caller\'s orders (or, for text, none requested or the extraction failed)'),
    409: errorResponse('DOCUMENT_NOT_READY: the order lists the document but it has not been delivered (or its text extracted) yet'),
    500: errorResponse('DATABASE_ERROR: the document could not be read; retry. INTERNAL_SERVER_ERROR: unexpected error'),
  };

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/land-registry/title-orders/{orderId}/documents/{documentId}',
    operationId: 'land_registry_order_document',
    summary: 'Download an official copy (PDF)',
    description:
      'Cost: 0 credits. The URL is a document\'s `downloadUrl` in the order. Answers the PDF as an attachment named ' +
      '`<titleNumber>-<register|plan>.pdf`; 409 `DOCUMENT_NOT_READY` until the document is delivered.',
    request: { params: DocumentPath },
    responses: {
      200: {
        description: 'The PDF',
        headers: { ...authenticatedHeaders, 'Content-Disposition': { description: 'attachment; filename="<titleNumber>-<kind>.pdf"', schema: { type: 'string' as const } } },
        content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
      },
      ...documentErrors,
    },
  });

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/land-registry/title-orders/{orderId}/documents/{documentId}/text',
    operationId: 'land_registry_order_document_text',
    summary: 'The register transcription of an ordered register',
    description:
      'Cost: 0 credits. The URL is a document\'s `textUrl`. Private transcription of the register, as plain text; the structured ' +
      'data is in the order\'s `documents[].extraction`. 409 `DOCUMENT_NOT_READY` while `textStatus` is `pending`; 404 ' +
      `\`DOCUMENT_NOT_FOUND\` when no text was requested or the extraction failed (its ${extractionCredits} credits are refunded).`,
    request: { params: DocumentPath },
    responses: {
      200: { description: 'The transcription', headers: authenticatedHeaders, content: { 'text/plain; charset=utf-8': { schema: { type: 'string' as const } } } },
      ...documentErrors,
    },
  });

  registry.registerPath({
    ...base,
    method: 'post',
    path: '/land-registry/test-register-extraction',
    operationId: 'land_registry_test_register_extraction',
    summary: 'Try register extraction on a synthetic register',
    description:
      'Free: uses no Purchase Balance and no credits (`X-Credits-Charged: 0`; no `billing` object); calls no registry and ' +
      'creates no official copy. A synthetic PDF is generated in memory from a fixed synthetic register, transcribed and ' +
      'parsed as an ordered register would be. Body: `{}` or none; no properties allowed.',
    request: { body: jsonBody(TestRegisterExtractionRequest, false) },
    responses: {
      200: ok('The synthetic register, its transcription and its analysis', freeEnvelope(SyntheticTestRegisterResult).openapi('TestRegisterExtractionResponse')),
      400: errorResponse('INVALID_PARAMETERS: the body is not `{}`'),
      ...common,
      502: errorResponse('LAND_REGISTRY_ERROR: the extraction service failed'),
      504: errorResponse('UPSTREAM_TIMEOUT: the extraction was not answered in time; retry'),
    },
  });
};

export const buildRegistry = (): OpenAPIRegistry => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });

  registry.registerPath({
    method: 'get',
    path: '/property/renovation-uplift-calculator',
    operationId: 'renovation_uplift_calculator',
    tags: ['Property Analysis'],
    summary: 'Renovation uplift calculator',
    description:
      'Pure calculation, no property data is fetched. Cost: 1 credit. Order: base £/m² = value / floorArea; ' +
      'extension value = extensionArea × base £/m²; subtotal = value + extension value; uplift = subtotal × ' +
      'renovationUplift / 100; adjustedValue = subtotal + uplift; adjusted £/m² = adjustedValue / (floorArea + ' +
      'extensionArea); £/ft² = £/m² ÷ 10.7639104. Money and per-area figures are rounded to whole pounds at the end.',
    security: [{ apiKey: [] }],
    request: { query: RenovationUpliftQuery },
    responses: {
      200: { description: 'Calculation result', headers: authenticatedHeaders, content: { 'application/json': { schema: RenovationUpliftResponse } } },
      400: errorResponse('INVALID_VALUE, INVALID_FLOOR_AREA, INVALID_EXTENSION_AREA or INVALID_RENOVATION_UPLIFT; nothing charged'),
      401: errorResponse('UNAUTHORIZED: API key missing or invalid', false),
      402: errorResponse('INSUFFICIENT_CREDITS: not enough credits; nothing charged'),
      429: errorResponse('RATE_LIMITED: a minute, day or month limit is reached; nothing charged; see Retry-After'),
      500: errorResponse('INTERNAL_ERROR: calculation failure; nothing charged'),
      503: errorResponse('SERVICE_UNAVAILABLE: a backing service did not answer; nothing charged'),
      504: errorResponse('UPSTREAM_TIMEOUT: the calculation was not answered in time; nothing charged'),
    },
  });

  registerLandRegistry(registry);

  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'openapi_document',
    tags: ['Service'],
    summary: 'This OpenAPI 3.1.0 document',
    security: [],
    responses: { 200: { description: 'The document', content: { 'application/json': { schema: z.object({}).passthrough() } } } },
  });
  return registry;
};

export const openApiDocument = () =>
  new OpenApiGeneratorV31(buildRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Property Data Service', version: '1.0.0', description },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    tags: [
      {
        name: 'Land Registry',
        description: 'Title lookup, document availability, official copy ordering and private title-register parsing; England and Wales only.',
      },
    ],
  });
