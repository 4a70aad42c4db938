/**
 * The headers every page the gateway serves to a browser carries (`/docs` and `/account`): only same-origin scripts
 * and styles, no inline ones, nothing framed or fetched elsewhere. `formAction` lists where the page's forms may post
 * (and, in Chromium, where their answers may redirect): none for `/docs`, the dashboard itself and the payment page's
 * origins for `/account`.
 */
export const browserSecurityHeaders = (formAction: readonly string[]): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    `form-action ${formAction.length === 0 ? "'none'" : formAction.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});
