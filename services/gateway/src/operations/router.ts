import {
  bodyLimitOf,
  operations,
  type AuthenticatedOperationId,
  type Operation,
  type Operations,
  type PublicOperationId,
} from '@pds/contracts';
import express, { type Request, type Response } from 'express';
import type { GatewayDeps } from '../deps';
import { asset, sendAsset, type Asset } from '../http/api-docs';
import { unsupportedBody } from '../http/body-type';
import { callerOf, identify } from '../http/caller';
import { refuseUnreadable, type RequestError } from '../http/request-errors';
import { sendError } from '../http/respond';
import type { HandlerOf } from './handler';
import { operationHandler } from './pipeline';
import { RouteTable, type RoutedPath } from './route-table';

// Everything under /api/v1, routed from the route table (`operations` in the contracts) and the handlers: every
// declared operation is routed, and nothing else is. The path is found by its segments (see RouteTable) instead of
// through express's nested routers, whose dispatch allocated at every level for every request.
// The order of the checks is the API's: a public document is served without a key; anything else is answered 401
// without a valid key whatever its path, method or body, then 400 for a path that cannot be decoded, 404 for a path
// not declared and 405 with `Allow` for a method it does not have (HEAD included: a HEAD must not run, and charge
// for, a GET), each with the caller's billing headers.

export type Handlers = { [K in AuthenticatedOperationId]: HandlerOf<Operations[K]> };

/**
 * Each handler is of the shape its operation's declared charging calls for (the types say so; this says it at start,
 * whatever a cast did): an `on_answer` operation's gives its work, a `reserve_first` one's handles the call or gives
 * its one command, every other's handles the call.
 */
export const checkHandlerShapes = (handlers: Handlers) => {
  for (const [operationId, handler] of Object.entries(handlers)) {
    const { cost } = operations[operationId as AuthenticatedOperationId] as Operation;
    const charging = cost.kind === 'per_call' ? cost.charging : undefined;
    const gives = 'work' in handler && !('handle' in handler);
    const handles = 'handle' in handler && !('work' in handler);
    // A reserve_first operation may do either: handle the call, or give one command for the pipeline to chain.
    const must =
      charging === 'on_answer'
        ? { ok: gives, what: 'give its work (on_answer)' }
        : charging === 'reserve_first'
          ? { ok: gives || handles, what: 'handle the call or give its command (reserve_first)' }
          : { ok: handles, what: 'handle the call' };
    if (!must.ok) throw new Error(`${operationId}: its handler must ${must.what}`);
  }
};
export type PublicHandlers = { [K in PublicOperationId]: () => unknown };

/** One JSON body reader per body limit declared (most operations take the default). */
const jsonBodies = new Map<number, ReturnType<typeof express.json>>();
const jsonBodyOf = (limitBytes: number) => {
  if (!jsonBodies.has(limitBytes)) jsonBodies.set(limitBytes, express.json({ limit: limitBytes }));
  return jsonBodies.get(limitBytes)!;
};

/** express.json as a promise: the error it would pass on (unreadable body), or undefined once `req.body` is read. */
const readJsonBody = (req: Request, res: Response, limitBytes: number) =>
  new Promise<RequestError | undefined>((resolve) =>
    jsonBodyOf(limitBytes)(req, res, (error?: unknown) => resolve(error as RequestError | undefined)),
  );

/**
 * Every call is run, billed and answered in full: express would answer `If-None-Match: *` (or a matching ETag) with a
 * 304 and no body, after the call had been charged. The app sends no ETag of its own and the request's validators are
 * dropped; a free file's handler may still revalidate, against the `If-None-Match` kept aside here (see `sendFile`).
 */
const unconditional = (req: Request, res: Response) => {
  res.locals.ifNoneMatch = req.headers['if-none-match'];
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
};

/** An authenticated operation and its handler, ready to run. */
interface Routed {
  operation: Operation;
  run: (req: Request, res: Response) => Promise<void>;
}

/**
 * Answers a request under /api/v1, given its path there (see `underApi`); rejects only when it cannot answer at all
 * (for the server's last-resort 500). Public operations (the interface description) answer a document fixed for the
 * life of the process, written once, with its content hash as its ETag, so a client revalidates (304) instead of
 * reading it again; GET and HEAD only.
 */
export const apiRoutes = (deps: GatewayDeps, handlers: Handlers, publicHandlers: PublicHandlers, table = new RouteTable()) => {
  checkHandlerShapes(handlers);
  const documents = new Map<string, Asset>();
  const authenticated = new Map<Operation, Routed>();
  for (const route of table.routes)
    for (const operation of route.byMethod.values()) {
      if (operation.public) {
        const document = JSON.stringify(publicHandlers[operation.operationId as PublicOperationId]());
        documents.set(operation.operationId, asset(document, 'application/json; charset=utf-8'));
        continue;
      }
      const handler = handlers[operation.operationId as AuthenticatedOperationId] as HandlerOf<Operation>;
      authenticated.set(operation, { operation, run: operationHandler(deps, operation, handler) });
    }

  const withBalance = async (res: Response) => {
    const who = callerOf(res)!;
    return deps.balanceFor(who.ctx, who.caller.accountId);
  };
  const methodNotAllowed = async (res: Response, route: RoutedPath) => {
    res.setHeader('Allow', route.allow);
    sendError(res, 'METHOD_NOT_ALLOWED', `This path answers ${route.allow} only; see /api/v1/openapi.json.`, {
      balance: await withBalance(res),
    });
  };

  const answer = async (req: Request, res: Response, relative: string) => {
    const matched = table.match(relative);
    const route = matched.found ? matched.route : undefined;
    const declared = route?.byMethod.get(req.method === 'HEAD' ? 'GET' : req.method);
    if (declared?.public) {
      res.locals.operationId = declared.operationId;
      return sendAsset(res, documents.get(declared.operationId)!, 'no-cache');
    }
    unconditional(req, res);
    if (!(await identify(deps, req, res, route?.unauthenticatedCode))) return;
    if (!matched.found) {
      if (matched.undecodable) return refuseUnreadable(deps, { status: 400, type: 'path.undecodable' } as RequestError, req, res);
      return sendError(res, 'NOT_FOUND', 'No such endpoint; see /api/v1/openapi.json.', { balance: await withBalance(res) });
    }
    // HEAD is never the GET's (whose answer would be run, and charged, to be thrown away).
    const operation = req.method === 'HEAD' ? undefined : declared;
    const routed = operation && authenticated.get(operation);
    if (!routed) return methodNotAllowed(res, matched.route);
    res.locals.operationId = routed.operation.operationId;
    req.params = matched.params;
    if (routed.operation.request.body) {
      const unreadable = unsupportedBody(req) ?? (await readJsonBody(req, res, bodyLimitOf(routed.operation)));
      if (unreadable) return refuseUnreadable(deps, unreadable, req, res);
    }
    await routed.run(req, res);
  };

  // Whatever fails before the handler (which answers its own failures) is answered with the billing headers too.
  return (req: Request, res: Response, relative: string) =>
    answer(req, res, relative).catch((error: RequestError) => refuseUnreadable(deps, error, req, res));
};
