import {
  landRegistryOrderDocument,
  landRegistryOrderDocumentText,
  landRegistryOrderStatus,
  readModels,
  type TitleOrder,
} from '@pds/contracts';
import type { CallContext } from '../../http/caller';
import type { GatewayDeps } from '../../deps';
import { handlerOf, type Refusal } from '../../operations/handler';
import { documentNotFound, pdfAnswer, textAnswer, type StoredDocument } from './order-documents';

// `land_registry_order_status` and the downloads of an order's documents: free reads of the order service's read-model
// contracts (`title_order_views`, `title_order_files`; the gateway reads none of its tables). Every read is scoped to
// the caller's account, so another account's order answers exactly as a missing one.

const { titleOrderViews: orders, titleOrderFiles: files } = readModels;

const orderNotFound: Refusal = {
  ok: false,
  code: 'ORDER_NOT_FOUND',
  message: 'No such order on your account; check the order id returned by placement.',
};
const databaseError: Refusal = {
  ok: false,
  code: 'DATABASE_ERROR',
  message: 'The order could not be read; nothing was charged. Retry shortly.',
};

const orderWithDocument = (columns: string) => `
  SELECT o.view, d.kind, ${columns}
    FROM ${orders.relation} o
    LEFT JOIN ${files.relation} d ON d.document_id = $3 AND d.order_id = o.order_id AND d.account_id = o.account_id
   WHERE o.order_id = $1 AND o.account_id = $2`;

/** A read-model query; a failure is answered as DATABASE_ERROR (retry) rather than as the order not existing. */
const read = async <R extends object>(deps: GatewayDeps, ctx: CallContext, sql: string, params: unknown[]): Promise<R[] | undefined> => {
  try {
    return (await deps.db.query<R>(sql, params)).rows;
  } catch (err) {
    ctx.logger.error({ err }, 'title order read failed');
    return undefined;
  }
};

export const orderStatus = handlerOf(landRegistryOrderStatus, {
  // An id that is not an order id names no order of the caller's: the same 404 as a missing one.
  read: (raw) => {
    const path = landRegistryOrderStatus.request.params.safeParse(raw.params);
    return path.success ? { ok: true, value: { query: undefined, params: path.data, headers: undefined, body: undefined } } : orderNotFound;
  },
  handle: async ({ input, caller, ctx, deps }) => {
    const rows = await read<{ view: TitleOrder }>(
      deps,
      ctx,
      `SELECT view FROM ${orders.relation} WHERE order_id = $1 AND account_id = $2`,
      [input.params.orderId, caller.accountId],
    );
    if (!rows) return databaseError;
    const order = rows[0]?.view;
    return order ? { ok: true, data: order } : orderNotFound;
  },
});

/** The order and document ids of a document path; anything else names no document of the caller's. */
const documentPath = landRegistryOrderDocument.request.params;
const readDocumentPath = (raw: { params: Record<string, string> }) => {
  const path = documentPath.safeParse(raw.params);
  return path.success
    ? { ok: true as const, value: { query: undefined, params: path.data, headers: undefined, body: undefined } }
    : documentNotFound;
};

export const orderDocument = handlerOf(landRegistryOrderDocument, {
  read: readDocumentPath,
  handle: async ({ input, caller, ctx, deps }) => {
    const { orderId, documentId } = input.params;
    const rows = await read<{ view: TitleOrder } & Partial<Pick<StoredDocument, 'kind' | 'pdf'>>>(deps, ctx, orderWithDocument('d.pdf'), [
      orderId,
      caller.accountId,
      documentId,
    ]);
    if (!rows) return databaseError;
    const row = rows[0];
    const answer = pdfAnswer(row?.view, documentId, row?.kind && row.pdf ? { kind: row.kind, pdf: row.pdf } : undefined);
    return answer.ok
      ? { ok: true, file: { contentType: 'application/pdf', body: answer.value.pdf, filename: answer.value.filename } }
      : answer;
  },
});

export const orderDocumentText = handlerOf(landRegistryOrderDocumentText, {
  read: readDocumentPath,
  handle: async ({ input, caller, ctx, deps }) => {
    const { orderId, documentId } = input.params;
    const rows = await read<{ view: TitleOrder } & Partial<Pick<StoredDocument, 'kind' | 'text'>>>(deps, ctx, orderWithDocument('d.text'), [
      orderId,
      caller.accountId,
      documentId,
    ]);
    if (!rows) return databaseError;
    const row = rows[0];
    const answer = textAnswer(row?.view, documentId, row?.kind ? { kind: row.kind, text: row.text ?? null } : undefined);
    return answer.ok ? { ok: true, file: { contentType: 'text/plain; charset=utf-8', body: answer.value } } : answer;
  },
});
