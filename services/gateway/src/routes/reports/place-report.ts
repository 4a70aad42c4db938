import { errorsOf, readModels, reportCreate, reports, type ErrorCode } from '@pds/contracts';
import { envMs } from '@pds/service-runtime';
import { handlerOf, type Refusal } from '../../operations/handler';
import { balanceAfter, balanceViewOf, placementInput, sendPlacement } from '../placement';
import { untilReadable } from '../read-your-writes';
import { checkReportRequest } from './report-request';

/** Placement identifies the subject and reserves at the ledger before answering. */
const placeTimeoutMs = envMs('REPORT_PLACE_TIMEOUT_MS', 20_000);

const retrySafely = 'Retry with the same Idempotency-Key: a retry cannot reserve twice, and answers with the report if one was recorded.';

/** The analysis service's refusal as the caller reads it: a code the operation declares, or a failure of its own. */
const refusalOf = (error: { code: string; message: string }): Refusal =>
  error.code in errorsOf(reportCreate)
    ? { ok: false, code: error.code as ErrorCode, message: error.message }
    : { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `The report could not be requested (${error.code}). ${retrySafely}` };

/**
 * `report_create`. The analysis service owns the report: it identifies the subject, keeps one report per
 * Idempotency-Key, reserves the type's price and answers with the report as the status endpoint shows it. The 202
 * reports the credits reserved, and 0 charged: they are taken when the report completes.
 */
export const placeReport = handlerOf(reportCreate, {
  read: (raw) => {
    const checked = checkReportRequest(raw.header('idempotency-key'), raw.body);
    return checked.ok ? placementInput(checked.value.idempotencyKey, checked.value.request) : checked;
  },
  handle: async (call) => {
    const { input, caller, ctx, deps } = call;
    const data = {
      accountId: caller.accountId,
      idempotencyKey: input.headers['Idempotency-Key'],
      request: input.body,
      requestId: ctx.requestId,
    };
    const sent = await sendPlacement(call, {
      command: reports.PlaceReport,
      owner: 'analysis',
      data,
      timeoutMs: placeTimeoutMs,
      what: 'report',
      retrySafely,
    });
    if (!sent.sent) return sent.refusal;
    const { reply } = sent;
    if (!reply.ok) return { ...refusalOf(reply.error), ...(reply.data?.balance ? { balance: balanceViewOf(reply.data.balance) } : {}) };
    const { report, placedNow, balance } = reply.data;
    if (!(await untilReadable(readModels.reportQueries.isReadable, deps.db, report.reportId, caller.accountId)))
      ctx.logger.warn({ reportId: report.reportId }, 'report recorded but not yet readable by its status endpoint; answering anyway');
    // A replay of an earlier request reserves nothing more.
    const reserved = placedNow ? report.priceCredits : 0;
    return { ok: true, data: report, reserved: { credits: reserved, balance: await balanceAfter(call, balance) } };
  },
});
