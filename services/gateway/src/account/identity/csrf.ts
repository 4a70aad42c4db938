import { createHmac, timingSafeEqual } from 'node:crypto';

// Synchroniser tokens: every form carries `_csrf`, an HMAC of the path it posts to under a key only this visitor's
// requests can name: a signed-in session's own key, or before sign-in a key derived from a short-lived random cookie
// (`pds_pre`) and the server's secret. Another site can make a browser post, but cannot read a page to learn the token;
// so a forged post (a login CSRF included) carries none that checks. Origin and Sec-Fetch-Site are checked as well,
// where the browser sends them.

const mac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();

/** The token a form posting to `actionPath` carries. */
export const csrfToken = (key: Buffer, actionPath: string): string => mac(key, actionPath).toString('base64url');

/** Whether `given` is the token for `actionPath` under `key`, compared in constant time. */
export const csrfTokenValid = (key: Buffer, actionPath: string, given: unknown): boolean => {
  if (typeof given !== 'string') return false;
  const expected = mac(key, actionPath);
  const actual = Buffer.from(given, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** The key for a visitor not yet signed in: their pre-session cookie under the server's secret. */
export const preSessionKey = (serverSecret: Buffer, preSessionId: string): Buffer => mac(serverSecret, `pre-session\0${preSessionId}`);

/**
 * Whether the browser says the post came from elsewhere: an `Origin` other than the dashboard's own, or a
 * `Sec-Fetch-Site` of `cross-site`. Absent headers (older browsers, scripts) leave the decision to the token.
 */
export const crossSitePost = (headers: { origin?: string | undefined; secFetchSite?: string | undefined }, publicOrigin: string): boolean =>
  (headers.origin !== undefined && headers.origin !== publicOrigin) || headers.secFetchSite === 'cross-site';
