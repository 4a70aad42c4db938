import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { MailControl } from '@pds/infra';
import type { Page } from 'playwright-core';

/** A new customer's address and a password with a marker no other text holds, so it can be searched for afterwards. */
export const newCustomer = (label: string) => {
  const unique = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { email: `${unique}@example.test`, password: `Marker-${unique}-pw` };
};

/** A visitor over plain HTTP: its cookies kept between requests, as a browser keeps them, and each form's token read from its page. */
export class FormClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async get(path: string): Promise<{ status: number; body: string; headers: Headers }> {
    const res = await fetch(new URL(path, this.base), { headers: this.header(), redirect: 'manual' });
    this.keep(res);
    return { status: res.status, body: await res.text(), headers: res.headers };
  }

  /** The `_csrf` of the form posting to `action` on the page at `pagePath`. */
  async tokenFor(pagePath: string, action: string): Promise<string> {
    const { body } = await this.get(pagePath);
    const form = body.split('<form').find((f) => f.includes(`action="${action}"`));
    const token = form && /name="_csrf" value="([^"]+)"/.exec(form)?.[1];
    if (!token) throw new Error(`no form posting to ${action} on ${pagePath}`);
    return token;
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch(new URL(path, this.base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.header(), ...headers },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    this.keep(res);
    return { status: res.status, body: await res.text(), headers: res.headers };
  }

  private header(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private keep(res: Response) {
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Runs axe-core's WCAG 2.x A and AA rules in the page and fails with each violation. axe is put in by DevTools
 * evaluation (`page.evaluate`), which the page's CSP does not govern; `@axe-core/playwright` would do the same but
 * wants Node 22.12.
 */
export const expectAccessible = async (page: Page, label: string): Promise<void> => {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  // A string, evaluated in the page: the test project has no DOM types, and the page's globals are the page's.
  const violations = await page.evaluate<string[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  if (violations.length > 0) throw new Error(`${label} is not accessible:\n${violations.join('\n')}`);
};

/** What the account helpers need of the test stack. */
export interface AccountWorld {
  url: (path: string) => string;
  readonly mail: MailControl;
}

/** The link in the verification mail sent to `email`. */
export const verifyLink = async (world: AccountWorld, email: string) =>
  world.mail.linkIn(await world.mail.waitFor({ to: email, subject: 'Confirm your email' }, 20_000), '/account/verify');

/** A customer signed up and verified over HTTP (the journey itself is the browser's test). */
export const verifiedCustomer = async (world: AccountWorld, label: string) => {
  const c = newCustomer(label);
  const client = new FormClient(world.url('/'));
  const _csrf = await client.tokenFor('/account/sign-up', '/account/sign-up');
  const signedUp = await client.post('/account/sign-up', { _csrf, email: c.email, password: c.password, confirm: c.password });
  if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}`);
  const verified = await client.get(await verifyLink(world, c.email));
  if (!verified.body.includes('verified')) throw new Error('the verification link did not verify');
  return c;
};

export const signInOver = async (client: FormClient, email: string, password: string, next = '') => {
  const _csrf = await client.tokenFor('/account/sign-in', '/account/sign-in');
  return client.post('/account/sign-in', { _csrf, email, password, next });
};

/** Signs a customer in in the browser; the overview is shown. */
export const signInPage = async (page: Page, world: AccountWorld, c: { email: string; password: string }) => {
  await page.goto(world.url('/account/sign-in'));
  await page.getByLabel('Email address').fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(c.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
};

/**
 * A picture of the page as a customer sees it at 1280×800 or more: always taken and checked, and written to
 * `<PDS_DOC_SCREENSHOTS>/account-<name>.png` only when that names a folder (`npm run account:screenshots` sets it to
 * docs/images, where docs/account.md shows them).
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const png = await page.screenshot({ fullPage: true });
  // A PNG's size is in its IHDR chunk: width at byte 16, height at 20.
  const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  if (png.subarray(1, 4).toString('latin1') !== 'PNG' || size.width < 1280 || size.height < 800)
    throw new Error(`the picture of ${name} is not a PNG of at least 1280×800: ${JSON.stringify(size)}`);
  const folder = process.env.PDS_DOC_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(resolve(folder), { recursive: true });
  writeFileSync(join(resolve(folder), `account-${name}.png`), png);
};
