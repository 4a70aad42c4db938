import { planRank, SelfServicePlan, upgradeChargePence } from '@pds/contracts';
import type { RequestContext } from '@pds/service-runtime';
import type { Request, Response, Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { billing } from '@pds/contracts';
import type { AccountDeps } from '../account-deps';
import { customerOf } from './customer-of';
import type { Session } from '../identity/sessions';
import type { AccountPayments } from '../payments/account-payments';
import { startCheckout, type CheckoutPurpose } from '../payments/checkouts';
import { changeSubscription, type CustomerChange } from '../payments/subscription-changes';
import type { FieldErrors } from './forms';
import type { PageTools } from './key-routes';
import { planPage } from './pages/plan-pages';
import { unavailablePage } from './pages/signed-in-pages';

export const planPostPaths = [
  '/account/plan/subscribe',
  '/account/plan/upgrade',
  '/account/plan/downgrade',
  '/account/plan/cancel',
  '/account/plan/resume',
] as const;

const notConfigured = { plan: 'Payments are not configured here.' };

/**
 * The plan page: the plans with their prices and limits; subscribing and upgrading go to Stripe's checkout page (paid
 * there, recorded by the ledger when Stripe says so); moving to a smaller plan, cancelling and resuming are asked of
 * Stripe here and take effect at the period's end.
 */
export const planRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const { show, token, signedIn, field } = tools;
  const ctx = (session: Session): RequestContext => ({ correlationId: randomUUID(), actor: `customer:${session.customerId}` });
  const forms = (req: Request, res: Response) =>
    deps.payments && {
      subscribe: token(req, res, '/account/plan/subscribe'),
      upgrade: token(req, res, '/account/plan/upgrade'),
      downgrade: token(req, res, '/account/plan/downgrade'),
      cancel: token(req, res, '/account/plan/cancel'),
      resume: token(req, res, '/account/plan/resume'),
    };
  const describe = async (session: Session) => {
    const outcome = await deps.ledger.describe(ctx(session), session.accountId).catch(() => undefined);
    return outcome?.ok ? outcome.data : undefined;
  };
  const showPlans = async (req: Request, res: Response, session: Session, errors: FieldErrors = {}, status = 200) => {
    const d = await describe(session);
    if (!d) return show(res, 'Your plan', unavailablePage(), 503);
    show(res, 'Your plan', planPage(d, forms(req, res), deps.clock.now(), errors), status);
  };
  /** A change refused: the plans again, saying why. */
  const refuse = (req: Request, res: Response, session: Session, why: string, status: number) =>
    showPlans(req, res, session, { plan: why }, status);

  router.get('/account/plan', async (req, res) => {
    const session = signedIn(req, res);
    if (session) await showPlans(req, res, session);
  });

  /** Each plan form's common part: signed in, payments on, the account read, the plan named (when the form names one). */
  const planForm =
    (
      handle: (
        a: { req: Request; res: Response; session: Session; payments: AccountPayments; d: billing.AccountDescription },
        plan: SelfServicePlan | undefined,
      ) => Promise<void>,
      needsPlan: boolean,
    ) =>
    async (req: Request, res: Response) => {
      const session = signedIn(req, res);
      if (!session) return;
      if (!deps.payments) return showPlans(req, res, session, notConfigured, 404);
      const plan = SelfServicePlan.safeParse(field(req, 'plan'));
      if (needsPlan && !plan.success) return refuse(req, res, session, 'Choose one of the plans listed.', 400);
      const d = await describe(session);
      if (!d) return show(res, 'Your plan', unavailablePage(), 503);
      try {
        await handle({ req, res, session, payments: deps.payments, d }, plan.success ? plan.data : undefined);
      } catch (error) {
        deps.payments.logger.error({ err: error, account: session.accountId, path: req.path }, 'a plan change could not reach Stripe');
        await refuse(req, res, session, 'Our payment provider did not answer. Nothing was changed; try again in a moment.', 503);
      }
    };

  const checkout = async (req: Request, res: Response, session: Session, what: CheckoutPurpose, cancelPath: string) => {
    const customer = await customerOf(deps, session);
    const base = deps.settings.publicUrl;
    const started = await startCheckout(
      { db: deps.db, payments: deps.payments!.gateway },
      { accountId: session.accountId, email: customer.email },
      what,
      { successUrl: `${base}/account/paid?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${base}${cancelPath}` },
      deps.clock.now(),
    );
    res.redirect(303, started.url);
  };

  const live = (d: billing.AccountDescription) => (d.subscription && d.subscription.status !== 'ended' ? d.subscription : undefined);

  router.post(
    '/account/plan/subscribe',
    planForm(async ({ req, res, session, payments, d }, plan) => {
      if (live(d)) return refuse(req, res, session, 'You have a subscription already: change its plan instead.', 409);
      await checkout(req, res, session, { purpose: 'subscription', plan: plan!, priceId: payments.priceIds[plan!] }, '/account/plan');
    }, true),
  );

  router.post(
    '/account/plan/upgrade',
    planForm(async ({ req, res, session, d }, plan) => {
      const s = live(d);
      if (!s || s.status !== 'active' || d.plan === 'enterprise' || planRank(plan!) <= planRank(d.plan))
        return refuse(req, res, session, 'Only an active subscription moves to a larger plan.', 409);
      const period = { startsAt: s.currentPeriodStartsAt, endsAt: s.currentPeriodEndsAt };
      const amountPence = upgradeChargePence(d.plan, plan!, period, deps.clock.now());
      const what = { purpose: 'plan_upgrade', amountPence, subscriptionId: s.subscriptionId, from: d.plan, to: plan! } as const;
      await checkout(req, res, session, what, '/account/plan');
    }, true),
  );

  const change = (kind: CustomerChange['kind'], allowed: (s: NonNullable<billing.AccountDescription['subscription']>) => boolean) =>
    planForm(async ({ req, res, session, payments, d }, plan) => {
      const s = live(d);
      const smaller = kind !== 'downgrade' || (plan !== undefined && d.plan !== 'enterprise' && planRank(plan) < planRank(d.plan));
      if (!s || !allowed(s) || !smaller) return refuse(req, res, session, 'That change does not apply to your subscription now.', 409);
      const asked: CustomerChange = kind === 'downgrade' ? { kind, plan: plan! } : { kind };
      const outcome = await changeSubscription(
        { ledger: deps.ledger, payments },
        ctx(session),
        { accountId: session.accountId, plan: d.plan, subscriptionId: s.subscriptionId },
        asked,
      );
      if (!outcome.ok) return refuse(req, res, session, 'Stripe has the change; it shows here shortly.', 202);
      res.redirect(303, '/account/plan');
    }, kind === 'downgrade');

  router.post(
    '/account/plan/downgrade',
    change('downgrade', (s) => s.status === 'active'),
  );
  router.post(
    '/account/plan/cancel',
    change('cancel', (s) => s.status === 'active' || s.status === 'past_due'),
  );
  router.post(
    '/account/plan/resume',
    change('resume', (s) => s.status === 'cancelling'),
  );
};
