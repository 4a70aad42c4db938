import { readModels, reportDocument, reportList, reportStatus } from '@pds/contracts';
import type { CallContext } from '../../http/caller';
import { handlerOf, type Refusal } from '../../operations/handler';

// The reads of reports: free, through the analysis service's published queries of its read models, every one scoped
// to the caller's account, so another account's report answers exactly as a missing one.

const { reportQueries, decodeReportCursor } = readModels;

const reportNotFound: Refusal = {
  ok: false,
  code: 'REPORT_NOT_FOUND',
  message: 'No such report on your account; check the id returned when it was requested.',
};
const databaseError: Refusal = {
  ok: false,
  code: 'DATABASE_ERROR',
  message: 'The report could not be read; nothing was charged. Retry shortly.',
};

const read = async <T>(ctx: CallContext, reading: Promise<T>): Promise<T | Refusal> => {
  try {
    return await reading;
  } catch (err) {
    ctx.logger.error({ err }, 'report read failed');
    return databaseError;
  }
};
const failed = <T>(read: T | Refusal): read is Refusal => typeof read === 'object' && read !== null && 'ok' in read && read.ok === false;

/** An id that is not a report id names no report of the caller's: the same 404 as a missing one. */
const readReportPath = (raw: { params: Record<string, string> }) => {
  const path = reportStatus.request.params.safeParse(raw.params);
  return path.success
    ? { ok: true as const, value: { query: undefined, params: path.data, headers: undefined, body: undefined } }
    : reportNotFound;
};

export const reportStatusHandler = handlerOf(reportStatus, {
  read: readReportPath,
  handle: async ({ input, caller, ctx, deps }) => {
    const report = await read(ctx, reportQueries.report(deps.db, input.params.reportId, caller.accountId));
    if (failed(report)) return report;
    return report ? { ok: true, data: report } : reportNotFound;
  },
});

export const reportDocumentHandler = handlerOf(reportDocument, {
  read: readReportPath,
  handle: async ({ input, caller, ctx, deps }) => {
    const { reportId } = input.params;
    const file = await read(ctx, reportQueries.documentPdf(deps.db, reportId, caller.accountId));
    if (failed(file)) return file;
    if (file)
      return { ok: true, file: { contentType: 'application/pdf', body: file.pdf, filename: file.filename, etag: `"${file.sha256}"` } };
    const report = await read(ctx, reportQueries.report(deps.db, reportId, caller.accountId));
    if (failed(report)) return report;
    if (!report) return reportNotFound;
    // Rendered but not yet completed (its credits being taken), or not rendered at all: not to be had yet, or ever.
    const when = report.status === 'failed' ? 'it failed, and has no document' : `it is ${report.status}; download it once completed`;
    return { ok: false, code: 'REPORT_NOT_COMPLETED', message: `Report ${reportId} is not completed: ${when}.` };
  },
});

export const reportListHandler = handlerOf(reportList, {
  handle: async ({ input, caller, ctx, deps }) => {
    const { limit, cursor } = input.query;
    const after = cursor === undefined ? undefined : decodeReportCursor(cursor);
    if (cursor !== undefined && !after)
      return {
        ok: false,
        code: 'INVALID_CURSOR',
        message: '`cursor` is not one this endpoint gave; pass `nextCursor` as it was answered.',
      };
    const page = await read(ctx, reportQueries.list(deps.db, caller.accountId, { limit, ...(after ? { after } : {}) }));
    return failed(page) ? page : { ok: true, data: page };
  },
});
