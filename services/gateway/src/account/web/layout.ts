import { html, type Html } from './html';
import { assetHref } from './assets';

export interface PageFrame {
  title: string;
  /** Signed in: the path shown, marked in the sections' navigation (none before sign-in). */
  nav?: string;
  /** The signed-in customer's sign-out form, or nothing before sign-in. */
  signOut?: Html;
  body: Html;
}

/** The signed-in sections, in the order a customer meets them. */
export const sections = [
  { href: '/account', label: 'Overview' },
  { href: '/account/plan', label: 'Plan' },
  { href: '/account/keys', label: 'API keys' },
  { href: '/account/usage', label: 'Usage' },
  { href: '/account/balance', label: 'Purchase Balance' },
  { href: '/account/orders', label: 'Orders and reports' },
  { href: '/account/webhooks', label: 'Webhooks' },
  { href: '/account/statements', label: 'Statements' },
] as const;

const navigation = (path: string): Html =>
  html`<nav aria-label="Your account">
    <ul>
      ${sections.map((s) => html`<li><a href="${s.href}" ${s.href === path ? html`aria-current="page"` : ''}>${s.label}</a></li>`)}
    </ul>
  </nav>`;

/** A whole page: a skip link first, the header, then the page's own content in `main`. */
export const page = ({ title, signOut, nav, body }: PageFrame): string =>
  html`<!DOCTYPE html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} – Property Data Service</title>
        <link rel="stylesheet" href="${assetHref('account.css')}" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header><a href="/account">Property Data Service</a>${signOut ?? html`<a href="/account/sign-in">Sign in</a>`}</header>
        ${nav ? navigation(nav) : ''}
        <main id="main" tabindex="-1">
          <h1>${title}</h1>
          ${body}
        </main>
        <footer><a href="/docs">API documentation</a></footer>
      </body>
    </html> `.toString();
