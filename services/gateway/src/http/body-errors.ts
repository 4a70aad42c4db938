import type { NextFunction, Request, Response } from 'express';
import { authenticate } from '../auth/api-keys';
import type { GatewayDeps } from '../deps';
import { admit } from '../routes/authenticated';
import { sendError } from './respond';

type BodyParserError = Error & { status?: number; type?: string };

const messageFor = (error: BodyParserError): string | undefined => {
  if (error.type === 'entity.parse.failed' || error.status === 400) return 'The request body is not valid JSON.';
  if (error.type === 'entity.too.large') return 'The request body is larger than 100 kB.';
  return undefined;
};

/**
 * A body that cannot be read fails in express.json, before any route authenticates the caller. A caller with a valid
 * key still gets its billing headers (and is counted once against its limits, as for any other 4xx); without a key
 * the answer stays a plain 400, as there is nobody to report a balance to.
 */
export const bodyErrors = (deps: GatewayDeps) => async (error: BodyParserError, req: Request, res: Response, next: NextFunction) => {
  const message = messageFor(error);
  if (!message) return next(error);
  const caller = await authenticate(deps.db, req.header('x-api-key')).catch(() => undefined);
  if (!caller) return sendError(res, 'INVALID_PARAMETERS', message);
  const ctx = await admit(deps, res, caller).catch(() => undefined);
  if (res.headersSent) return;
  sendError(res, 'INVALID_PARAMETERS', message, { balance: ctx && (await deps.balanceFor(ctx, caller.accountId)) });
};
