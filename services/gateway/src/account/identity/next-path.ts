/**
 * Where to go after signing in: only a path under `/account`, in plain characters, never `//…` (another host) nor a
 * backslash (which browsers read as a slash). Anything else goes to the overview.
 */
export const safeNext = (next: unknown): string =>
  typeof next === 'string' && /^\/account(\/[A-Za-z0-9._~/-]*)?(\?[A-Za-z0-9._~=&%-]*)?$/.test(next) && !next.includes('//')
    ? next
    : '/account';
