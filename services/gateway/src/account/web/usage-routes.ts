import { UsageQuery } from '@pds/contracts';
import type { Request, Response, Router } from 'express';
import type { AccountDeps } from '../account-deps';
import type { Session } from '../identity/sessions';
import { usageCsv } from '../usage/usage-csv';
import { usageOf, type UsageReport } from '../usage/usage-of';
import type { FieldErrors } from './forms';
import { html } from './html';
import type { PageTools } from './key-routes';
import { usagePage, type UsageAsked } from './pages/usage-pages';

// The usage page and its CSV: the session's account's usage, read by the same function as the API's account_usage,
// with the API's rules for the range. A range it refuses is shown back in the form with why (400), never a 500.

const fieldProblems: Record<string, string> = {
  from: 'Enter the first day as a date, like 2026-05-01.',
  to: 'Enter the last day as a date, like 2026-05-31.',
  groupBy: 'Choose to group by day or by operation.',
};
const unreadable = html`<p class="notice">We cannot read your usage just now. Try again in a moment.</p>`;

/** The query's one value of `name`, trimmed; an empty field is one not given. */
const queryText = (req: Request, name: string): string => {
  const value = req.query[name];
  return typeof value === 'string' ? value.trim() : '';
};

export const usageRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const { show, signedIn } = tools;
  /** The usage asked for, or undefined once a page saying why it cannot be had was sent. */
  const read = async (req: Request, res: Response, session: Session): Promise<UsageReport | undefined> => {
    const typed = { from: queryText(req, 'from'), to: queryText(req, 'to'), groupBy: queryText(req, 'groupBy') };
    const asked: UsageAsked = { ...typed, groupBy: typed.groupBy === 'operation' ? 'operation' : 'day' };
    const refuse = (errors: FieldErrors) => show(res, 'Usage', usagePage(asked, undefined, errors), 400);
    const given = Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== ''));
    const query = UsageQuery.safeParse(given);
    if (!query.success) {
      const fields = query.error.issues.map((i) => String(i.path[0]));
      return void refuse(Object.fromEntries(fields.map((f) => [f, fieldProblems[f] ?? 'Check this field.'])));
    }
    try {
      const outcome = await usageOf(deps.db, session.accountId, query.data, deps.clock.now());
      if (outcome.ok) return outcome.usage;
      // The range rules speak of `to` when it is after today, and of `from` otherwise.
      refuse({ [outcome.invalid.startsWith('`to`') ? 'to' : 'from']: outcome.invalid.replace(/`/g, '') });
    } catch {
      show(res, 'Usage', unreadable, 503);
    }
    return undefined;
  };

  router.get('/account/usage', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const usage = await read(req, res, session);
    if (usage) show(res, 'Usage', usagePage({ from: usage.from, to: usage.to, groupBy: usage.groupBy }, usage));
  });

  router.get('/account/usage.csv', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const usage = await read(req, res, session);
    if (!usage) return;
    const file = usageCsv(usage);
    res.set('Content-Disposition', `attachment; filename="${file.filename}"`).type('text/csv; charset=utf-8').send(file.text);
  });
};
