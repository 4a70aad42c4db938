import { SyntheticTestRegisterResult } from '../land-registry/extraction';
import { creditsPerPdf, extractionCredits, lookupCredits, registryPencePerPdf, servicePencePerPdf } from '../land-registry/pricing';
import { z } from '../zod';
import { freeEnvelope } from './billing';
import {
  IdempotencyKey,
  DocumentPath,
  OrderIdPath,
  TestRegisterExtractionRequest,
  TitleAvailabilityResponse,
  TitleCandidatesResponse,
  TitleMatchRequest,
  TitleNumberPath,
  TitleOrderRequest,
  TitleOrderResponse,
  TitleOrderStatusResponse,
} from './land-registry';
import { defineOperation } from './operation';
import { registryServices } from './registry-services';

// The Land Registry group (England and Wales only): its seven operations as the gateway serves them.

const pdfPence = registryPencePerPdf + servicePencePerPdf;

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

**Billing on the 202.** Placement reserves the order's credits (\`cost.totalCredits\`) and Purchase Balance; nothing is
charged yet. \`billing.creditsCharged\` and \`X-Credits-Charged\` are 0, and \`billing.creditsReserved\` and
\`X-Credits-Reserved\` report the credits held. \`creditsRemaining\` is the balance after the reservation. The credits are
charged (captured) when the registry accepts the order, and given back if it fails:
\`cost.documentCreditPaymentStatus\` and \`cost.extractionPaymentStatus\` in the order status show which. A replay of an
earlier placement reserves nothing more (\`creditsReserved\` 0).

**Idempotency.** \`Idempotency-Key\` (8 to 128 printable ASCII characters) names the order: a retry with the same key
and body answers with the same order and never places another; the same key with a different body is 422
\`IDEMPOTENCY_KEY_REUSED\`. After a 504 \`UPSTREAM_TIMEOUT\` the order may still be placed: retry with the same key.
A placement the ledger refuses when it reserves (402 \`INSUFFICIENT_CREDITS\` or \`INSUFFICIENT_PURCHASE_BALANCE\`; 403
\`ORDERING_NOT_ENABLED\`, \`ACCOUNT_HELD\` or \`ACCOUNT_IN_DEBT\`) is recorded as a \`rejected\` order under its key, so
the key is used up: a retry with the same key and body answers the same refusal, even once the account is put right.
Place the order again with a new key then. A refusal found before anything is recorded (an invalid request or header,
the title's own refusals, the registry delayed or failing) leaves the key unused.

${orderRules}

${orderStates}

${paymentStatusText}

${documentsText}

${registryServices.officialCopies}`;

const lookupErrors = {
  INSUFFICIENT_CREDITS: `Not enough credits (${lookupCredits}); nothing charged`,
  LAND_REGISTRY_ERROR: 'The registry or its service failed; nothing charged',
  LAND_REGISTRY_DELAYED: 'The registry delayed the lookup; retry after `error.retryAfter` (also in `Retry-After`); nothing charged',
  UPSTREAM_TIMEOUT: 'The lookup was not answered in time; nothing charged',
} as const;

export const landRegistryTitleLookup = defineOperation({
  operationId: 'land_registry_title_lookup',
  method: 'post',
  path: '/land-registry/title-matches',
  tag: 'Land Registry',
  summary: 'Find the registered titles of a property',
  description:
    `England and Wales only. Body: exactly one of \`{uprn}\`, or \`{address, postcode}\`; no other properties. ` +
    'A `no_match` answer is a completed lookup. Postcodes in Scotland (areas AB, DD, DG, EH, FK, G, HS, IV, KA, KW, KY, ML, PA, PH, ZE) ' +
    'or Northern Ireland (BT) are refused with 400 `OUTSIDE_ENGLAND_AND_WALES` before anything is reserved; TD and CA straddle ' +
    'the border and are left to the registry. When the registry delays the lookup the answer is 503 `LAND_REGISTRY_DELAYED` ' +
    'with `error.retryAfter` and `Retry-After`, and nothing is charged.\n\n' +
    registryServices.titleSearch,
  cost: { kind: 'per_call', credits: lookupCredits, charging: 'reserve_first' },
  chargedFor: 'completed lookup',
  request: { body: TitleMatchRequest },
  response: { status: 200, description: 'Title candidates', mediaType: 'application/json', schema: TitleCandidatesResponse },
  errors: {
    INVALID_PARAMETERS: 'Both alternatives, neither, other properties or invalid values (`details` names the fields); nothing charged',
    OUTSIDE_ENGLAND_AND_WALES: 'The postcode is in Scotland or Northern Ireland; nothing charged',
    ...lookupErrors,
  },
});

export const landRegistryDocumentAvailability = defineOperation({
  operationId: 'land_registry_document_availability',
  method: 'get',
  path: '/land-registry/titles/{titleNumber}',
  tag: 'Land Registry',
  summary: 'Title status, document availability and prices',
  description:
    `England and Wales only. A delay of the registry is charged nothing. Places no order. Reports the title's status (a closed title names the title it ` +
    'continues under), pending applications (a copy issued now is backdated; ordering it then needs `backdatedCopyConfirmed`), ' +
    'the availability of the register, the title plan and referred documents, and the price of each order option. ' +
    'A delayed registry answers 503 `LAND_REGISTRY_DELAYED` with `error.retryAfter` and `Retry-After`; nothing is charged.\n\n' +
    registryServices.documentAvailability,
  cost: { kind: 'per_call', credits: lookupCredits, charging: 'reserve_first' },
  chargedFor: 'completed lookup',
  request: { params: TitleNumberPath },
  response: { status: 200, description: 'Title, documents and pricing', mediaType: 'application/json', schema: TitleAvailabilityResponse },
  invalidMessage: '`titleNumber` must be 3 to 20 letters and digits (spaces are ignored).',
  errors: {
    INVALID_PARAMETERS: '`titleNumber` is not 3 to 20 letters and digits; nothing charged',
    TITLE_NOT_FOUND: 'The registry has no such title; nothing charged',
    ...lookupErrors,
  },
});

export const landRegistryOfficialCopyOrder = defineOperation({
  operationId: 'land_registry_official_copy_order',
  method: 'post',
  path: '/land-registry/title-orders',
  tag: 'Land Registry',
  summary: 'Order official copies of a title (consequential)',
  description: placementDescription,
  cost: { kind: 'per_order' },
  request: { headers: z.object({ 'Idempotency-Key': IdempotencyKey }), body: TitleOrderRequest },
  response: {
    status: 202,
    description:
      'The order as placed (or, for a replayed key, as it stands); `billing` reports 0 charged and the credits reserved. Sent once the status endpoint can show the order, so polling it at once never answers 404 for it',
    mediaType: 'application/json',
    schema: TitleOrderResponse,
    headers: { 'X-Credits-Reserved': { description: 'Credits this placement reserved (0 for a replay)', schema: { type: 'integer' } } },
  },
  errors: {
    IDEMPOTENCY_KEY_REQUIRED: 'The `Idempotency-Key` header is missing (checked first); nothing charged',
    INVALID_IDEMPOTENCY_KEY: 'The key is not 8 to 128 printable ASCII characters; nothing charged',
    INVALID_PARAMETERS: 'The body is invalid (`details` names the fields); nothing charged',
    EXTRACTION_NOT_AVAILABLE_FOR_PLAN: '`extractRegisterText` with a plan-only order; nothing charged',
    INSUFFICIENT_CREDITS: 'The ledger refused the reservation: not enough credits; nothing charged; the key is used up',
    INSUFFICIENT_PURCHASE_BALANCE: 'The ledger refused the reservation: not enough Purchase Balance; nothing charged; the key is used up',
    ORDERING_NOT_ENABLED:
      'The account has no ordering entitlement; nothing charged; the key is used up (retry with a new one once enabled)',
    ACCOUNT_HELD: 'The account is on hold; nothing charged; the key is used up',
    ACCOUNT_IN_DEBT: 'The account is in debt; nothing charged; the key is used up',
    TITLE_NOT_FOUND: 'The registry has no such title; nothing charged',
    TITLE_CLOSED: 'The title is closed: order the continuing title named in the message; nothing charged',
    BACKDATED_COPY_NOT_CONFIRMED: 'Applications are pending: resend with `backdatedCopyConfirmed: true`; nothing charged',
    DOCUMENT_NOT_AVAILABLE: 'The registry cannot issue that document; nothing charged',
    PURCHASE_AUTHORISATION_MISMATCH:
      '`maximumChargePence` is not the exact Purchase Balance charge (the message states it); nothing charged',
    IDEMPOTENCY_KEY_REUSED: 'The key was used for a different order request; nothing charged',
    LAND_REGISTRY_ERROR: 'The registry or the order service failed; retry with the same `Idempotency-Key`',
    LAND_REGISTRY_DELAYED: 'The registry delayed the check; retry after `error.retryAfter` with the same `Idempotency-Key`',
    UPSTREAM_TIMEOUT:
      'The placement was not confirmed in time and may still complete; retry with the same `Idempotency-Key` (it cannot order twice)',
  },
});

export const landRegistryOrderStatus = defineOperation({
  operationId: 'land_registry_order_status',
  method: 'get',
  path: '/land-registry/title-orders/{orderId}',
  tag: 'Land Registry',
  summary: 'An order of the caller: fulfilment, retry time, documents and extracted text',
  description:
    "Only orders of the caller's " +
    `account are visible: any other id answers 404 \`ORDER_NOT_FOUND\`.\n\n${orderStates}\n\n${paymentStatusText}\n\n${documentsText}\n\n` +
    registryServices.orderStatus,
  cost: { kind: 'free' },
  request: { params: OrderIdPath },
  response: { status: 200, description: 'The order', mediaType: 'application/json', schema: TitleOrderStatusResponse },
  errors: {
    ORDER_NOT_FOUND: "No such order on the caller's account (including an id that is not an order id)",
    DATABASE_ERROR: 'The order could not be read; retry',
  },
});

const documentErrors = {
  DOCUMENT_NOT_FOUND: "No such document on the caller's orders (or, for text, none requested or the extraction failed)",
  DOCUMENT_NOT_READY: 'The order lists the document but it has not been delivered (or its text extracted) yet',
  DATABASE_ERROR: 'The document could not be read; retry',
} as const;

export const landRegistryOrderDocument = defineOperation({
  operationId: 'land_registry_order_document',
  method: 'get',
  path: '/land-registry/title-orders/{orderId}/documents/{documentId}',
  tag: 'Land Registry',
  summary: 'Download an official copy (PDF)',
  description:
    "The URL is a document's `downloadUrl` in the order. Answers the PDF as an attachment named " +
    '`<titleNumber>-<register|plan>.pdf`; 409 `DOCUMENT_NOT_READY` until the document is delivered.',
  cost: { kind: 'free' },
  request: { params: DocumentPath },
  response: {
    status: 200,
    description: 'The PDF',
    mediaType: 'application/pdf',
    schema: z.string().openapi({ type: 'string', format: 'binary' }),
    headers: { 'Content-Disposition': { description: 'attachment; filename="<titleNumber>-<kind>.pdf"', schema: { type: 'string' } } },
  },
  errors: documentErrors,
});

export const landRegistryOrderDocumentText = defineOperation({
  operationId: 'land_registry_order_document_text',
  method: 'get',
  path: '/land-registry/title-orders/{orderId}/documents/{documentId}/text',
  tag: 'Land Registry',
  summary: 'The register transcription of an ordered register',
  description:
    "The URL is a document's `textUrl`. Private transcription of the register, as plain text; the structured " +
    "data is in the order's `documents[].extraction`. 409 `DOCUMENT_NOT_READY` while `textStatus` is `pending`; 404 " +
    `\`DOCUMENT_NOT_FOUND\` when no text was requested or the extraction failed (its ${extractionCredits} credits are refunded).`,
  cost: { kind: 'free' },
  request: { params: DocumentPath },
  response: { status: 200, description: 'The transcription', mediaType: 'text/plain; charset=utf-8', schema: z.string() },
  errors: documentErrors,
});

export const landRegistryTestRegisterExtraction = defineOperation({
  operationId: 'land_registry_test_register_extraction',
  method: 'post',
  path: '/land-registry/test-register-extraction',
  tag: 'Land Registry',
  summary: 'Try register extraction on a synthetic register',
  description:
    'Uses no Purchase Balance either; calls no registry and ' +
    'creates no official copy. A synthetic PDF is generated in memory from a fixed synthetic register, transcribed and ' +
    'parsed as an ordered register would be. Body: `{}` or none; no properties allowed.',
  cost: { kind: 'free' },
  request: { body: TestRegisterExtractionRequest, bodyOptional: true },
  response: {
    status: 200,
    description: 'The synthetic register, its transcription and its analysis',
    mediaType: 'application/json',
    schema: freeEnvelope(SyntheticTestRegisterResult).openapi('TestRegisterExtractionResponse'),
  },
  invalidMessage: 'The body must be an empty JSON object `{}`, or absent; this operation takes no input.',
  errors: {
    LAND_REGISTRY_ERROR: 'The extraction service failed',
    UPSTREAM_TIMEOUT: 'The extraction was not answered in time; it is free, so retry',
  },
});
