import { landRegistryOrderDocument, landRegistryOrderDocumentText, landRegistryOrderStatus, readModels } from '@pds/contracts';
import type { CallContext } from '../../http/caller';
import { handlerOf, type Refusal } from '../../operations/handler';

// `land_registry_order_status` and the downloads of an order's documents: free reads through the order service's
// published queries of its read models (the gateway reads none of its tables), every one scoped to the caller's
// account, so another account's order answers exactly as a missing one.

const { titleOrderQueries, documentNotFound } = readModels;

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

/** A read; a failure is answered as DATABASE_ERROR (retry) rather than as the order not existing. */
const read = async <T>(ctx: CallContext, reading: Promise<T>): Promise<T | Refusal> => {
  try {
    return await reading;
  } catch (err) {
    ctx.logger.error({ err }, 'title order read failed');
    return databaseError;
  }
};
const failed = <T>(read: T | Refusal): read is Refusal => typeof read === 'object' && read !== null && 'ok' in read && read.ok === false;

export const orderStatus = handlerOf(landRegistryOrderStatus, {
  // An id that is not an order id names no order of the caller's: the same 404 as a missing one.
  read: (raw) => {
    const path = landRegistryOrderStatus.request.params.safeParse(raw.params);
    return path.success ? { ok: true, value: { query: undefined, params: path.data, headers: undefined, body: undefined } } : orderNotFound;
  },
  handle: async ({ input, caller, ctx, deps }) => {
    const order = await read(ctx, titleOrderQueries.order(deps.db, input.params.orderId, caller.accountId));
    if (failed(order)) return order;
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
    const answer = await read(ctx, titleOrderQueries.documentPdf(deps.db, { ...input.params, accountId: caller.accountId }));
    return answer.ok
      ? { ok: true, file: { contentType: 'application/pdf', body: answer.value.pdf, filename: answer.value.filename } }
      : answer;
  },
});

export const orderDocumentText = handlerOf(landRegistryOrderDocumentText, {
  read: readDocumentPath,
  handle: async ({ input, caller, ctx, deps }) => {
    const answer = await read(ctx, titleOrderQueries.documentText(deps.db, { ...input.params, accountId: caller.accountId }));
    return answer.ok ? { ok: true, file: { contentType: 'text/plain; charset=utf-8', body: answer.value } } : answer;
  },
});
