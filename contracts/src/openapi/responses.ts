import { errorStatus, type ErrorCode } from '../rest/errors';
import { replayedHeader } from '../rest/idempotency';
import type { Operation, ResponseHeaderDoc } from '../rest/operation';
import { errorsOf } from '../rest/operation';
import { z } from '../zod';

// The responses of an operation as OpenAPI describes them: its success with the headers every call carries, and one
// error response per status listing exactly the codes the operation can answer with at that status.

const integer = { type: 'integer' as const };

export const chargedHeader: Record<string, ResponseHeaderDoc> = {
  'X-Credits-Charged': { description: 'Credits charged by this call; 0 for failed and free calls', schema: integer },
};

const balanceHeaders: Record<string, ResponseHeaderDoc> = {
  'X-Credits-Remaining': { description: 'Credit balance after the call', schema: integer },
  'X-Credits-Refresh-At': {
    description: 'Next monthly credit refresh (ISO 8601); omitted for trial and non-renewing balances',
    schema: { type: 'string', format: 'date-time' },
  },
};

const rateLimitHeaders: Record<string, ResponseHeaderDoc> = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute on this plan', schema: integer },
  'X-RateLimit-Remaining': {
    description: 'Requests admissible now before a limit (any 60 s, the UK day or the UK month) refuses',
    schema: integer,
  },
  'X-RateLimit-Reset': {
    description: 'Unix time (seconds) when the tightest limit next frees capacity; on a 429, when a request will be admitted',
    schema: integer,
  },
};

const traceHeaders: Record<string, ResponseHeaderDoc> = {
  'X-Request-Id': { description: 'The request id (yours, if you sent a well-formed one)', schema: { type: 'string' } },
};

/** What every response to a known caller carries. */
export const authenticatedHeaders = { ...chargedHeader, ...balanceHeaders, ...rateLimitHeaders, ...traceHeaders };

const retryAfterHeader: Record<string, ResponseHeaderDoc> = {
  'Retry-After': { description: 'Whole seconds to wait before retrying', schema: integer },
};

const allowHeader: Record<string, ResponseHeaderDoc> = {
  Allow: { description: 'The methods the path has', schema: { type: 'string' } },
};

const errorBodyWith = (codes: ErrorCode[]) =>
  z.object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string().openapi({ description: 'What went wrong and what to do about it' }),
      details: z.string().optional().openapi({ description: 'The failing fields, by path' }),
      retryAfter: z.string().datetime({ offset: true }).optional().openapi({ description: 'When to try again' }),
    }),
  });

/** Headers of an error answer: a 401 knows no caller; 429 and 503 say when to retry; 405 says what is allowed. */
const errorHeaders = (status: number, operation: Operation) => {
  const retry = status === 429 || status === 503 ? retryAfterHeader : {};
  if (operation.public) return { ...traceHeaders, ...retry };
  if (status === 401) return { ...chargedHeader, ...traceHeaders };
  const allow = status === 405 ? allowHeader : {};
  return { ...authenticatedHeaders, ...retry, ...allow };
};

/** One response per status, its description listing each code with when it is answered. */
export const errorResponses = (operation: Operation) => {
  const byStatus = new Map<number, Array<[ErrorCode, string]>>();
  for (const [code, when] of Object.entries(errorsOf(operation)) as Array<[ErrorCode, string]>) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), [code, when]]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, entries]) => [
        String(status),
        {
          description: entries.map(([code, when]) => `- \`${code}\`: ${when.replace(/[.\s]+$/, '')}`).join('\n'),
          headers: errorHeaders(status, operation),
          content: { 'application/json': { schema: errorBodyWith(entries.map(([code]) => code)) } },
        },
      ]),
  );
};

/** A file answered with an `ETag` may be revalidated: `If-None-Match` with its tag answers 304 without the body. */
const notModified = (operation: Operation): Record<string, { description: string; headers: Record<string, ResponseHeaderDoc> }> => {
  const etag = operation.response.headers?.ETag;
  if (!etag) return {};
  const description = '`If-None-Match` named the current `ETag`: the file is unchanged, and not sent again. Free.';
  return { '304': { description, headers: { ...(operation.public ? traceHeaders : authenticatedHeaders), ETag: etag } } };
};

export const successResponse = (operation: Operation) => {
  const { status, description, mediaType, schema, headers } = operation.response;
  const common = operation.public ? traceHeaders : authenticatedHeaders;
  const replay = operation.cost.kind === 'per_call' ? replayedHeader : {};
  return {
    [String(status)]: { description, headers: { ...common, ...replay, ...headers }, content: { [mediaType]: { schema } } },
    ...notModified(operation),
  };
};
