import type { UnauthenticatedCode } from '@pds/contracts';
import { isDatabaseOutage, stage, type Logger, type RequestContext } from '@pds/service-runtime';
import type { Request, Response } from 'express';
import type { Caller } from '../auth/api-keys';
import type { GatewayDeps } from '../deps';
import { locals } from './request-context';
import { sendError, setRateLimitHeaders, type BalanceView } from './respond';

// Who is calling, before anything else about the request is looked at: a request without a valid key gets 401
// whatever its path, method or body (the body is not even read), and a known caller is counted against its limits
// once, whatever it is then answered.

export type CallContext = RequestContext & { requestId: string; logger: Logger };

export interface CallerLocals {
  caller: Caller;
  ctx: CallContext;
}

/** The caller of a request that passed `identify`; undefined before. */
export const callerOf = (res: Response): CallerLocals | undefined =>
  res.locals.caller ? (res.locals as unknown as CallerLocals) : undefined;

export const unexpectedErrorMessage = 'Unexpected error; nothing was charged. Retry, and quote X-Request-Id if it persists.';
const unavailableMessage =
  'A service this call needs (the database) is away for a moment, as during a restart or failover; nothing was charged. Retry after Retry-After.';

/**
 * Answers an error nothing expected: 503 when it says the database could not be reached (the caller should retry,
 * and the service carries on: it connects again on the next call), else 500.
 */
export const sendUnexpected = (res: Response, error: unknown, logger: Logger, balance?: BalanceView) => {
  if (isDatabaseOutage(error)) {
    logger.warn({ err: error }, 'database unavailable; answered 503');
    return sendError(res, 'SERVICE_UNAVAILABLE', unavailableMessage, { balance });
  }
  logger.error({ err: error }, 'unhandled error');
  sendError(res, 'INTERNAL_SERVER_ERROR', unexpectedErrorMessage, { balance });
};

/**
 * Answers 401 (charging nothing) when the key is missing or unknown, 429 when the caller is over a limit; otherwise
 * records the caller and its call context for what follows. The specification names the 401 code per operation
 * (`unauthenticatedCode`); a path with no operation gets the usual one.
 */
export const identify = async (
  deps: GatewayDeps,
  req: Request,
  res: Response,
  unauthenticatedCode: UnauthenticatedCode = 'UNAUTHORIZED',
): Promise<CallerLocals | undefined> => {
  const known = callerOf(res);
  if (known) return known;
  let admitted;
  try {
    admitted = await stage('admit caller', () => deps.apiKeys.admit(req.header('x-api-key')));
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    // Which account is calling cannot be known: no balance to report.
    sendUnexpected(res, error, locals(res).logger);
    return undefined;
  }
  if (!admitted) {
    sendError(res, unauthenticatedCode, 'A valid API key is required in the X-API-Key header.');
    return undefined;
  }
  const { caller, rate } = admitted;
  const { requestId, logger } = locals(res);
  // The request's own logger (made for it alone) gains the account and key, so its closing log line names the caller too.
  logger.setBindings({ accountId: caller.accountId, keyId: caller.keyId });
  const ctx: CallContext = { correlationId: requestId, requestId, actor: `account:${caller.accountId}`, logger };
  setRateLimitHeaders(res, rate);
  // Recorded before a refusal too, so that whatever answers next knows whose balance to report.
  Object.assign(res.locals, { caller, ctx } satisfies CallerLocals);
  if (!rate.admitted) {
    sendError(res, 'RATE_LIMITED', `Rate limit exceeded for your plan; retry after ${rate.resetAt.toISOString()}.`, {
      balance: await deps.balanceFor(ctx, caller.accountId),
      retryAfterS: rate.retryAfterS ?? 1,
    });
    return undefined;
  }
  return { caller, ctx };
};
