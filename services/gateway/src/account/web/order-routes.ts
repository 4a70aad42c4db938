import { DocumentPath, readModels, ReportIdPath } from '@pds/contracts';
import type { Request, Response, Router } from 'express';
import type { AccountDeps } from '../account-deps';
import { html } from './html';
import type { PageTools } from './key-routes';
import { documentNotReadyPage, noSuchDocumentPage, ordersPage, ordersShownMax } from './pages/order-pages';

// The orders and reports page and its document downloads. Every read is the owners' published query the API's
// handlers call, scoped by the session's account: another account's order or report reads exactly as a missing one,
// a 404, and an id not even shaped like one is answered the same way.

const { titleOrderQueries, reportQueries } = readModels;
const unreadable = html`<p class="notice">We cannot read your orders just now. Try again in a moment.</p>`;
/** The owners' messages name API fields in backticks, which mean nothing on a page. */
const plain = (message: string) => message.replace(/`/g, '');

export const orderRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const { show, signedIn } = tools;
  const title = 'Orders and reports';
  const sendPdf = (res: Response, pdf: Buffer, filename: string) => res.attachment(filename).type('application/pdf').send(pdf);
  /** A read that failed is a 503 page, never a 500 nor a 404 that would say the thing is not there. */
  const reading = async (res: Response, answer: () => Promise<void>) => {
    try {
      await answer();
    } catch {
      show(res, title, unreadable, 503);
    }
  };
  const noSuchDocument = (res: Response) => show(res, 'No such document', noSuchDocumentPage(), 404);

  router.get('/account/orders', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    await reading(res, async () => {
      const [orders, reports] = await Promise.all([
        titleOrderQueries.latest(deps.db, session.accountId, ordersShownMax),
        reportQueries.list(deps.db, session.accountId, { limit: ordersShownMax }),
      ]);
      show(res, title, ordersPage(orders, { reports: reports.reports, more: reports.nextCursor !== null }));
    });
  });

  router.get('/account/orders/:orderId/documents/:documentId', async (req: Request, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const path = DocumentPath.safeParse(req.params);
    if (!path.success) return noSuchDocument(res);
    await reading(res, async () => {
      const answer = await titleOrderQueries.documentPdf(deps.db, { ...path.data, accountId: session.accountId });
      if (answer.ok) return void sendPdf(res, answer.value.pdf, answer.value.filename);
      if (answer.code === 'DOCUMENT_NOT_READY') return show(res, 'Not ready', documentNotReadyPage(plain(answer.message)), 409);
      noSuchDocument(res);
    });
  });

  router.get('/account/reports/:reportId/pdf', async (req: Request, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const path = ReportIdPath.safeParse(req.params);
    if (!path.success) return noSuchDocument(res);
    const { reportId } = path.data;
    await reading(res, async () => {
      const file = await reportQueries.documentPdf(deps.db, reportId, session.accountId);
      if (file) return void sendPdf(res, file.pdf, file.filename);
      const report = await reportQueries.report(deps.db, reportId, session.accountId);
      if (!report) return noSuchDocument(res);
      const why = report.status === 'failed' ? 'It failed, and has no document.' : 'Download it once it is completed.';
      show(res, 'Not ready', documentNotReadyPage(`That report is ${report.status.replace(/_/g, ' ')}. ${why}`), 409);
    });
  });
};
