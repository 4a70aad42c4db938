import type { Response } from 'express';
import { newId } from './ids';

// Stripe's error envelope, `{"error": {"type", "code"?, "message", "param"?}}`, with a `Request-Id` header on every
// answer as Stripe sends one. The official package turns it into a `StripeError` of the type's class.

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (message: string, param?: string, code = 'parameter_invalid_empty') =>
  new StripeApiError(400, 'invalid_request_error', message, { code, ...(param === undefined ? {} : { param }) });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const noSuchObject = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

export const sendStripeError = (res: Response, error: StripeApiError) =>
  res
    .status(error.status)
    .set('Request-Id', newId('req_', 14))
    .json({ error: { type: error.type, message: error.message, ...error.extra } });
