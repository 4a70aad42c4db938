import express, { Router, type Response } from 'express';
import { cardDigits } from './cards';
import { expireOverdueSessions } from './checkout';
import { paySession } from './payment';
import type { SimSession } from './records';
import type { StripeSimState } from './state';

// Stripe Checkout's hosted page, as far as a test needs it: `GET /c/pay/:id` shows what is paid for and a card number
// field; `POST /c/pay/:id` (form field `card`) pays with a test card (cards.ts) and answers 303 to the session's
// `success_url`, `{CHECKOUT_SESSION_ID}` replaced by the session's id; a declined card is shown on the page (402, its
// code in `data-code`), the session left open. Plain HTML: no script, a strict CSP of its own whose `form-action`
// lets the form's redirect reach the success page's origin.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

const originOf = (url: string | null) => {
  if (url === null || !URL.canParse(url)) return '';
  return new URL(url).origin;
};

const page = (res: Response, status: number, session: SimSession | null, body: string) => {
  const formAction = ["'self'", originOf(session?.successUrl ?? null)].filter(Boolean).join(' ');
  res
    .status(status)
    .set('Content-Security-Policy', `default-src 'none'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay — Stripe test environment</title></head>` +
        `<body><main>${body}<p><small>Stripe test environment: card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</small></p></main></body></html>`,
    );
};

const payForm = (session: SimSession, error?: { code: string; message: string }) => {
  const total = session.lines.reduce((sum, l) => sum + l.unitAmountPence * l.quantity, 0);
  const items = session.lines.map((l) => `<li>${escapeHtml(l.name)}: ${pounds(l.unitAmountPence * l.quantity)}</li>`).join('');
  const alert = error ? `<p role="alert" id="error" data-code="${escapeHtml(error.code)}">${escapeHtml(error.message)}</p>` : '';
  const cancel = session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></p>` : '';
  return (
    `<h1>Pay ${pounds(total)}${session.mode === 'subscription' ? ' a month' : ''}</h1><ul>${items}</ul>${alert}` +
    `<form method="post"><label for="card">Card number</label> ` +
    `<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required> <button type="submit">Pay</button></form>${cancel}`
  );
};

const closedPage = (res: Response, session: SimSession) =>
  session.status === 'complete'
    ? page(res, 200, session, '<h1>This checkout is complete</h1><p>It has been paid.</p>')
    : page(res, 410, session, '<h1>This checkout has expired</h1><p>Nothing was charged.</p>');

export const hostedPageRoutes = (state: StripeSimState): Router => {
  const router = Router();
  const sessionOf = (res: Response, id: string): SimSession | null => {
    expireOverdueSessions(state);
    const session = state.sessions.get(id) ?? null;
    if (!session) page(res, 404, null, '<h1>No such checkout</h1>');
    else if (session.status !== 'open') closedPage(res, session);
    else return session;
    return null;
  };
  router.get('/c/pay/:id', (req, res) => {
    const session = sessionOf(res, String(req.params.id));
    if (session) page(res, 200, session, payForm(session));
  });
  router.post('/c/pay/:id', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const session = sessionOf(res, String(req.params.id));
    if (!session) return;
    const card = cardDigits(String((req.body as { card?: unknown } | undefined)?.card ?? ''));
    const outcome = paySession(state, session, card);
    if (outcome.kind !== 'paid') return page(res, 402, session, payForm(session, outcome));
    state.logger.info({ sessionId: session.id, mode: session.mode }, 'checkout paid');
    res.redirect(303, session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
  });
  return router;
};
