import { z } from '@pds/contracts';
import type { TitleSummary } from '../../registry-gateway';
import {
  describeFailure,
  restErrorSchema,
  retryAfterOf,
  RestServiceError,
  titleSegment,
  type RestCaller,
  type RestReply,
} from './rest-answer';

// Official Copies Document Availability v2: for one title, whether the register, the title plan and each document
// the register refers to can be downloaded at once (IMMEDIATE), need HM Land Registry to look (MANUAL), or cannot be
// had (UNAVAILABLE). GET /titles/{title_number}/official-copies/availability under /bg2test/api/v2 (test) or
// /bg2/api/v2 (live); open every hour of every day; 75 requests a minute per customer.

export const availabilityPath = (titleNumber: string): string => `/titles/${titleSegment(titleNumber)}/official-copies/availability`;

const titleNumber = z
  .string()
  .max(9)
  .regex(/^[A-Z0-9]{1,9}$/);

export const availabilityCodes = ['IMMEDIATE', 'MANUAL', 'UNAVAILABLE'] as const;
const availabilityCode = z.enum(availabilityCodes);

export const titleStatusCodes = [
  'VALID',
  'CLOSED',
  'CLOSED_AND_CONTINUED',
  'NOT_COMPUTERISED',
  'PENDING_APPLICATIONS',
  'PENDING_DEALING',
  'PENDING_FIRST',
  'SCHEME',
] as const;

const referredDocumentSchema = z.object({
  /** As the register describes it: 'Lease', 'Sub-charge', 'Agreement for lease' … */
  type: z.string(),
  /** No list is published; seen: ABSTRACT, AGREEMENT_LEASE, CHARGE, CONVEYANCE, DEED, LEASE, SUB_CHARGE, TRANSFER. */
  type_code: z.string(),
  entry_numbers: z.array(z.string()),
  date: z.iso.date().nullable().optional(),
  /** The title the document is kept with, which can be another title; an OC2 order quotes it. */
  filed_under: titleNumber.nullable(),
  availability: z.string(),
  availability_code: availabilityCode,
  /** Only a plan from the document is held, not the whole document. */
  plan_only: z.boolean(),
});

const copyAvailability = <C extends string>(code: C) =>
  z.object({
    type: z.string(),
    type_code: z.literal(code),
    availability: z.string(),
    availability_code: availabilityCode,
    /** A copy issued now would be dated before the pending applications. */
    backdated: z.boolean(),
  });

export const officialCopiesAvailabilitySchema = z.object({
  title_status: z.string(),
  title_status_code: z.enum(titleStatusCodes),
  title_number: titleNumber,
  applications_pending: z.boolean(),
  continued_under_title_number: z.string().optional(),
  referred_to_documents: z.array(referredDocumentSchema),
  register: copyAvailability('REGISTER'),
  title_plan: copyAvailability('TITLEPLAN'),
});

/** The body of a 200. */
export const availabilityBodySchema = z.object({ data: officialCopiesAvailabilitySchema });

export type OfficialCopiesAvailability = z.infer<typeof officialCopiesAvailabilitySchema>;

/**
 * The body of an error. The service's published schema declares each error as `{code, detail, status, trace_id,
 * title, source}`, while every example beside it, the service's status table and the other REST services use
 * `{error_code, error_message, http_status, timestamp, trace_id}`: either form is accepted.
 */
const declaredErrorSchema = z.object({
  code: z.string(),
  detail: z.string(),
  status: z.string().optional(),
  trace_id: z.string().optional(),
  title: z.string().optional(),
  source: z.object({ pointer: z.string().optional(), parameter: z.string().optional(), header: z.string().optional() }).optional(),
});

export const availabilityErrorBodySchema = z.object({ errors: z.array(z.union([restErrorSchema, declaredErrorSchema])).optional() });

export type AvailabilityAnswer =
  | { kind: 'found'; availability: OfficialCopiesAvailability }
  | { kind: 'not-found' }
  /** 429 (the limit per minute) or 503: try again at `retryAfter` (ISO 8601). */
  | { kind: 'delayed'; status: 429 | 503; retryAfter: string };

/** How long to wait when a 429 or 503 says nothing: the limit is counted per minute. */
export const defaultAvailabilityRetrySeconds = 60;

const errorsOf = (body: unknown): { code: string; message: string }[] => {
  const parsed = availabilityErrorBodySchema.safeParse(body);
  if (!parsed.success) return [];
  return (parsed.data.errors ?? []).map((e) =>
    'error_code' in e ? { code: e.error_code, message: e.error_message } : { code: e.code, message: e.detail },
  );
};

/** Reads one answer of the service; throws `RestServiceError` for any answer that is not one of `AvailabilityAnswer`'s. */
export const readAvailabilityReply = (reply: RestReply, titleNumber: string, now: Date): AvailabilityAnswer => {
  const what = `document availability of ${titleNumber}`;
  if (reply.status === 200) {
    const parsed = availabilityBodySchema.safeParse(reply.body);
    if (!parsed.success)
      throw new RestServiceError(`${what}: HTTP 200 with a body the service does not send (${parsed.error.message})`, 200, []);
    return { kind: 'found', availability: parsed.data.data };
  }
  if (reply.status === 404) return { kind: 'not-found' };
  if (reply.status === 429 || reply.status === 503) {
    return { kind: 'delayed', status: reply.status, retryAfter: retryAfterOf(reply.headers, now, defaultAvailabilityRetrySeconds) };
  }
  const errors = errorsOf(reply.body);
  throw new RestServiceError(
    `${what}: ${describeFailure(reply, errors)}`,
    reply.status,
    errors.map((e) => e.code),
  );
};

/** Asks the service about one title. A transport failure (no answer) is thrown as the transport's `TransportError`. */
export const fetchDocumentAvailability = async (
  transport: RestCaller,
  titleNumber: string,
  now = new Date(),
): Promise<AvailabilityAnswer> => readAvailabilityReply(await transport.rest('v2', availabilityPath(titleNumber)), titleNumber, now);

const closedStatuses: ReadonlySet<string> = new Set(['CLOSED', 'CLOSED_AND_CONTINUED']);

/** Only an IMMEDIATE copy counts as available: MANUAL means HM Land Registry has to look first. */
export const titleSummaryOf = (a: OfficialCopiesAvailability): TitleSummary => ({
  titleNumber: a.title_number,
  status: closedStatuses.has(a.title_status_code) ? 'closed' : 'open',
  applicationsPending: a.applications_pending,
  continuedUnderTitleNumber: a.continued_under_title_number ?? null,
  register: { available: a.register.availability_code === 'IMMEDIATE' },
  plan: { available: a.title_plan.availability_code === 'IMMEDIATE' },
  referred: a.referred_to_documents.map((d) => ({
    type: d.type,
    date: d.date ?? null,
    entryNumbers: [...d.entry_numbers],
    available: d.availability_code === 'IMMEDIATE',
    planOnly: d.plan_only,
    filedUnder: d.filed_under,
  })),
});
