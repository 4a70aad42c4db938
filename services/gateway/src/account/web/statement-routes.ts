import { RenderPoolBusy } from '@pds/report-pdf';
import type { Request, Response, Router } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import type { AccountDeps } from '../account-deps';
import type { Session } from '../identity/sessions';
import { monthsBetween, parseStatementFile, ukMonthOf } from '../statements/months';
import { statementRenderer } from '../statements/render-in-worker';
import { statementCsv } from '../statements/statement-csv';
import { buildStatementModel } from '../statements/statement-model';
import type { PageTools } from './key-routes';
import { badMonthPage, busyPage, noStatementPage, statementsPage } from './pages/statement-pages';
import { unavailablePage } from './pages/signed-in-pages';

// Monthly statements: the list of months from the account's opening to this one, and each month as a PDF or a CSV,
// for the session's account only. A closed month's PDF is the same bytes each time: it carries their hash as its ETag.

/** The account's description from the ledger (its plan and opening), or a 503 page when the ledger does not answer. */
const described = async (deps: AccountDeps, session: Session, res: Response, tools: PageTools) => {
  const outcome = await deps.ledger
    .describe({ correlationId: randomUUID(), actor: `customer:${session.customerId}` }, session.accountId)
    .catch(() => undefined);
  if (outcome?.ok) return outcome.data;
  tools.show(res, 'Statements', unavailablePage(), 503);
  return undefined;
};

const download = (req: Request, res: Response, type: string, name: string, body: Buffer, final: boolean) => {
  res.set({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (final) {
    const etag = `"${createHash('sha256').update(body).digest('hex')}"`;
    res.set('ETag', etag);
    if (req.headers['if-none-match'] === etag) return void res.status(304).end();
  }
  res.status(200).send(body);
};

export const statementRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const { show, signedIn } = tools;
  // Started at the first download; its worker does not keep the process up.
  let renderer: ReturnType<typeof statementRenderer> | undefined;

  router.get('/account/statements', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const account = await described(deps, session, res, tools);
    if (!account) return;
    const thisMonth = ukMonthOf(deps.clock.now());
    show(res, 'Statements', statementsPage(monthsBetween(ukMonthOf(account.openedAt), thisMonth), thisMonth));
  });

  router.get('/account/statements/:file', async (req, res, next) => {
    const file = parseStatementFile(req.params.file);
    if (file === undefined) return next();
    const session = signedIn(req, res);
    if (!session) return;
    if (file === 'malformed') return show(res, 'No such statement', badMonthPage(), 400);
    const account = await described(deps, session, res, tools);
    if (!account) return;
    const { month, format } = file;
    if (month < ukMonthOf(account.openedAt) || month > ukMonthOf(deps.clock.now()))
      return show(res, 'No such statement', noStatementPage(), 404);
    const model = await buildStatementModel(deps, session, account, month);
    const name = `statement-${month}.${format}`;
    if (format === 'csv')
      return download(req, res, 'text/csv; charset=utf-8', name, Buffer.from(statementCsv(model), 'utf8'), !model.toDate);
    try {
      const { pdf } = await (renderer ??= statementRenderer()).render(model);
      download(req, res, 'application/pdf', name, pdf, !model.toDate);
    } catch (error) {
      if (!(error instanceof RenderPoolBusy)) throw error;
      show(res, 'Statements', busyPage(), 503);
    }
  });
};
