import { billing, readModels, topUpPence } from '@pds/contracts';
import type { RequestContext } from '@pds/service-runtime';
import type { Request, Response, Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { AccountDeps } from '../account-deps';
import type { Session } from '../identity/sessions';
import { fulfilDeps } from '../payments/account-payments';
import { startCheckout } from '../payments/checkouts';
import { fulfilCheckout } from '../payments/fulfil';
import { ukMonthOf } from '../statements/months';
import { customerOf } from './customer-of';
import type { FieldErrors } from './forms';
import { html } from './html';
import type { PageTools } from './key-routes';
import { balanceMovementKinds, balancePage, paidPage, paymentNotAppliedPage, paymentPendingPage } from './pages/balance-pages';
import { unavailablePage } from './pages/signed-in-pages';

export const balancePostPaths = ['/account/balance/top-up', '/account/balance/ordering'] as const;

/** Whole pounds within the top-up range, as typed ("20", "£20", "20.00"); undefined for anything else. */
export const topUpAmountPence = (typed: string): number | undefined => {
  const m = /^\s*£?\s*(\d{1,7})(?:\.00?)?\s*$/.exec(typed);
  const pence = m ? Number(m[1]) * 100 : NaN;
  return pence >= topUpPence.min && pence <= topUpPence.max && pence % topUpPence.step === 0 ? pence : undefined;
};

const orderingRefusals: Record<string, string> = {
  [billing.ledgerErrorCodes.orderingLocked]: 'We turned ordering off for your account; contact us to turn it on.',
  [billing.ledgerErrorCodes.planRequired]: 'Ordering needs a paid plan: subscribe to one first.',
  [billing.ledgerErrorCodes.accountHeld]: 'Your account is on hold; contact us.',
  [billing.ledgerErrorCodes.accountInDebt]: 'Your account owes money: top up the balance first.',
};

const notOurs = html`<p class="notice">There is no such payment of yours.</p>
  <p><a href="/account">Back to your account</a></p>`;

/**
 * The Purchase Balance page, its top-up (paid on Stripe's page), and the page Stripe sends the customer back to, which
 * records the payment if Stripe's webhook has not yet (both name it by Stripe's id, so the ledger records it once).
 */
export const balanceRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const { show, token, signedIn, field } = tools;
  const ctx = (session: Session): RequestContext => ({ correlationId: randomUUID(), actor: `customer:${session.customerId}` });
  const describe = async (session: Session) => {
    const outcome = await deps.ledger.describe(ctx(session), session.accountId).catch(() => undefined);
    return outcome?.ok ? outcome.data : undefined;
  };
  /** This month's movements of the balance; none shown (rather than no page) if they cannot be read just now. */
  const movementsOf = async (session: Session) =>
    (await readModels.statementQueries.movements(deps.db, session.accountId, ukMonthOf(deps.clock.now())).catch(() => [])).filter((m) =>
      balanceMovementKinds.has(m.kind),
    );
  const showBalance = async (req: Request, res: Response, session: Session, errors: FieldErrors = {}, status = 200, amount = '') => {
    const [d, movements] = await Promise.all([describe(session), movementsOf(session)]);
    if (!d) return show(res, 'Purchase Balance', unavailablePage(), 503);
    const csrf = {
      ordering: token(req, res, '/account/balance/ordering'),
      ...(deps.payments ? { topUp: token(req, res, '/account/balance/top-up') } : {}),
    };
    show(res, 'Purchase Balance', balancePage(d, csrf, errors, amount, movements), status);
  };

  router.get('/account/balance', async (req, res) => {
    const session = signedIn(req, res);
    if (session) await showBalance(req, res, session);
  });

  router.post('/account/balance/top-up', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const typed = field(req, 'amount').slice(0, 20);
    if (!deps.payments) return showBalance(req, res, session, { amount: 'Payments are not configured here.' }, 404, typed);
    const amountPence = topUpAmountPence(typed);
    if (amountPence === undefined)
      return showBalance(req, res, session, { amount: 'Enter whole pounds from £10 to £1,000, like 20.' }, 400, typed);
    try {
      const customer = await customerOf(deps, session);
      const started = await startCheckout(
        { db: deps.db, payments: deps.payments.gateway },
        { accountId: session.accountId, email: customer.email },
        { purpose: 'top_up', amountPence },
        {
          successUrl: `${deps.settings.publicUrl}/account/paid?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.settings.publicUrl}/account/balance`,
        },
        deps.clock.now(),
      );
      res.redirect(303, started.url);
    } catch (error) {
      deps.payments.logger.error({ err: error, account: session.accountId }, 'a top-up could not reach Stripe');
      await showBalance(req, res, session, { amount: 'Our payment provider did not answer. Try again in a moment.' }, 503, typed);
    }
  });

  router.post('/account/balance/ordering', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const enabled = field(req, 'enabled') === 'true';
    if (enabled && field(req, 'acknowledge') !== 'yes')
      return showBalance(req, res, session, { ordering: 'Tick the box to say you understand what orders cost.' }, 400);
    const outcome = await deps.ledger
      .operate(ctx(session), billing.SetOrderingEntitlement, {
        accountId: session.accountId,
        enabled,
        reason: enabled ? 'turned on by the customer' : 'turned off by the customer',
        by: 'customer',
      })
      .catch(() => undefined);
    if (!outcome) return showBalance(req, res, session, { ordering: 'This cannot be changed just now. Try again in a moment.' }, 503);
    if (!outcome.ok)
      return showBalance(req, res, session, { ordering: orderingRefusals[outcome.error.code] ?? outcome.error.message }, 409);
    res.redirect(303, '/account/balance');
  });

  router.get('/account/paid', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const sessionId = typeof req.query.session_id === 'string' ? req.query.session_id : '';
    if (!deps.payments || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return show(res, 'No such payment', notOurs, 404);
    const fulfilment = await fulfilCheckout(
      fulfilDeps({ db: deps.db, ledger: deps.ledger, clock: deps.clock }, deps.payments),
      ctx(session),
      sessionId,
      session.accountId,
    ).catch((error: unknown) => {
      deps.payments?.logger.error({ err: error, sessionId }, 'a return from Stripe could not be fulfilled');
      return { kind: 'not_yet' as const, why: 'our payment provider did not answer' };
    });
    switch (fulfilment.kind) {
      case 'recorded':
        return show(res, 'Thank you', paidPage(fulfilment.payment, await describe(session)));
      case 'not_yet':
        return show(res, 'Payment not confirmed yet', paymentPendingPage(fulfilment.why));
      case 'not_ours':
        return show(res, 'No such payment', notOurs, 404);
      case 'refused':
        return show(res, 'Payment received', paymentNotAppliedPage(), 409);
    }
  });
};
