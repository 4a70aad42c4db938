import { priceLines } from '../reports/pricing';
import { reportPlans, reportPrices } from '../reports/sections';
import { z } from '../zod';
import { IdempotencyKey } from './land-registry';
import { defineOperation } from './operation';
import {
  ReportIdPath,
  ReportListQuery,
  ReportListResponse,
  ReportRequest,
  ReportResponse,
  ReportStatusResponse,
  reportBodyLimitBytes,
} from './reports';

// Property Reports: request a pack, follow it, download it, list them. The specification names the group
// ("asynchronous branded PDF information packs and job status") and shows no operation; these are its design.

const sectionList = (type: keyof typeof reportPlans) =>
  reportPlans[type].map((s) => `\`${s.name}\` (${s.operationId}${s.core ? ', core' : ''})`).join(', ');

const createDescription =
  'Requests a branded PDF information pack, assembled from the API’s own answers and rendered in the background. ' +
  'Answers `202` at once with the report, `queued`; follow it with `GET /reports/{reportId}` (or a `report.completed` ' +
  'webhook) and download the PDF from `downloadUrl` once `completed`.\n\n' +
  '**Prices** (fixed per type, whatever sections turn out to be unavailable):\n' +
  `${priceLines().join('\n')}\n\n` +
  'The credits are reserved when the report is requested, taken once when it completes, and released in full if it ' +
  'fails; `creditsCharged` says which.\n\n' +
  `**Sections.** A \`property-pack\` (subject \`{uprn}\` or \`{address, postcode}\`): ${sectionList('property-pack')}. ` +
  `An \`area-pack\` (subject \`{postcode}\`): ${sectionList('area-pack')}. Each section is the answer of the operation ` +
  'named, made with the query its `source.input` shows, so the same call gives the same figures. A core section ' +
  'that cannot be made fails the report (free); any other that cannot be made is listed in `unavailable`, with its ' +
  'reason in the section and in the document.\n\n' +
  '**`asOf`** (default today in the UK) is the date the figures are as of: see the request schema.\n\n' +
  '**Branding:** `companyName` on the cover and every page, `primaryColour` for the cover band and headings, an ' +
  'optional `logo` (PNG or JPEG, base64, at most 200 kB decoded) and `footerText` on every page. The body may be up ' +
  'to 300 kB.\n\n' +
  '**Idempotency:** `Idempotency-Key` is required. A retry with the same key and body answers the same report and ' +
  'reserves nothing again (`X-Credits-Reserved: 0`); the same key with another body is refused (422). A request ' +
  'refused before anything is reserved (bad input, unknown subject) leaves the key unused.';

export const reportCreate = defineOperation({
  operationId: 'report_create',
  method: 'post',
  path: '/reports',
  tag: 'Property Reports',
  summary: 'Request a branded PDF report (property or area pack)',
  description: createDescription,
  cost: { kind: 'per_report', credits: reportPrices },
  request: {
    headers: z.object({ 'Idempotency-Key': IdempotencyKey }),
    body: ReportRequest,
    bodyLimitBytes: reportBodyLimitBytes,
  },
  response: {
    status: 202,
    description:
      'The report as requested (or, for a replayed key, as it stands); `billing` reports 0 charged and the credits reserved. ' +
      'Sent once the status endpoint can show the report',
    mediaType: 'application/json',
    schema: ReportResponse,
    headers: { 'X-Credits-Reserved': { description: 'Credits this request reserved (0 for a replay)', schema: { type: 'integer' } } },
  },
  errors: {
    IDEMPOTENCY_KEY_REQUIRED: 'The `Idempotency-Key` header is missing (checked first); nothing reserved',
    INVALID_IDEMPOTENCY_KEY: 'The key is not 8 to 128 printable ASCII characters; nothing reserved',
    INVALID_PARAMETERS: 'The body is invalid (`details` names the fields); nothing reserved',
    INVALID_AS_OF: '`asOf` is after today in the UK, or before 1995-01-01; nothing reserved',
    INVALID_LOGO: 'The logo is a PNG or JPEG by its first bytes but cannot be drawn (corrupt, or an unsupported variant); nothing reserved',
    PROPERTY_NOT_FOUND: 'No property has that UPRN, or no address of the postcode matches; nothing reserved',
    POSTCODE_NOT_FOUND: 'The postcode is not (or no longer) in use; nothing reserved',
    ADDRESS_AMBIGUOUS: 'The address matches several properties: `candidates` lists them; retry with a `uprn`; nothing reserved',
    OUTSIDE_GREAT_BRITAIN: 'A Northern Irish postcode: the address dataset covers Great Britain; nothing reserved',
    INSUFFICIENT_CREDITS: 'The ledger refused the reservation: not enough credits; nothing charged; the key is used up',
    ACCOUNT_HELD: 'The account is on hold; nothing charged; the key is used up',
    ACCOUNT_IN_DEBT: 'The account is in debt; nothing charged; the key is used up',
    IDEMPOTENCY_KEY_REUSED: 'The key was used for a different report request; nothing reserved',
    SERVICE_UNAVAILABLE: 'The ledger did not answer in time; retry with the same `Idempotency-Key` (it cannot charge twice)',
    UPSTREAM_TIMEOUT:
      'The request was not confirmed in time and may still be recorded; retry with the same `Idempotency-Key` (it cannot charge twice)',
  },
});

export const reportStatus = defineOperation({
  operationId: 'report_status',
  method: 'get',
  path: '/reports/{reportId}',
  tag: 'Property Reports',
  summary: "A report's status, sections and progress",
  description:
    'The report as it stands: `status`, `progress`, each section with its state (and, for one unavailable, why), ' +
    '`downloadUrl` once completed, `error` once failed, and the credits reserved and charged. Poll every few seconds, ' +
    'or register a webhook for `report.completed` and `report.failed`.',
  cost: { kind: 'free' },
  request: { params: ReportIdPath },
  response: { status: 200, description: 'The report', mediaType: 'application/json', schema: ReportStatusResponse },
  errors: {
    REPORT_NOT_FOUND: 'No report of that id on your account (an id not of the form `rep_` and 26 letters and digits names none)',
    DATABASE_ERROR: 'The report could not be read; retry shortly',
  },
});

export const reportDocument = defineOperation({
  operationId: 'report_document',
  method: 'get',
  path: '/reports/{reportId}/document',
  tag: 'Property Reports',
  summary: "Download a completed report's PDF",
  description:
    'The PDF, with `Content-Disposition: attachment` and a file name made of the subject, the type and `asOf`. Its `ETag` is ' +
    'the SHA-256 of the bytes (the report’s `document.sha256`): send it as `If-None-Match` to revalidate (304). The ' +
    'document never changes once completed.',
  cost: { kind: 'free' },
  request: { params: ReportIdPath },
  response: {
    status: 200,
    description: 'The report as a PDF',
    mediaType: 'application/pdf',
    schema: z.string().openapi({ type: 'string', format: 'binary' }),
    headers: {
      ETag: { description: 'The quoted SHA-256 of the PDF', schema: { type: 'string' } },
      'Content-Disposition': { description: 'attachment; filename="<subject>-<type>-<asOf>.pdf"', schema: { type: 'string' } },
    },
  },
  errors: {
    REPORT_NOT_FOUND: 'No report of that id on your account (an id not of the form `rep_` and 26 letters and digits names none)',
    REPORT_NOT_COMPLETED: 'The report is not completed (the message gives its status); a failed report has no document',
    DATABASE_ERROR: 'The document could not be read; retry shortly',
  },
});

export const reportList = defineOperation({
  operationId: 'report_list',
  method: 'get',
  path: '/reports',
  tag: 'Property Reports',
  summary: 'Your reports, newest first',
  description:
    'The reports of your account, newest first, `limit` at a time (default 20, at most 100), each without its sections. ' +
    'Pass `nextCursor` as `cursor` for the next page; it is null on the last. A cursor stays valid however many reports ' +
    'are requested meanwhile (new ones appear on the first page, never twice).',
  cost: { kind: 'free' },
  request: { query: ReportListQuery },
  response: { status: 200, description: 'A page of reports', mediaType: 'application/json', schema: ReportListResponse },
  errors: {
    INVALID_CURSOR: '`cursor` is not a cursor this endpoint gave',
    DATABASE_ERROR: 'The list could not be read; retry shortly',
  },
});
