import express, { Router, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { sendAsset } from '../../http/api-docs';
import { browserSecurityHeaders } from '../../http/security-headers';
import type { AccountDeps } from '../account-deps';
import { isEmail, normaliseEmail } from '../identity/customer';
import { changePassword, forgotPassword, resetWithToken, signIn, signUp, verify } from '../identity/journeys';
import { safeNext } from '../identity/next-path';
import { tokenIsLive } from '../identity/one-time-tokens';
import { PasswordHashingBusy, passwordProblem } from '../identity/passwords';
import { endSession, sessionCookie } from '../identity/sessions';
import { accountAssets } from './assets';
import type { FieldErrors } from './forms';
import { html, type Html } from './html';
import { page } from './layout';
import * as idp from './pages/identity-pages';
import * as sip from './pages/signed-in-pages';
import { balancePostPaths, balanceRoutes } from './balance-routes';
import { keyPostPaths, keyRoutes } from './key-routes';
import { orderRoutes } from './order-routes';
import { planPostPaths, planRoutes } from './plan-routes';
import { statementRoutes } from './statement-routes';
import { usageRoutes } from './usage-routes';
import { webhookPostPaths, webhookRoutes } from './webhook-routes';
import { checkPost, tokenFor, visitorOf, withVisitor } from './visitor';

/** Every POST route of the dashboard: each is CSRF-checked by `checkPost` (the security test walks this list). */
export const accountPostPaths = [
  '/account/sign-up',
  '/account/sign-in',
  '/account/sign-out',
  '/account/password/forgot',
  '/account/password/reset',
  '/account/password',
  ...keyPostPaths,
  ...planPostPaths,
  ...balancePostPaths,
  ...webhookPostPaths,
] as const;

const field = (req: Request, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

/** The problems with a new password and its confirmation, by field. */
const newPasswordErrors = (password: string, confirm: string, email: string): FieldErrors => {
  const problem = passwordProblem(password, email);
  if (problem) return { password: problem };
  return password === confirm ? {} : { confirm: 'The two passwords are not the same.' };
};

/**
 * The account dashboard at `/account`: server-rendered pages, every action a form that works without JavaScript,
 * answered by a page or a 303 (post, redirect, get). Mounted before the gateway's 404.
 */
export const accountRoutes = (deps: AccountDeps): Router => {
  const cookie = sessionCookie(deps.settings.secure);
  const show = (res: Response, title: string, body: Html, status = 200) => {
    const v = visitorOf(res);
    const signOut = v.session && sip.signOutForm(tokenFor(deps, res.req, res, '/account/sign-out'));
    res
      .status(status)
      .type('html')
      .send(page({ title, body, ...(signOut ? { signOut, nav: res.req.path } : {}) }));
  };
  const token = (req: Request, res: Response, action: string) => tokenFor(deps, req, res, action);
  const signedIn = (req: Request, res: Response) => {
    const v = visitorOf(res);
    if (v.session) return v.session;
    res.redirect(303, `/account/sign-in?next=${encodeURIComponent(safeNext(req.originalUrl))}`);
    return undefined;
  };
  const busy = (res: Response) => show(res, 'Busy', idp.busyPage(), 503);

  const router = Router();
  router.get('/account/assets/:file', (req, res, next) => {
    const file = Object.hasOwn(accountAssets, req.params.file) ? accountAssets[req.params.file] : undefined;
    if (!file) return next();
    sendAsset(res, file, req.query.v === file.version ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  // Forms are small: 8 KB is plenty for any of them, and a body is never logged.
  router.use('/account', express.urlencoded({ extended: false, limit: '8kb' }), withVisitor(deps), checkPost(deps));

  router.get('/account/sign-up', (req, res) => show(res, 'Sign up', idp.signUpPage(token(req, res, '/account/sign-up'))));
  router.post('/account/sign-up', async (req, res) => {
    const email = normaliseEmail(field(req, 'email'));
    const password = field(req, 'password');
    const errors: FieldErrors = isEmail(email)
      ? newPasswordErrors(password, field(req, 'confirm'), email)
      : { email: 'Enter an email address like name@example.com.' };
    if (Object.keys(errors).length > 0)
      return show(res, 'Sign up', idp.signUpPage(token(req, res, '/account/sign-up'), field(req, 'email'), errors), 400);
    const { mailed, limited } = await signUp(deps, email, password, req.ip ?? '');
    show(res, 'Check your email', idp.checkMailPage(email, mailed, limited), limited ? 429 : 200);
  });

  router.get('/account/verify', async (req, res) => show(res, 'Verify your email', idp.verifiedPage(await verify(deps, req.query.token))));

  router.get('/account/sign-in', (req, res) =>
    show(res, 'Sign in', idp.signInPage(token(req, res, '/account/sign-in'), safeNext(req.query.next))),
  );
  router.post('/account/sign-in', async (req, res) => {
    const email = normaliseEmail(field(req, 'email'));
    const next = safeNext(field(req, 'next'));
    const again = (errors: FieldErrors, status: number) =>
      show(res, 'Sign in', idp.signInPage(token(req, res, '/account/sign-in'), next, field(req, 'email'), errors), status);
    const outcome = await signIn(deps, email, field(req, 'password'), req.ip ?? '');
    if (outcome.ok) {
      res.cookie(cookie.name, outcome.sessionId, { ...cookie.options, maxAge: deps.settings.session.maxMs });
      return res.redirect(303, next);
    }
    if (outcome.why === 'limited') {
      const retryAfterS = Math.max(1, Math.ceil((outcome.retryAt.getTime() - deps.clock.now().getTime()) / 1000));
      res.set('Retry-After', String(retryAfterS));
      return again({ email: `Too many failed attempts. Try again in ${Math.ceil(retryAfterS / 60)} minutes.` }, 429);
    }
    if (outcome.why === 'unverified') return again({ email: 'Verify your email first: open the link we sent you.' }, 403);
    if (outcome.why === 'ledger_unavailable') return again({ email: 'We cannot open your account just now. Try again in a moment.' }, 503);
    again({ email: 'Email or password is wrong.' }, 401);
  });

  router.post('/account/sign-out', async (req, res) => {
    await endSession(deps.db, visitorOf(res).sessionId);
    res.clearCookie(cookie.name, cookie.options);
    res.redirect(303, '/account/sign-in');
  });

  router.get('/account/password/forgot', (req, res) =>
    show(res, 'Forgotten password', idp.forgotPage(token(req, res, '/account/password/forgot'))),
  );
  router.post('/account/password/forgot', async (req, res) => {
    const email = normaliseEmail(field(req, 'email'));
    if (!isEmail(email))
      return show(
        res,
        'Forgotten password',
        idp.forgotPage(token(req, res, '/account/password/forgot'), { email: 'Enter your email address.' }),
        400,
      );
    await forgotPassword(deps, email, req.ip ?? '');
    show(res, 'Check your email', idp.forgotSentPage());
  });

  router.get('/account/password/reset', async (req, res) => {
    const given = typeof req.query.token === 'string' ? req.query.token : '';
    if (!(await tokenIsLive(deps.db, 'reset', given, deps.clock.now())))
      return show(res, 'Reset your password', idp.linkExpiredPage(), 400);
    show(res, 'Reset your password', idp.resetPage(token(req, res, '/account/password/reset'), given));
  });
  router.post('/account/password/reset', async (req, res) => {
    const given = field(req, 'token');
    const errors = newPasswordErrors(field(req, 'password'), field(req, 'confirm'), '');
    if (Object.keys(errors).length > 0)
      return show(res, 'Reset your password', idp.resetPage(token(req, res, '/account/password/reset'), given, errors), 400);
    const done = await resetWithToken(deps, given, field(req, 'password'));
    show(res, 'Reset your password', done ? idp.resetDonePage() : idp.linkExpiredPage(), done ? 200 : 400);
  });

  router.get('/account/password', (req, res) => {
    if (!signedIn(req, res)) return;
    show(res, 'Change your password', sip.changePasswordPage(token(req, res, '/account/password')));
  });
  router.post('/account/password', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const errors = newPasswordErrors(field(req, 'password'), field(req, 'confirm'), '');
    if (Object.keys(errors).length > 0)
      return show(res, 'Change your password', sip.changePasswordPage(token(req, res, '/account/password'), errors), 400);
    const changed = await changePassword(deps, session.customerId, field(req, 'current'), field(req, 'password'));
    if (!changed.ok)
      return show(
        res,
        'Change your password',
        sip.changePasswordPage(token(req, res, '/account/password'), { current: 'The current password is wrong.' }),
        400,
      );
    res.cookie(cookie.name, changed.sessionId, { ...cookie.options, maxAge: deps.settings.session.maxMs });
    res.redirect(303, '/account');
  });

  const tools = { show, token, signedIn, field };
  keyRoutes(router, deps, tools);
  planRoutes(router, deps, tools);
  balanceRoutes(router, deps, tools);
  usageRoutes(router, deps, tools);
  orderRoutes(router, deps, tools);
  webhookRoutes(router, deps, tools);
  statementRoutes(router, deps, tools);

  router.get('/account', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const outcome = await deps.ledger
      .describe({ correlationId: randomUUID(), actor: `customer:${session.customerId}` }, session.accountId)
      .catch(() => undefined);
    if (!outcome?.ok) return show(res, 'Your account', sip.unavailablePage(), 503);
    show(res, 'Your account', sip.overviewPage(outcome.data));
  });

  router.use('/account', (error: unknown, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (error instanceof PasswordHashingBusy) return busy(res);
    // A form the body reader refused (too large, not readable) is the sender's mistake, answered as a page, not a 500.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.set(browserSecurityHeaders(deps.settings.formActionOrigins));
      const body = html`<p class="notice">
        ${status === 413 ? 'That form was too large to read.' : 'That form could not be read.'} Go back and try again.
      </p>`;
      return void res
        .status(status)
        .type('html')
        .send(page({ title: 'Not sent', body }));
    }
    next(error);
  });
  return router;
};
