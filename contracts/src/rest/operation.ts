import type { z } from '../zod';
import type { ErrorCode } from './errors';

// An operation of the REST API, declared once: the gateway routes it and the OpenAPI document describes it from this
// one declaration, so the two cannot drift. See docs/adding-an-endpoint.md.

/** The specification's operation groups, with what each holds (the OpenAPI tags), plus the service's own pages. */
export const operationTags = {
  'Address and Identity': 'Address autocomplete, canonical address retrieval, property identifiers.',
  'Land Registry':
    'Title lookup, document availability, official copy ordering and private title-register parsing; England and Wales only.',
  'Property Analysis': 'Valuation, comparables, sold prices, renovation uplift.',
  'Property Reports': 'Asynchronous branded PDF information packs and job status.',
  'Property Due Diligence': 'Compliance, ownership, floor area, EPC, council tax, boundary, property profile.',
  'Location Intelligence': 'Crime, area statistics, nearby schools, ground risk, deprivation.',
  'Property Finance': 'Property purchase tax calculations.',
  'Market Data': 'House price index, mortgage rates, bank rates, inflation.',
  Account: 'Your own account: plan, limits, credits and Purchase Balance.',
  Webhooks: 'Signed notifications to your own URL when reports and title orders complete or fail.',
  Service: 'The interface description itself.',
} as const;
export type OperationTag = keyof typeof operationTags;

/**
 * The groups whose answers are built from imported reference data: while a dataset's first version is still being
 * imported (a stack filling itself, such as `npm start` loading its demo data), what would be their 404 or 503 says so.
 */
export const referenceDataTags: ReadonlySet<OperationTag> = new Set([
  'Address and Identity',
  'Property Analysis',
  'Property Due Diligence',
  'Location Intelligence',
  'Market Data',
]);

/**
 * What a call costs in credits, and how it is charged: the gateway's pipeline charges each operation as this says, and
 * the OpenAPI description's cost paragraph is written from it (see `costParagraph`).
 * - `free`: nothing, ever; the billing headers still say 0 and the balance.
 * - `per_call`: `credits`, taken only when the caller receives a success. `charging` says when the balance is checked:
 *   - `reserve_first` (the default): the credits are reserved before the work, so a caller short of them is refused
 *     before anything is done, and captured with the answer. For work with a cost of its own (an upstream's fee,
 *     quota or time).
 *   - `on_answer`: the work is done first and the credits are checked and taken in one step when the answer is ready
 *     (one ledger round trip instead of two, nothing held while the work runs). For work computed from the service's
 *     own data. A caller short of credits gets 402 after the input is checked, and after any refusal the work itself
 *     gives (such as a 404).
 * - `per_order`: the order's own price, reserved with its Purchase Balance by the service that owns the order.
 * - `per_report`: a fixed price for each type of job the operation starts (`credits` by type), reserved when the job is
 *   requested by the service that runs it, taken once when it completes and given back if it fails.
 */
export type CreditCost =
  | { kind: 'free' }
  | { kind: 'per_call'; credits: number; charging: Charging }
  | { kind: 'per_order' }
  | { kind: 'per_report'; credits: Readonly<Record<string, number>> };
export type Charging = 'reserve_first' | 'on_answer';

/** The codes a 401 may carry: the specification names one per operation (most `UNAUTHORIZED`). */
export type UnauthenticatedCode = 'UNAUTHORIZED' | 'AUTHENTICATION_REQUIRED';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface OperationRequest {
  query?: AnyObject;
  params?: AnyObject;
  headers?: AnyObject;
  body?: z.ZodTypeAny;
  /** A body schema that accepts an absent body (e.g. `{}` or none). */
  bodyOptional?: boolean;
  /** The largest body read, in bytes, when larger than the default (`defaultBodyLimitBytes`): a report's logo, say. */
  bodyLimitBytes?: number;
}

/** The largest request body an operation reads unless it declares its own limit. */
export const defaultBodyLimitBytes = 100 * 1024;

/** The body limit of an operation, in bytes. */
export const bodyLimitOf = (operation: Operation) => operation.request.bodyLimitBytes ?? defaultBodyLimitBytes;

export type MediaType = 'application/json' | 'application/pdf' | 'text/plain; charset=utf-8';

// A type, not an interface: OpenAPI's header objects take extension keys, which only a type alias is assignable to.
export type ResponseHeaderDoc = {
  description: string;
  required?: boolean;
  schema: { type: 'string' | 'integer'; format?: string };
};

export interface OperationResponse {
  status: 200 | 201 | 202;
  description: string;
  mediaType: MediaType;
  /** The whole body for JSON (the envelope with `data`), or the payload's schema for other media types. */
  schema: z.ZodTypeAny;
  headers?: Record<string, ResponseHeaderDoc>;
}

/** A parameter whose failure has its own code (the calculator's `INVALID_VALUE`), checked in declaration order. */
export interface ParameterError {
  code: ErrorCode;
  message: string;
  /** When the parameter is absent rather than invalid, if the specification names a code for that (`MISSING_POSTCODE`). */
  missing?: { code: ErrorCode; message: string };
}

export interface Operation {
  /** The specification's operation id (snake case). */
  operationId: string;
  method: 'get' | 'post' | 'delete';
  /** OpenAPI form, under `/api/v1`: `/land-registry/titles/{titleNumber}`. */
  path: string;
  tag: OperationTag;
  summary: string;
  /** Markdown: what it does, what it costs, its rules. */
  description: string;
  cost: CreditCost;
  /**
   * For a `per_call` operation, what one charge is for, as the cost paragraph says it: "completed lookup", "answer, also
   * when it counts no crime". The rest of the operation's rules stay in `description`.
   */
  chargedFor?: string;
  /** Public operations (the interface description) need no key, are not counted against limits and charge nothing. */
  public?: boolean;
  unauthenticatedCode?: UnauthenticatedCode;
  request: OperationRequest;
  response: OperationResponse;
  /**
   * The codes this operation answers with beyond those every operation can (401, 405, 429, 500 and, for a body,
   * 400 `INVALID_PARAMETERS` and 415), each with when. Answering with a code not declared here is a defect.
   */
  errors: Partial<Record<ErrorCode, string>>;
  /** Per-parameter codes, in the order parameters are checked; others fail as `INVALID_PARAMETERS`. */
  parameterErrors?: Record<string, ParameterError>;
  /** The message of an `INVALID_PARAMETERS` answer (details then name every failing field). */
  invalidMessage?: string;
}

/** Keeps the literal type of a declaration (its schemas, its cost, whether it is public) while checking its shape. */
export const defineOperation = <const O extends Operation>(operation: O): O => operation;

type Part<O extends Operation, K extends keyof OperationRequest> = O['request'] extends { [P in K]: infer S extends z.ZodTypeAny }
  ? z.output<S>
  : undefined;
export type QueryOf<O extends Operation> = Part<O, 'query'>;
export type ParamsOf<O extends Operation> = Part<O, 'params'>;
export type HeadersOf<O extends Operation> = Part<O, 'headers'>;
export type BodyOf<O extends Operation> = Part<O, 'body'>;

/** The OpenAPI path in express's form: `{titleNumber}` becomes `:titleNumber`. */
export const expressPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/** Credits a call of this operation reserves up front, for the description and for the gateway's charging. */
export const perCallCredits = (cost: CreditCost): number => (cost.kind === 'per_call' ? cost.credits : 0);

/** A per-call operation's credits are checked and taken in one step once its answer is ready (see `CreditCost`). */
export const chargedOnAnswer = (cost: CreditCost): boolean => cost.kind === 'per_call' && cost.charging === 'on_answer';

/** How the reference-data groups' 503 reads while a first import is under way (see `referenceDataTags`). */
const stillArriving =
  'the reference data it reads is still arriving (a first import under way: the message names it and what the answer would otherwise have been, `/healthz` how far it is)';

/**
 * The codes every operation of this shape can answer with, whatever it does: authentication, limits, unreadable
 * requests, and for a charged call the ledger's refusal or silence.
 */
export const commonErrors = (operation: Operation): Partial<Record<ErrorCode, string>> => {
  // Any operation can find its database or message broker away for a moment (a restart, a failover).
  const away = 'A service it needs (its database, the message broker) is away for a moment';
  const arriving = referenceDataTags.has(operation.tag) ? `, or ${stillArriving}` : '';
  const unavailable = `${away}${arriving}; nothing charged; retry after \`Retry-After\``;
  if (operation.public) return { SERVICE_UNAVAILABLE: unavailable, INTERNAL_SERVER_ERROR: 'Unexpected error' };
  const unauthenticated = operation.unauthenticatedCode ?? 'UNAUTHORIZED';
  const takesBody = operation.request.body !== undefined;
  const unreadable = [
    'a query parameter the operation does not take',
    ...(operation.request.query ? ['an invalid value (`details` names each failing field)'] : []),
    ...(operation.request.params ? ['a path that is not valid percent-encoding'] : []),
    ...(takesBody ? ['a body that is not valid JSON'] : []),
  ];
  return {
    [unauthenticated]: 'The `X-API-Key` header is missing or not a valid key (checked before anything else, body included)',
    // Every authenticated operation refuses a parameter it does not take, so every one can answer this.
    INVALID_PARAMETERS: `${unreadable.join(', ').replace(/, ([^,]*)$/, ', or $1')}; nothing charged`.replace(/^a/, 'A'),
    ...(takesBody
      ? {
          PAYLOAD_TOO_LARGE: `The body is larger than ${bodyLimitOf(operation) / 1024} kB`,
          UNSUPPORTED_MEDIA_TYPE:
            'The body is not `application/json` (any other type, or a charset other than UTF-8), or has a `Content-Encoding` other than gzip, deflate or br',
        }
      : {}),
    ...(operation.cost.kind === 'per_call'
      ? {
          INSUFFICIENT_CREDITS: `Not enough credits for this call (${operation.cost.credits}); nothing charged`,
          SERVICE_UNAVAILABLE: `The billing service did not answer in time, a call with the same \`Idempotency-Key\` is still unsettled (retry with the same key), or ${unavailable.replace(/^A/, 'a')}`,
          INVALID_IDEMPOTENCY_KEY: 'The `Idempotency-Key` header is not 8 to 128 printable ASCII characters; nothing charged',
          IDEMPOTENCY_KEY_REUSED:
            'The `Idempotency-Key` was used within 24 hours for another operation or other parameters (the message names the operation); nothing charged',
        }
      : { SERVICE_UNAVAILABLE: unavailable }),
    RATE_LIMITED: 'A minute, day or month limit is reached; nothing charged; see `Retry-After`',
    INTERNAL_SERVER_ERROR: 'Unexpected error; nothing charged; quote `X-Request-Id` if it persists',
  };
};

/**
 * Every code the operation may answer with: its own and the common ones. An operation's own text replaces the common
 * one, except for 503: what an operation's own 503 says (no Price Paid Data imported, say) comes first, and the common
 * causes (the billing service's silence, a service away, reference data still arriving) still follow, since the
 * gateway answers them for every operation of that shape.
 */
export const errorsOf = (operation: Operation): Partial<Record<ErrorCode, string>> => {
  const common = commonErrors(operation);
  const errors = { ...common, ...operation.errors };
  const own = operation.errors.SERVICE_UNAVAILABLE;
  if (own !== undefined && common.SERVICE_UNAVAILABLE !== undefined) {
    const theirs = common.SERVICE_UNAVAILABLE.replace(/^A/, 'a').replace(/^The/, 'the');
    errors.SERVICE_UNAVAILABLE = `${own.replace(/; nothing charged$/, '')}; or ${theirs}`;
  }
  return errors;
};
