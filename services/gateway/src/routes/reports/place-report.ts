import { billing, errorsOf, readModels, reportCreate, reports, type ErrorCode } from '@pds/contracts';
import { envMs, RequestTimeoutError } from '@pds/service-runtime';
import type { BalanceView } from '../../http/respond';
import { handlerOf } from '../../operations/handler';
import { untilReadable } from '../read-your-writes';
import { checkReportRequest } from './report-request';

/** Placement identifies the subject and reserves at the ledger before answering. */
const placeTimeoutMs = envMs('REPORT_PLACE_TIMEOUT_MS', 20_000);

const retrySafely = 'Retry with the same Idempotency-Key: a retry cannot reserve twice, and answers with the report if one was recorded.';
const unknownBalance: BalanceView = { availableCredits: null, creditsRefreshAt: null };
/** The analysis service's refusal as the caller reads it: a code the operation declares, or a failure of its own. */
const refusalOf = (error: { code: string; message: string }) =>
  error.code in errorsOf(reportCreate)
    ? { ok: false as const, code: error.code as ErrorCode, message: error.message }
    : { ok: false as const, code: 'INTERNAL_SERVER_ERROR' as const, message: `The report could not be requested (${error.code}). ${retrySafely}` };

const viewOf = (b: billing.LedgerBalance): BalanceView => ({ availableCredits: b.availableCredits, creditsRefreshAt: b.creditsRefreshAt });

/**
 * `report_create`. The analysis service owns the report: it identifies the subject, keeps one report per
 * Idempotency-Key, reserves the type's price and answers with the report as the status endpoint shows it. The 202
 * reports the credits reserved, and 0 charged: they are taken when the report completes.
 */
export const placeReport = handlerOf(reportCreate, {
  read: (raw) => {
    const checked = checkReportRequest(raw.header('idempotency-key'), raw.body);
    if (!checked.ok) return checked;
    const { idempotencyKey, request } = checked.value;
    return { ok: true, value: { query: undefined, params: undefined, headers: { 'Idempotency-Key': idempotencyKey }, body: request } };
  },
  handle: async ({ input, caller, ctx, deps }) => {
    let reply;
    try {
      const data = {
        accountId: caller.accountId,
        idempotencyKey: input.headers['Idempotency-Key'],
        request: input.body,
        requestId: ctx.requestId,
      };
      // Keyed by account: one account's reports are requested one at a time, so its balance is checked in order.
      reply = await deps.rpc.request(reports.PlaceReport, deps.topics.commands('analysis'), caller.accountId, data, ctx, {
        timeoutMs: placeTimeoutMs,
      });
    } catch (error) {
      if (error instanceof RequestTimeoutError)
        return {
          ok: false,
          code: 'UPSTREAM_TIMEOUT',
          message: `The report was not confirmed in time; it may still be recorded. ${retrySafely}`,
        };
      ctx.logger.error({ err: error }, 'report request failed');
      return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `Unexpected error while requesting the report. ${retrySafely}` };
    }
    if (!reply.ok) return { ...refusalOf(reply.error), ...(reply.data?.balance ? { balance: viewOf(reply.data.balance) } : {}) };
    const { report, placedNow, balance } = reply.data;
    if (!(await untilReadable(readModels.reportQueries.isReadable, deps.db, report.reportId, caller.accountId)))
      ctx.logger.warn({ reportId: report.reportId }, 'report recorded but not yet readable by its status endpoint; answering anyway');
    const reserved = placedNow ? report.priceCredits : 0;
    const after = balance ? viewOf(balance) : ((await deps.balanceFor(ctx, caller.accountId)) ?? unknownBalance);
    return { ok: true, data: report, reserved: { credits: reserved, balance: after } };
  },
});
