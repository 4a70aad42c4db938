import { z } from '../zod';

/** Stable error codes callers can switch on. The HTTP status of each is fixed here, once. */
export const errorStatus = {
  INVALID_VALUE: 400,
  INVALID_FLOOR_AREA: 400,
  INVALID_EXTENSION_AREA: 400,
  INVALID_RENOVATION_UPLIFT: 400,
  INVALID_PARAMETERS: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  EXTRACTION_NOT_AVAILABLE_FOR_PLAN: 400,
  OUTSIDE_ENGLAND_AND_WALES: 400,
  INVALID_POSTCODE: 400,
  MISSING_POSTCODE: 400,
  INVALID_MONTHS: 400,
  INVALID_ADDRESS: 400,
  INVALID_AS_OF: 400,
  OUTSIDE_GREAT_BRITAIN: 400,
  OUTSIDE_ENGLAND: 400,
  OUTSIDE_UNITED_KINGDOM: 400,
  INVALID_PRICE: 400,
  INVALID_TRANSACTION_DATE: 400,
  TRANSACTION_DATE_OUT_OF_RANGE: 400,
  INVALID_DATE_RANGE: 400,
  DATE_OUT_OF_RANGE: 400,
  UNKNOWN_AREA: 400,
  SELECTION_INVALID: 400,
  SELECTION_EXPIRED: 400,
  SELECTION_UNKNOWN: 400,
  INVALID_LOGO: 400,
  INVALID_CURSOR: 400,
  WEBHOOK_TARGET_REFUSED: 400,
  UNAUTHORIZED: 401,
  AUTHENTICATION_REQUIRED: 401,
  INSUFFICIENT_CREDITS: 402,
  INSUFFICIENT_PURCHASE_BALANCE: 402,
  ORDERING_NOT_ENABLED: 403,
  ACCOUNT_HELD: 403,
  ACCOUNT_IN_DEBT: 403,
  NOT_FOUND: 404,
  TITLE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  POSTCODE_NOT_FOUND: 404,
  PROPERTY_NOT_FOUND: 404,
  VALUATION_NOT_POSSIBLE: 404,
  BOUNDARY_NOT_FOUND: 404,
  EPC_NOT_FOUND: 404,
  AREA_STATISTICS_NOT_FOUND: 404,
  FLOOR_AREA_NOT_FOUND: 404,
  CRIME_DATA_NOT_HELD: 404,
  AREA_2021_UNKNOWN: 404,
  DEPRIVATION_NOT_FOUND: 404,
  REPORT_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TITLE_CLOSED: 409,
  BACKDATED_COPY_NOT_CONFIRMED: 409,
  DOCUMENT_NOT_AVAILABLE: 409,
  DOCUMENT_NOT_READY: 409,
  ADDRESS_AMBIGUOUS: 409,
  TITLE_AMBIGUOUS: 409,
  EPC_ADDRESS_AMBIGUOUS: 409,
  REPORT_NOT_COMPLETED: 409,
  WEBHOOK_LIMIT_REACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  PURCHASE_AUTHORISATION_MISMATCH: 422,
  TITLE_NOT_MATCHED: 422,
  PROPERTY_NOT_RESIDENTIAL: 422,
  RATE_LIMITED: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVER_CONFIGURATION_ERROR: 500,
  DATABASE_ERROR: 500,
  INTERNAL_SERVER_ERROR: 500,
  LAND_REGISTRY_ERROR: 502,
  EPC_SERVICE_ERROR: 502,
  CRIME_SERVICE_ERROR: 502,
  GROUND_RISK_SERVICE_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  LAND_REGISTRY_DELAYED: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * One of the matches of an ambiguous request (a 409): an address with its UPRN, or a title; which fields are present
 * depends on what was ambiguous. Retrying with the candidate's `uprn` or `titleNumber` settles it.
 */
export const Candidate = z
  .strictObject({
    uprn: z.string().optional().openapi({ example: '995106020908' }),
    address: z.string().optional().openapi({ example: '250 Oxford Road, Reading' }),
    postcode: z.string().optional().openapi({ example: 'RG30 1AB' }),
    titleNumber: z.string().optional().openapi({ example: 'BK302250' }),
    tenure: z.string().optional().openapi({ example: 'freehold' }),
    matchedAddress: z.string().optional().openapi({ example: '250 Oxford Road, Reading RG30 1AB' }),
  })
  .openapi('Candidate');
export type Candidate = z.infer<typeof Candidate>;

export const ErrorBody = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ description: 'Stable machine-readable code', example: 'INVALID_VALUE' }),
      message: z.string().openapi({ description: 'What went wrong and what to do about it' }),
      details: z.string().optional(),
      retryAfter: z
        .string()
        .datetime({ offset: true })
        .optional()
        .openapi({ description: 'When to try again (503 LAND_REGISTRY_DELAYED)' }),
      candidates: z
        .array(Candidate)
        .optional()
        .openapi({ description: 'The matches of an ambiguous request (409), to retry with the one meant' }),
    }),
  })
  .openapi('Error');
export type ErrorBody = z.infer<typeof ErrorBody>;
