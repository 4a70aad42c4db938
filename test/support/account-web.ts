import { readFileSync } from 'node:fs';
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
