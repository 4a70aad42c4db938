import type { RequestContext, Logger } from '@pds/service-runtime';
import type { Request, Response } from 'express';
import { authenticate, type Caller } from '../auth/api-keys';
import type { GatewayDeps } from '../deps';
import { locals } from '../http/request-context';
import { sendError, setRateLimitHeaders } from '../http/respond';

export type CallContext = RequestContext & { requestId: string; logger: Logger };

export const unexpectedErrorMessage = 'Unexpected error; nothing was charged. Retry, and quote X-Request-Id if it persists.';

/**
 * Counts a known caller's request against its plan's limits (once: every path that answers a caller comes through
 * here exactly once) and sets the rate-limit headers. Answers 429 itself and returns undefined when over a limit.
 */
export const admit = async (deps: GatewayDeps, res: Response, caller: Caller): Promise<CallContext | undefined> => {
  const { requestId, logger } = locals(res);
  const ctx: CallContext = { correlationId: requestId, requestId, actor: `account:${caller.accountId}`, logger: logger.child({ accountId: caller.accountId }) };
  const rate = await deps.rateLimiter.admit(caller.accountId, caller.rateLimits);
  setRateLimitHeaders(res, rate);
  if (!rate.admitted) {
    sendError(res, 'RATE_LIMITED', `Rate limit exceeded for your plan; retry after ${rate.resetAt.toISOString()}.`, {
      balance: await deps.balanceFor(ctx, caller.accountId),
      retryAfterS: rate.retryAfterS ?? 1,
    });
    return undefined;
  }
  return ctx;
};

/** Wraps a route that needs an API key: answers 401 UNAUTHORIZED (charging nothing) when the key is missing or unknown. */
export const authenticated =
  (deps: GatewayDeps, route: (req: Request, res: Response, caller: Caller, ctx: CallContext) => Promise<void>) =>
  async (req: Request, res: Response) => {
    const caller = await authenticate(deps.db, req.header('x-api-key'));
    if (!caller) {
      return sendError(res, 'UNAUTHORIZED', 'A valid API key is required in the X-API-Key header.');
    }
    const ctx = await admit(deps, res, caller);
    if (!ctx) return;
    try {
      await route(req, res, caller, ctx);
    } catch (error) {
      // Answered here rather than by the app's error handler so that the caller still gets its billing headers.
      ctx.logger.error({ err: error }, 'unhandled error');
      if (res.headersSent) return;
      sendError(res, 'INTERNAL_SERVER_ERROR', unexpectedErrorMessage, { balance: await deps.balanceFor(ctx, caller.accountId) });
    }
  };
