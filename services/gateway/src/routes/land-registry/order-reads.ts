import { OrderIdPath, type TitleOrder } from '@pds/contracts';
import { Router, type Request, type Response } from 'express';
import type { Caller } from '../../auth/api-keys';
import type { GatewayDeps } from '../../deps';
import { sendError, sendFree, setBillingHeaders } from '../../http/respond';
import { authenticated, type CallContext } from '../authenticated';
import { documentNotFound, pdfAnswer, textAnswer, type StoredDocument } from './order-documents';
import { sendRefusal, type Refusal } from './refusals';

// `land_registry_order_status` and the downloads of an order's documents: free reads of the order service's read
// model. Every read is scoped to the caller's account, so another account's order answers exactly as a missing one.

const orderNotFound: Refusal = { ok: false, code: 'ORDER_NOT_FOUND', message: 'No such order on your account; check the order id returned by placement.' };
const documentIdLengthMax = 200;

const orderWithDocument = (columns: string) => `
  SELECT o.view, d.kind, ${columns}
    FROM title_orders o
    LEFT JOIN title_order_documents d ON d.document_id = $3 AND d.order_id = o.order_id AND d.account_id = o.account_id
   WHERE o.order_id = $1 AND o.account_id = $2`;

type Read<R> = { rows: R[] } | { failed: true };

/** A read-model query; a failure is answered as DATABASE_ERROR (retry) rather than as the order not existing. */
const read = async <R extends object>(deps: GatewayDeps, ctx: CallContext, sql: string, params: unknown[]): Promise<Read<R>> => {
  try {
    return { rows: (await deps.db.query<R>(sql, params)).rows };
  } catch (err) {
    ctx.logger.error({ err }, 'title order read failed');
    return { failed: true };
  }
};

const refuse = async (deps: GatewayDeps, res: Response, caller: Caller, ctx: CallContext, refusal: Refusal) =>
  sendRefusal(res, refusal, await deps.balanceFor(ctx, caller.accountId), deps.clock.now());

const databaseError = async (deps: GatewayDeps, res: Response, caller: Caller, ctx: CallContext) =>
  sendError(res, 'DATABASE_ERROR', 'The order could not be read; nothing was charged. Retry shortly.', { balance: await deps.balanceFor(ctx, caller.accountId) });

/** The order and document ids of a document path, or undefined when they cannot name a document. */
const documentPath = (params: Request['params']) => {
  const path = OrderIdPath.safeParse(params);
  const { documentId } = params;
  return path.success && typeof documentId === 'string' && documentId.length > 0 && documentId.length <= documentIdLengthMax
    ? { orderId: path.data.orderId, documentId }
    : undefined;
};

export const orderReadRoutes = (deps: GatewayDeps) =>
  Router()
    .get(
      '/land-registry/title-orders/:orderId',
      authenticated(deps, async (req, res, caller, ctx) => {
        const path = OrderIdPath.safeParse(req.params);
        if (!path.success) return refuse(deps, res, caller, ctx, orderNotFound);
        const found = await read<{ view: TitleOrder }>(deps, ctx, 'SELECT view FROM title_orders WHERE order_id = $1 AND account_id = $2', [path.data.orderId, caller.accountId]);
        if ('failed' in found) return databaseError(deps, res, caller, ctx);
        const order = found.rows[0]?.view;
        if (!order) return refuse(deps, res, caller, ctx, orderNotFound);
        sendFree(res, order, await deps.balanceFor(ctx, caller.accountId));
      }),
    )
    .get(
      '/land-registry/title-orders/:orderId/documents/:documentId',
      authenticated(deps, async (req, res, caller, ctx) => {
        const path = documentPath(req.params);
        if (!path) return refuse(deps, res, caller, ctx, documentNotFound);
        const found = await read<{ view: TitleOrder } & Partial<Pick<StoredDocument, 'kind' | 'pdf'>>>(deps, ctx, orderWithDocument('d.pdf'), [path.orderId, caller.accountId, path.documentId]);
        if ('failed' in found) return databaseError(deps, res, caller, ctx);
        const row = found.rows[0];
        const answer = pdfAnswer(row?.view, path.documentId, row?.kind && row.pdf ? { kind: row.kind, pdf: row.pdf } : undefined);
        if (!answer.ok) return refuse(deps, res, caller, ctx, answer);
        setBillingHeaders(res, 0, await deps.balanceFor(ctx, caller.accountId));
        res.setHeader('Content-Disposition', `attachment; filename="${answer.value.filename}"`);
        res.status(200).type('application/pdf').send(answer.value.pdf);
      }),
    )
    .get(
      '/land-registry/title-orders/:orderId/documents/:documentId/text',
      authenticated(deps, async (req, res, caller, ctx) => {
        const path = documentPath(req.params);
        if (!path) return refuse(deps, res, caller, ctx, documentNotFound);
        const found = await read<{ view: TitleOrder } & Partial<Pick<StoredDocument, 'kind' | 'text'>>>(deps, ctx, orderWithDocument('d.text'), [path.orderId, caller.accountId, path.documentId]);
        if ('failed' in found) return databaseError(deps, res, caller, ctx);
        const row = found.rows[0];
        const answer = textAnswer(row?.view, path.documentId, row?.kind ? { kind: row.kind, text: row.text ?? null } : undefined);
        if (!answer.ok) return refuse(deps, res, caller, ctx, answer);
        setBillingHeaders(res, 0, await deps.balanceFor(ctx, caller.accountId));
        res.status(200).type('text/plain; charset=utf-8').send(answer.value);
      }),
    );
