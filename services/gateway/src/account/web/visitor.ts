import type { NextFunction, Request, Response } from 'express';
import type { AccountDeps } from '../account-deps';
import { crossSitePost, csrfToken, csrfTokenValid, preSessionKey } from '../identity/csrf';
import { newSecret, isSecret } from '../identity/secrets';
import { findSession, sessionCookie, type Session } from '../identity/sessions';
import { browserSecurityHeaders } from '../../http/security-headers';

/** Who is asking: their session if signed in, and the key their forms' tokens are made with. */
export interface Visitor {
  session?: Session;
  sessionId?: string;
  /** The keys a posted token may be made under: the session's, and before sign-in the pre-session cookie's. */
  csrfKeys: Buffer[];
}

const preCookie = 'pds_pre';
const preCookieMaxAgeMs = 10 * 60_000;

/** The cookies a request brought, by name (the first of a repeated name). */
export const cookiesOf = (req: Request): Map<string, string> => {
  const found = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (found.has(name)) continue;
    // A cookie another site or a bad client set can hold any bytes: one that does not decode is left out, not an error.
    try {
      found.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      continue;
    }
  }
  return found;
};

export const visitorOf = (res: Response): Visitor => res.locals.visitor as Visitor;

/** Every dashboard answer's headers, and the visitor's session looked up once. */
export const withVisitor = (deps: AccountDeps) => async (req: Request, res: Response, next: NextFunction) => {
  res.set(browserSecurityHeaders(deps.settings.formActionOrigins));
  // `same-origin`, not /docs's `no-referrer`: under `no-referrer` Chromium sends `Origin: null` with a form's POST (as
  // the Fetch standard says), and the Origin check would refuse every form. No referrer still leaves for another site.
  res.set({ 'Referrer-Policy': 'same-origin', 'Cross-Origin-Opener-Policy': 'same-origin', 'Cache-Control': 'no-store' });
  if (deps.settings.secure) res.set('Strict-Transport-Security', 'max-age=31536000');
  const cookies = cookiesOf(req);
  const sessionId = cookies.get(sessionCookie(deps.settings.secure).name);
  const session = await findSession(deps.db, sessionId, deps.clock.now(), deps.settings.session);
  const pre = cookies.get(preCookie);
  const csrfKeys = [
    ...(session ? [session.csrfKey] : []),
    ...(isSecret(pre) ? deps.settings.secretKeys.map((k) => preSessionKey(k, pre)) : []),
  ];
  res.locals.visitor = { ...(session ? { session, sessionId } : {}), csrfKeys } satisfies Visitor;
  next();
};

/** The token for a form posting to `action`: under the session's key, or a pre-session cookie's (set now if absent). */
export const tokenFor = (deps: AccountDeps, req: Request, res: Response, action: string): string => {
  const visitor = visitorOf(res);
  if (visitor.session) return csrfToken(visitor.session.csrfKey, action);
  const existing = cookiesOf(req).get(preCookie);
  const pre = isSecret(existing) ? existing : newSecret();
  res.cookie(preCookie, pre, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.settings.secure,
    path: '/account',
    maxAge: preCookieMaxAgeMs,
  });
  return csrfToken(preSessionKey(deps.settings.secretKeys[0]!, pre), action);
};

/**
 * Every POST is checked before anything else is read: its token for the path it was posted to, then the browser's
 * Origin and Sec-Fetch-Site. A refusal changes nothing and is logged with the path only.
 */
export const checkPost = (deps: AccountDeps) => (req: Request, res: Response, next: NextFunction) => {
  if (req.method !== 'POST') return next();
  const given = (req.body as Record<string, unknown> | undefined)?._csrf;
  // Under `router.use('/account', …)` express strips the mount path from req.path; the token names the whole path.
  const action = `${req.baseUrl}${req.path}`.replace(/\/$/, '');
  const tokenOk = visitorOf(res).csrfKeys.some((key) => csrfTokenValid(key, action, given));
  const crossSite = crossSitePost({ origin: req.header('origin'), secFetchSite: req.header('sec-fetch-site') }, deps.settings.publicOrigin);
  if (tokenOk && !crossSite) return next();
  (res.locals.logger as { warn(o: object, m: string): void } | undefined)?.warn({ path: action, tokenOk, crossSite }, 'form refused');
  res.status(403).type('html').send(refusedPage);
};

const refusedPage = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Form refused – Property Data Service</title></head>
<body><main><h1>This form could not be accepted</h1><p>It was sent from another site, or it has expired. Nothing was changed.
<a href="/account">Go back to your account</a> and try again.</p></main></body></html>`;
