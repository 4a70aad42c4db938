import { html, type Html } from './html';
import { assetHref } from './assets';

export interface PageFrame {
  title: string;
  /** The signed-in customer's sign-out form, or nothing before sign-in. */
  signOut?: Html;
  body: Html;
}

/** A whole page: a skip link first, the header, then the page's own content in `main`. */
export const page = ({ title, signOut, body }: PageFrame): string =>
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
        <main id="main" tabindex="-1">
          <h1>${title}</h1>
          ${body}
        </main>
        <footer><a href="/docs">API documentation</a></footer>
      </body>
    </html> `.toString();
