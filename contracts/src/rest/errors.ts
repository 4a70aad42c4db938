import { z } from '../zod';

/** Stable error codes callers can switch on. The HTTP status of each is fixed here, once. */
export const errorStatus = {
  INVALID_VALUE: 400,
  INVALID_FLOOR_AREA: 400,
  INVALID_EXTENSION_AREA: 400,
  INVALID_RENOVATION_UPLIFT: 400,
  INVALID_PARAMETERS: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVER_CONFIGURATION_ERROR: 500,
  DATABASE_ERROR: 500,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const ErrorBody = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ description: 'Stable machine-readable code', example: 'INVALID_VALUE' }),
      message: z.string().openapi({ description: 'What went wrong and what to do about it' }),
      details: z.string().optional(),
    }),
  })
  .openapi('Error');
export type ErrorBody = z.infer<typeof ErrorBody>;
