import {
  expressPath,
  operations,
  type AuthenticatedOperationId,
  type Operation,
  type Operations,
  type PublicOperationId,
} from '@pds/contracts';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { GatewayDeps } from '../deps';
import { asset, sendAsset } from '../http/api-docs';
import { identifyCaller } from '../http/caller';
import { requestErrors } from '../http/request-errors';
import { sendError } from '../http/respond';
import type { OperationHandler } from './handler';
import { operationHandler } from './pipeline';

// Express routing generated from the route table (`operations` in the contracts) and the handlers: every declared
// operation is routed, and nothing else is. A path answers 405 with `Allow` for methods it does not have, HEAD
// included (express would otherwise run a GET, and charge for it, to answer a HEAD), and 404 for paths it has not.

export type Handlers = { [K in AuthenticatedOperationId]: OperationHandler<Operations[K]> };
export type PublicHandlers = { [K in PublicOperationId]: () => unknown };

const bodyLimit = '100kb';
const jsonBody = express.json({ limit: bodyLimit });

const byPath = () => {
  const paths = new Map<string, Operation[]>();
  for (const operation of Object.values(operations) as Operation[])
    paths.set(operation.path, [...(paths.get(operation.path) ?? []), operation]);
  return paths;
};

/** Names the operation a request reached, for its metrics; a request that reaches none is counted as `none`. */
const reached = (operationId: string) => (_req: Request, res: Response, next: NextFunction) => {
  res.locals.operationId = operationId;
  next();
};

const methodNotAllowed = (allow: string) => (_req: Request, res: Response) => {
  res.setHeader('Allow', allow);
  sendError(res, 'METHOD_NOT_ALLOWED', `This path answers ${allow} only; see /api/v1/openapi.json.`, { balance: res.locals.balance });
};

/**
 * Public operations (the interface description): served before any key is asked for. Each answers a document fixed
 * for the life of the process, written once, with its content hash as its ETag, so a client revalidates (304) instead
 * of reading it again.
 */
export const publicRoutes = (handlers: PublicHandlers) => {
  const router = Router();
  for (const operation of Object.values(operations) as Operation[]) {
    if (!operation.public) continue;
    const file = asset(JSON.stringify(handlers[operation.operationId as PublicOperationId]()), 'application/json; charset=utf-8');
    router[operation.method](expressPath(operation.path), reached(operation.operationId), (_req, res) => sendAsset(res, file, 'no-cache'));
  }
  return router;
};

/**
 * Every call is run, billed and answered in full: express would answer `If-None-Match: *` (or a matching ETag) with a
 * 304 and no body, after the call had been charged. The app sends no ETag, and the request's validators are dropped.
 */
const unconditional = (req: Request, _res: Response, next: NextFunction) => {
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  next();
};

/** Every authenticated operation under `/api/v1`, behind the key check. */
export const operationRoutes = (deps: GatewayDeps, handlers: Handlers) => {
  const router = Router();
  router.use(unconditional, identifyCaller(deps));
  const withBalance = async (_req: Request, res: Response, next: NextFunction) => {
    const { caller, ctx } = res.locals;
    res.locals.balance = await deps.balanceFor(ctx, caller.accountId);
    next();
  };
  for (const [path, declared] of byPath()) {
    const route = router.route(expressPath(path));
    const allow = declared.map((o) => o.method.toUpperCase()).join(', ');
    // Express answers a HEAD by running the GET; a chargeable GET must not run (or charge) for one.
    if (declared.some((o) => o.method === 'get' && !o.public)) route.head(withBalance, methodNotAllowed(allow));
    for (const operation of declared) {
      if (operation.public) continue;
      const handler = handlers[operation.operationId as AuthenticatedOperationId] as OperationHandler<Operation>;
      const read = operation.request.body ? [jsonBody] : [];
      route[operation.method](reached(operation.operationId), ...read, operationHandler(deps, operation, handler));
    }
    route.all(withBalance, methodNotAllowed(allow));
  }
  router.use(withBalance, (_req: Request, res: Response) =>
    sendError(res, 'NOT_FOUND', 'No such endpoint; see /api/v1/openapi.json.', { balance: res.locals.balance }),
  );
  router.use(requestErrors(deps));
  return router;
};
