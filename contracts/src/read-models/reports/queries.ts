import type { Report, ReportSummary } from '../../rest/reports';
import { defineQueries } from '../read-model';
import { reportFiles as files, reportViews as reports } from './contract';

// The analysis service's published reads of its reports: every one scoped to the account, so that another account's
// report reads exactly as a missing one.

/** Where the next page starts: after this report, in the list's order (newest first). */
export interface ReportCursor {
  requestedAt: string;
  reportId: string;
}

/** The cursor as the caller holds it: opaque, URL-safe. */
export const encodeReportCursor = (c: ReportCursor) => Buffer.from(`${c.requestedAt}|${c.reportId}`).toString('base64url');

export const decodeReportCursor = (text: string): ReportCursor | undefined => {
  const [requestedAt, reportId, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !requestedAt || !reportId || !/^rep_[a-z0-9]{26}$/.test(reportId)) return undefined;
  return Number.isNaN(Date.parse(requestedAt)) ? undefined : { requestedAt, reportId };
};

const summaryOf = ({ sections: _sections, ...summary }: Report): ReportSummary => summary;

export const reportQueries = defineQueries([reports, files], {
  /** The account's report as its status endpoint shows it; undefined when the account has none of that id. */
  report: async (db, reportId: string, accountId: string): Promise<Report | undefined> => {
    const sql = `SELECT view FROM ${reports.relation} WHERE report_id = $1 AND account_id = $2`;
    return (await db.query<{ view: Report }>(sql, [reportId, accountId])).rows[0]?.view;
  },

  /** A report as its status endpoint shows it, and whose it is, whoever asks: for the webhooks that say it ended. */
  reportById: async (db, reportId: string): Promise<{ accountId: string; view: Report } | undefined> => {
    const sql = `SELECT account_id, view FROM ${reports.relation} WHERE report_id = $1`;
    const row = (await db.query<{ account_id: string; view: Report }>(sql, [reportId])).rows[0];
    return row && { accountId: row.account_id, view: row.view };
  },

  /** Whether the account's report can be read yet (its projection writes it just after the request is recorded). */
  isReadable: async (db, reportId: string, accountId: string): Promise<boolean> => {
    const sql = `SELECT 1 FROM ${reports.relation} WHERE report_id = $1 AND account_id = $2`;
    return ((await db.query(sql, [reportId, accountId])).rowCount ?? 0) > 0;
  },

  /** A page of the account's reports, newest first, and the cursor of the next page (null on the last). */
  list: async (db, accountId: string, page: { limit: number; after?: ReportCursor }) => {
    const after = page.after ? `AND (requested_at, report_id) < ($3::timestamptz, $4)` : '';
    const sql = `SELECT report_id, requested_at, view FROM ${reports.relation} WHERE account_id = $1 ${after}
                  ORDER BY requested_at DESC, report_id DESC LIMIT $2`;
    const values = [accountId, page.limit + 1, ...(page.after ? [page.after.requestedAt, page.after.reportId] : [])];
    const rows = (await db.query<{ report_id: string; requested_at: Date; view: Report }>(sql, values)).rows;
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    const nextCursor =
      rows.length > page.limit && last
        ? encodeReportCursor({ requestedAt: last.requested_at.toISOString(), reportId: last.report_id })
        : null;
    return { reports: shown.map((r) => summaryOf(r.view)), nextCursor };
  },

  /** The report's PDF, its file name and SHA-256; undefined when the account has no rendered report of that id. */
  documentPdf: async (db, reportId: string, accountId: string) => {
    const sql = `SELECT pdf, sha256, filename FROM ${files.relation} WHERE report_id = $1 AND account_id = $2`;
    return (await db.query<{ pdf: Buffer; sha256: string; filename: string }>(sql, [reportId, accountId])).rows[0];
  },
});
