import type { ErrorCode } from '@pds/contracts';
import type { Request, Response } from 'express';
import type { GatewayDeps } from '../deps';
import { callerOf, identify, sendUnexpected } from './caller';
import { sendError } from './respond';

// A request that cannot be read: its body (not JSON, too large, in a charset or encoding we do not read) or its path
// (not valid percent-encoding). These fail before any handler runs; the caller is known by then (the key is checked
// first), so the answer still carries its billing headers. So does the answer to anything else that fails there.

export type RequestError = Error & { status?: number; type?: string; limit?: number };

const refusals: Record<string, { code: ErrorCode; message: string }> = {
  'entity.parse.failed': { code: 'INVALID_PARAMETERS', message: 'The request body is not valid JSON.' },
  'entity.verify.failed': { code: 'INVALID_PARAMETERS', message: 'The request body is not valid JSON.' },
  'request.aborted': { code: 'INVALID_PARAMETERS', message: 'The request body ended before its stated length.' },
  'request.size.invalid': { code: 'INVALID_PARAMETERS', message: 'The request body is not the length its Content-Length says.' },
  'entity.too.large': { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 kB.' },
  'charset.unsupported': {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be JSON in UTF-8 (Content-Type: application/json; charset=utf-8).',
  },
  'content-type.unsupported': {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be JSON (Content-Type: application/json; charset=utf-8).',
  },
  'parameters.too.many': { code: 'PAYLOAD_TOO_LARGE', message: 'The request body has too many parameters.' },
  'encoding.unsupported': {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body may be sent as is, or with Content-Encoding gzip, deflate or br.',
  },
  'path.undecodable': {
    code: 'INVALID_PARAMETERS',
    message: 'The request path is not valid percent-encoding (e.g. a lone `%` or a broken UTF-8 sequence).',
  },
};

/** By status, for what the parser reports without a type of its own (a corrupt compressed body, say). */
const byStatus: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'INVALID_PARAMETERS', message: 'The request body could not be read (cut short, or a corrupt compressed body).' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 kB.' },
  415: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be JSON in UTF-8, sent as is or with Content-Encoding gzip, deflate or br.',
  },
};

const refusalOf = (error: RequestError) => {
  // The body reader says the limit it applied: the operation's own, where it declares one.
  if (error.type === 'entity.too.large' && typeof error.limit === 'number')
    return { code: 'PAYLOAD_TOO_LARGE' as const, message: `The request body is larger than ${error.limit / 1024} kB.` };
  if (error.type && refusals[error.type]) return refusals[error.type];
  return error.status === undefined ? undefined : byStatus[error.status];
};

/**
 * Answers a request that failed before its handler, with the caller's billing headers. Rejects (for the app's own
 * error handler) when it cannot: the answer already begun, or the caller not identifiable.
 */
export const refuseUnreadable = async (deps: GatewayDeps, error: RequestError, req: Request, res: Response): Promise<void> => {
  if (res.headersSent) throw error;
  const refusal = refusalOf(error);
  const who = callerOf(res) ?? (await identify(deps, req, res));
  if (!who) return;
  const balance = await deps.balanceFor(who.ctx, who.caller.accountId);
  if (refusal) return sendError(res, refusal.code, refusal.message, { balance });
  sendUnexpected(res, error, who.ctx.logger, balance);
};
