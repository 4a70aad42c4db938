import { parse } from 'content-type';
import type { Request } from 'express';
import type { RequestError } from './request-errors';

// The one kind of body the API reads: JSON in UTF-8. express.json reads UTF-16 and UTF-32 as well, and leaves any
// other type unread (so a JSON body sent as text/plain would be refused as "no body", a misleading 400); both are
// refused here with 415 before the body is read, as the API promises.

/** As type-is decides: a request has a body when it says how long it is (and not 0) or that it is chunked. */
export const hasBody = (req: Pick<Request, 'headers'>) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/** Why a request's body is not one the API reads, as the body parser would report it; undefined when it is. */
export const unsupportedBody = (req: Pick<Request, 'headers'>): RequestError | undefined => {
  if (!hasBody(req)) return undefined;
  const refused = (type: string) => Object.assign(new Error(type), { status: 415, type });
  let parsed;
  try {
    parsed = parse(req.headers['content-type'] ?? '');
  } catch {
    return refused('content-type.unsupported');
  }
  if (parsed.type !== 'application/json') return refused('content-type.unsupported');
  const charset = parsed.parameters.charset?.toLowerCase();
  return charset === undefined || charset === 'utf-8' ? undefined : refused('charset.unsupported');
};
