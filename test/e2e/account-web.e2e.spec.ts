import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expectAccessible,
  FormClient,
  screenshot,
  newCustomer,
  signInOver,
  verifiedCustomer as verifiedOver,
  verifyLink,
} from '../support/account-web';
import { accountPostPaths } from '../../services/gateway/src/account/web/routes';
import { DateTime } from 'luxon';
import { startBrowser, type TestBrowser } from '../support/browser';
import { e2eFixture } from '../support/e2e';
import { waitFor } from '../support/ledger';
import { freePort } from '../support/stack';

// The account dashboard's foundation in a real Chromium and over plain HTTP: sign up, the link from the mail sink,
// sign in, the trial's 100 credits, sign out; and what an attacker tries: forged forms, guessing, open redirects,
// markup in a field, a password looked for where it must never be.

const world = e2eFixture();
let browser: TestBrowser | undefined;
afterAll(async () => browser?.close());

const verifiedCustomer = (label: string) => verifiedOver(world, label);

describe('the account dashboard', () => {
  it('signs a customer up, verifies them from the mail, signs them in to a trial of 100 credits, and out', async () => {
    browser = await startBrowser();
    const page = await browser.context.newPage();
    const refusals: string[] = [];
    page.on('console', (m) => void (/Refused/.test(m.text()) && refusals.push(m.text())));
    const c = newCustomer('journey');
    await page.goto(world.url('/account/sign-up'));
    await expectAccessible(page, 'sign-up');
    await screenshot(page, 'sign-up');
    await page.getByLabel('Email address').fill(c.email);
    await page.getByLabel('Password (at least 12 characters)').fill(c.password);
    await page.getByLabel('Password again').fill(c.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`We sent a link to ${c.email}`).waitFor();

    await page.goto(await verifyLink(world, c.email));
    await page.getByText('Your email is verified and your trial is ready').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await expectAccessible(page, 'sign-in');
    await page.getByLabel('Email address').fill(c.email);
    await page.getByLabel('Password', { exact: true }).fill(c.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.locator('#credits-available').textContent()).toBe('100');
    expect(await page.getByText('Basic (trial)').count()).toBe(1);
    await expectAccessible(page, 'overview');
    await screenshot(page, 'overview');

    // A key, shown once: it calls the API and spends the trial's credits; the list shows its use, never the key.
    await page.getByRole('link', { name: 'Your API keys' }).click();
    await page.getByText('You have no keys yet.').waitFor();
    await expectAccessible(page, 'keys');
    await page.getByLabel('Name (for you: where it is used)').fill('Build <b>server</b>');
    await page.getByRole('button', { name: 'Make key' }).click();
    const apiKey = (await page.locator('#new-key').textContent()) ?? '';
    expect(apiKey).toMatch(/^pds_live_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'key shown');
    await screenshot(page, 'key-shown');
    const called = await world.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', apiKey);
    expect([called.status, called.body.billing?.creditsRemaining]).toEqual([200, 99]);
    await page.getByRole('link', { name: 'Back to your keys' }).click();
    const row = page.locator('#keys tbody tr');
    // The name typed with markup is shown as the text typed.
    expect(await row.locator('td').first().textContent()).toBe('Build <b>server</b>');
    expect(await row.locator('td').nth(1).textContent()).toBe(`${apiKey.slice(0, 13)}…`);
    expect(await page.content()).not.toContain(apiKey);
    await screenshot(page, 'keys');
    // Revoked: refused by the API from the very next call.
    await page.getByRole('button', { name: 'Revoke “Build <b>server</b>”' }).click();
    await page.getByRole('cell', { name: 'Revoked', exact: true }).waitFor();
    expect((await world.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', apiKey)).status).toBe(401);
    await page.getByRole('link', { name: 'Property Data Service' }).click();

    const [session] = (await browser.context.cookies()).filter((k) => k.name === 'pds_account');
    expect(session && { path: session.path, httpOnly: session.httpOnly, sameSite: session.sameSite, secure: session.secure }).toEqual({
      path: '/account',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(world.url('/account'));
    expect(new URL(page.url()).pathname).toBe('/account/sign-in');
    expect(refusals).toEqual([]);
  });

  it('refuses every form of the dashboard sent without its token, or with the token of another form', async () => {
    const c = await verifiedCustomer('every-form');
    const client = new FormClient(world.url('/'));
    expect((await signInOver(client, c.email, c.password)).status).toBe(303);
    const keysToken = await client.tokenFor('/account/keys', '/account/keys');
    const answers = await Promise.all(
      accountPostPaths.map(async (path) => {
        const without = await client.post(path, { name: 'x', plan: 'basic', amount: '20', enabled: 'true', acknowledge: 'yes' });
        const borrowed = path === '/account/keys' ? 403 : (await client.post(path, { _csrf: keysToken, plan: 'basic' })).status;
        return [path, without.status, borrowed];
      }),
    );
    expect(answers).toEqual(accountPostPaths.map((path) => [path, 403, 403]));
    // Still signed in: a refused form changed nothing.
    expect((await client.get('/account')).status).toBe(200);
  });

  it('refuses a form without its token, with another visitor’s, or from another origin, and changes nothing', async () => {
    const c = await verifiedCustomer('csrf');
    const client = new FormClient(world.url('/'));
    const other = new FormClient(world.url('/'));
    const othersToken = await other.tokenFor('/account/sign-in', '/account/sign-in');
    const own = await client.tokenFor('/account/sign-in', '/account/sign-in');
    const fields = { email: c.email, password: c.password, next: '' };
    expect((await client.post('/account/sign-in', fields)).status).toBe(403);
    expect((await client.post('/account/sign-in', { ...fields, _csrf: othersToken })).status).toBe(403);
    expect((await client.post('/account/sign-in', { ...fields, _csrf: own }, { origin: 'http://evil.example' })).status).toBe(403);
    expect(client.cookie('pds_account')).toBeUndefined();
    expect((await client.post('/account/sign-in', { ...fields, _csrf: own })).status).toBe(303);
    expect(client.cookie('pds_account')).toBeDefined();
    // A form too large to read, or a cookie that does not decode, is the sender's mistake: a page, never a 500.
    const huge = await fetch(world.url('/account/sign-in'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(20_000)}`,
    });
    expect([huge.status, huge.headers.get('content-type')]).toEqual([413, 'text/html; charset=utf-8']);
    const badCookie = await fetch(world.url('/account/sign-in'), { headers: { cookie: 'pds_pre=%E0%A4' } });
    expect(badCookie.status).toBe(200);
  });

  it('refuses the right password after five wrong ones for the email, with Retry-After, and follows only paths under /account', async () => {
    const c = await verifiedCustomer('guess');
    const client = new FormClient(world.url('/'));
    for (let i = 0; i < 5; i++) expect((await signInOver(client, c.email, `wrong-password-${i}`)).status).toBe(401);
    const refused = await signInOver(client, c.email, c.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);

    const d = await verifiedCustomer('redirect');
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', '%2F%2Fevil.example']) {
      const answer = await signInOver(new FormClient(world.url('/')), d.email, d.password, next);
      expect([answer.status, answer.headers.get('location')]).toEqual([303, '/account']);
    }
    const kept = await signInOver(new FormClient(world.url('/')), d.email, d.password, '/account/password');
    expect(kept.headers.get('location')).toBe('/account/password');
  });

  it('gives a new session id at every sign-in, and a signed-out id opens nothing', async () => {
    const c = await verifiedCustomer('fixation');
    const client = new FormClient(world.url('/'));
    await signInOver(client, c.email, c.password);
    const first = client.cookie('pds_account');
    await signInOver(client, c.email, c.password);
    const second = client.cookie('pds_account');
    expect(first && second && first !== second).toBe(true);
    const _csrf = await client.tokenFor('/account', '/account/sign-out');
    expect((await client.post('/account/sign-out', { _csrf })).status).toBe(303);
    const replay = await fetch(world.url('/account'), { headers: { cookie: `pds_account=${second}` }, redirect: 'manual' });
    expect([replay.status, replay.headers.get('location')]).toEqual([303, '/account/sign-in?next=%2Faccount']);
  });

  it('shows markup typed into a field back as text, under the strict CSP', async () => {
    const client = new FormClient(world.url('/'));
    const _csrf = await client.tokenFor('/account/sign-up', '/account/sign-up');
    const typed = '"><img src=x onerror=alert(1)></title><svg onload=alert(1)>';
    const answer = await client.post('/account/sign-up', { _csrf, email: typed, password: 'x', confirm: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/title&gt;&lt;svg onload=alert(1)&gt;"');
    expect(answer.body).not.toMatch(/<img|<svg|<script|style=/);
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; " +
        // Forms may lead to the payment page: under the test stack, the Stripe test environment's.
        `form-action 'self' ${world.stack.stripeUrl}; frame-ancestors 'none'`,
    );
  });

  it('keeps the password out of every log line and every column, and stores it as Argon2id', async () => {
    const c = await verifiedCustomer('secret');
    await signInOver(new FormClient(world.url('/')), c.email, c.password);
    const forms = [
      c.password,
      Buffer.from(c.password).toString('base64'),
      Buffer.from(c.password).toString('hex'),
      encodeURIComponent(c.password),
    ];
    const logDir = world.stack.options.logDir;
    for (const file of readdirSync(logDir)) {
      const text = readFileSync(join(logDir, file), 'utf8');
      for (const f of forms) expect(`${file}: ${text.includes(f)}`).toBe(`${file}: false`);
    }
    const { rows: columns } = await world.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'bytea')`,
    );
    for (const { table_name, column_name } of columns) {
      const { rows } = await world.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${table_name}" WHERE ${forms.map((_, i) => `"${column_name}"::text LIKE $${i + 1}`).join(' OR ')}`,
        forms.map((f) => `%${f}%`),
      );
      expect(`${table_name}.${column_name}: ${rows[0]?.n}`).toBe(`${table_name}.${column_name}: 0`);
    }
    const { rows } = await world.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM customer_credentials JOIN customers USING (credential_id) WHERE email = $1',
      [c.email],
    );
    expect(rows.map((r) => r.password_hash.slice(0, 31))).toEqual(['$argon2id$v=19$m=19456,t=2,p=1$']);
  });
});

describe('the account dashboard without script, by keyboard, and behind TLS', () => {
  it('signs in, makes and revokes a key, and starts a top-up with script off; the sign-in form is reached by Tab in reading order', async () => {
    const c = await verifiedCustomer('no-script');
    const plain = await startBrowser({ javaScriptEnabled: false });
    try {
      const page = await plain.context.newPage();
      await page.goto(world.url('/account/sign-in'));
      // Tab from the top of the page: the skip link, the header's link, then the form's fields and its button.
      const focused = async () =>
        page.evaluate('document.activeElement && (document.activeElement.id || document.activeElement.textContent.trim())');
      const order: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        order.push(await focused());
      }
      expect(order).toEqual(['Skip to content', 'Property Data Service', 'Sign in', 'email', 'password']);
      await page.keyboard.type(c.password);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.type(c.email);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Your account' }).waitFor();

      await page.goto(world.url('/account/keys'));
      await page.getByLabel('Name (for you: where it is used)').fill('No script');
      await page.getByRole('button', { name: 'Make key' }).click();
      const apiKey = (await page.locator('#new-key').textContent()) ?? '';
      expect((await world.call('/api/v1/account', apiKey)).status).toBe(200);
      await page.goto(world.url('/account/keys'));
      await page.getByRole('button', { name: 'Revoke “No script”' }).click();
      await page.getByRole('cell', { name: 'Revoked', exact: true }).waitFor();
      expect((await world.call('/api/v1/account', apiKey)).status).toBe(401);

      await page.goto(world.url('/account/balance'));
      await page.getByLabel(/^Top up by/).fill('15');
      await page.getByRole('button', { name: 'Pay by card' }).click();
      await page.getByRole('heading', { name: 'Pay £15.00' }).waitFor();
    } finally {
      await plain.close();
    }
  });

  it('behind TLS: the session cookie is __Host-, Secure, HttpOnly and SameSite=Lax on /, and every page sends HSTS', async () => {
    const c = await verifiedCustomer('tls');
    const port = await freePort();
    world.stack.spawnInstance('gateway', 'gateway-tls', { PORT: String(port), ADMIN_TOKEN: '', PUBLIC_URL: 'https://pds.test' });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
    );
    const attributes = (setCookie: string | undefined) =>
      (setCookie ?? '')
        .split(';')
        .slice(1)
        .map((a) => a.trim().split('=')[0]!.toLowerCase())
        .filter((a) => !['max-age', 'expires'].includes(a))
        .sort();

    const signInPage = await fetch(`${base}/account/sign-in`);
    expect(signInPage.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(attributes(signInPage.headers.getSetCookie().find((k) => k.startsWith('pds_pre=')))).toEqual([
      'httponly',
      'path',
      'samesite',
      'secure',
    ]);
    const client = new FormClient(`${base}/`);
    const signedIn = await signInOver(client, c.email, c.password);
    expect(signedIn.status).toBe(303);
    const session = signedIn.headers.getSetCookie().find((k) => k.startsWith('__Host-pds_account='));
    expect(attributes(session)).toEqual(['httponly', 'path', 'samesite', 'secure']);
    expect(session).toMatch(/; Path=\/;/);
    expect(session).toMatch(/; SameSite=Lax/);
    const overview = await client.get('/account');
    expect([overview.status, overview.headers.get('strict-transport-security')]).toEqual([200, 'max-age=31536000']);
    // The plain-HTTP cookie means nothing here.
    expect(signedIn.headers.getSetCookie().some((k) => k.startsWith('pds_account='))).toBe(false);
  });
});

describe('the account dashboard: keys', () => {
  it("replaces a key with a grace, and never reaches another account's keys", async () => {
    const c = await verifiedCustomer('keys');
    const client = new FormClient(world.url('/'));
    expect((await signInOver(client, c.email, c.password)).status).toBe(303);
    const make = async (name: string) => {
      const _csrf = await client.tokenFor('/account/keys', '/account/keys');
      const made = await client.post('/account/keys', { _csrf, name });
      expect(made.status).toBe(201);
      return /<code id="new-key">([^<]+)<\/code>/.exec(made.body)?.[1] ?? '';
    };
    const first = await make('First');
    const keyIdOf = async (name: string) => {
      const list = await client.get('/account/keys');
      return new RegExp(`<tr data-key-id="(key_[a-z2-7]{16})">\\s*<td>${name}</td>`).exec(list.body)?.[1] ?? '';
    };
    const firstId = await keyIdOf('First');
    expect(firstId).toMatch(/^key_/);

    // Replaced with an hour's grace: both keys work; the new one takes the old one's name.
    const _csrf = await client.tokenFor('/account/keys', '/account/keys/rotate');
    const rotated = await client.post('/account/keys/rotate', { _csrf, keyId: firstId, graceHours: '1' });
    expect(rotated.status).toBe(201);
    const second = /<code id="new-key">([^<]+)<\/code>/.exec(rotated.body)?.[1] ?? '';
    expect(rotated.body).toContain('Your new key “First”');
    const path = '/api/v1/account';
    expect([(await world.call(path, first)).status, (await world.call(path, second)).status]).toEqual([200, 200]);

    // Another account's keys: the operator's account's opening key, and one made for it, read as no key at all.
    const other = await world.admin.createAccount('basic', 5);
    const theirs = await world.admin.issueKey(other.accountId, 'Theirs');
    for (const keyId of ['key_opening', theirs.keyId, 'not-a-key']) {
      const token = await client.tokenFor('/account/keys', '/account/keys/revoke');
      expect((await client.post('/account/keys/revoke', { _csrf: token, keyId })).status).toBe(404);
    }
    expect([(await world.call(path, other.apiKey)).status, (await world.call(path, theirs.apiKey)).status]).toEqual([200, 200]);
    // A key page of a visitor not signed in sends them to sign in.
    const anonymous = await fetch(world.url('/account/keys'), { redirect: 'manual' });
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([303, '/account/sign-in?next=%2Faccount%2Fkeys']);
  });
});

describe('the account dashboard: usage, orders and reports', () => {
  /** A verified customer signed in over HTTP, with a key made on the key page, and their account's id. */
  const signedInWithKey = async (label: string) => {
    const c = await verifiedCustomer(label);
    const client = new FormClient(world.url('/'));
    expect((await signInOver(client, c.email, c.password)).status).toBe(303);
    const _csrf = await client.tokenFor('/account/keys', '/account/keys');
    const made = await client.post('/account/keys', { _csrf, name: 'Usage' });
    const apiKey = /<code id="new-key">([^<]+)<\/code>/.exec(made.body)?.[1] ?? '';
    const { rows } = await world.db.query<{ account_id: string }>('SELECT account_id FROM customers WHERE email = $1', [c.email]);
    return { client, apiKey, accountId: rows[0]?.account_id ?? '' };
  };
  /** The page at `path` once `ready` says so (polled, as a customer would reload it), or as last seen. */
  const pageUntil = async (client: FormClient, path: string, ready: (body: string) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await client.get(path);
      if (ready(body) || Date.now() > deadline) return body;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  /** The cells of the usage table's body, each row's key (its day or operation) first, figures as digits. */
  const tableRows = (body: string) =>
    [...body.matchAll(/<tr data-key="([^"]+)">([\s\S]*?)<\/tr>/g)].map((row) => [
      row[1],
      ...[...(row[2] ?? '').matchAll(/<td>([^<]*)<\/td>/g)].map((cell) => (cell[1] ?? '').replace(/,/g, '')),
    ]);
  const londonToday = () => DateTime.fromJSDate(new Date(Date.now() + dayAheadMs), { zone: 'Europe/London' }).toISODate() as string;
  // Ten tomorrow morning in London, whenever the test runs: the registry test environment is open then.
  const dayAheadMs = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 }).toMillis() - Date.now();
  beforeAll(() => world.clock.set(new Date(Date.now() + dayAheadMs)));

  it('shows a paid call on the usage page within the flush, the CSV equal to the table, and an order to its owner only', async () => {
    const a = await signedInWithKey('usage');
    const today = londonToday();
    const called = await world.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', a.apiKey);
    expect([called.status, called.headers.get('x-credits-charged')]).toEqual([200, '1']);

    // Calls are written within a second and credits follow the ledger's event: poll, as a customer would reload.
    const page = await pageUntil(a.client, '/account/usage', (body) =>
      tableRows(body).some((r) => r[0] === today && r[1] === '1' && r[2] === '1'),
    );
    const rows = tableRows(page);
    expect(rows.find((r) => r[0] === today)).toEqual([today, '1', '1', '0', '0']);
    expect(rows.filter((r) => r[0] !== today).every((r) => r.slice(1).join() === '0,0,0,0')).toBe(true);
    expect(rows[0]?.[0]).toBe(`${today.slice(0, 8)}01`);
    expect(page).toMatch(/<svg[^>]*role="img"/);

    const csv = await a.client.get('/account/usage.csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="usage-${today.slice(0, 8)}01-${today}-day.csv"`);
    const records = csv.body.split('\r\n');
    expect(records.shift()).toBe('day,calls,credits_charged,refunds,credits_refunded');
    expect(records.pop()).toBe('');
    expect(records).toEqual(rows.map((r) => r.join(',')));

    const byOperation = await a.client.get(`/account/usage?groupBy=operation&from=${today}&to=${today}`);
    expect(tableRows(byOperation.body)).toEqual([['renovation_uplift_calculator', '1', '1', '0', '0']]);
    const operationCsv = await a.client.get(`/account/usage.csv?groupBy=operation&from=${today}&to=${today}`);
    expect(operationCsv.body).toBe(
      'operation_id,calls,credits_charged,refunds,credits_refunded\r\nrenovation_uplift_calculator,1,1,0,0\r\n',
    );

    // The API's range rules, answered as a page that says what is wrong.
    const tomorrow = DateTime.fromISO(today).plus({ days: 1 }).toISODate() as string;
    const late = await a.client.get(`/account/usage?to=${tomorrow}`);
    expect([late.status, /is after today/.test(late.body)]).toEqual([400, true]);
    const bad = await a.client.get('/account/usage.csv?from=2026-02-30');
    expect([bad.status, bad.headers.get('content-type'), /Enter the first day as a date/.test(bad.body)]).toEqual([
      400,
      'text/html; charset=utf-8',
      true,
    ]);

    // An official copy ordered with the account's key is listed with its cost, and its PDF is the owner's alone.
    await world.admin.deposit(a.accountId, 1_000);
    await world.admin.setOrdering(a.accountId, true);
    const placed = await world.send('POST', '/land-registry/title-orders', a.apiKey, orderBody, {
      'Idempotency-Key': `usage-${a.accountId}`,
    });
    expect(placed.status).toBe(202);
    const orderId = placed.body.data.id as string;
    const orders = await pageUntil(a.client, '/account/orders', (body) => body.includes(`/account/orders/${orderId}/documents/`), 30_000);
    const row = new RegExp(`<tr data-order-id="${orderId}">([\\s\\S]*?)</tr>`).exec(orders)?.[1] ?? '';
    expect([...row.matchAll(/<td>([^<]*)/g)].map((m) => m[1]?.trim()).slice(1, 5)).toEqual([
      'BK509231',
      'Register',
      'Completed',
      '£7.00 and 50 credits',
    ]);
    const documentPath = /href="(\/account\/orders\/[^"]+\/documents\/[^"]+)"/.exec(row)?.[1] ?? '';
    const own = await a.client.get(documentPath);
    expect([own.status, own.headers.get('content-type'), own.body.slice(0, 5)]).toEqual([200, 'application/pdf', '%PDF-']);

    const b = await signedInWithKey('other');
    const theirs = await b.client.get(documentPath);
    expect([theirs.status, theirs.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect((await b.client.get('/account/orders')).body).toContain('You have no title orders.');
    expect((await b.client.get(`/account/orders/${orderId}/documents/not%20a%20document`)).status).toBe(404);
    expect((await b.client.get('/account/reports/rep_k3v9x2m4q8w1z7c5b6n0p2r4t8/pdf')).status).toBe(404);

    // What a person sees passes axe, under the strict CSP, with nothing refused.
    browser ??= await startBrowser();
    await browser.context.addCookies([{ name: 'pds_account', value: a.client.cookie('pds_account') ?? '', url: world.url('/account') }]);
    const tab = await browser.context.newPage();
    const refusals: string[] = [];
    tab.on('console', (m) => void (/Refused/.test(m.text()) && refusals.push(m.text())));
    await tab.goto(world.url('/account/usage'));
    await tab.getByRole('img', { name: 'Credits charged and calls per day' }).waitFor();
    await expectAccessible(tab, 'usage');
    await screenshot(tab, 'usage');
    await tab.getByLabel('Group by').selectOption('operation');
    await tab.getByRole('button', { name: 'Show' }).click();
    await tab.getByRole('rowheader', { name: 'renovation_uplift_calculator' }).waitFor();
    await expectAccessible(tab, 'usage by operation');
    await tab.goto(world.url('/account/orders'));
    await tab.getByRole('link', { name: 'Register (PDF)' }).waitFor();
    await expectAccessible(tab, 'orders');
    await screenshot(tab, 'orders');
    expect(refusals).toEqual([]);
  });
  it("lists the account's webhooks with their deliveries, shows their text as text, and deletes only the owner's", async () => {
    const a = await signedInWithKey('webhooks');
    const description = '<script>alert(1)</script> =HYPERLINK("http://x.test")';
    const made = await world.send('POST', '/webhooks', a.apiKey, {
      url: 'http://127.0.0.1:9/hooks?a=1&b=<b>',
      events: ['report.completed'],
      description,
    });
    expect(made.status).toBe(201);
    const { webhookId } = made.body.data;
    const listed = await a.client.get('/account/webhooks');
    expect(listed.body).toContain(`data-webhook-id="${webhookId}"`);
    expect(listed.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; =HYPERLINK(&quot;http://x.test&quot;)');
    expect(listed.body).toContain('http://127.0.0.1:9/hooks?a=1&amp;b=&lt;b&gt;');
    expect(listed.body).not.toContain('<script>');
    expect(listed.body).toContain('Nothing sent to it yet.');
    expect(listed.body).not.toContain(made.body.data.secret);

    // Another customer cannot delete it (a 404, as for none); its owner can, and the API agrees.
    const b = await signedInWithKey('webhooks-other');
    const own = await world.send('POST', '/webhooks', b.apiKey, { url: 'http://127.0.0.1:9/b', events: ['report.failed'] });
    expect(own.status).toBe(201);
    const other = await b.client.post('/account/webhooks/delete', {
      _csrf: await b.client.tokenFor('/account/webhooks', '/account/webhooks/delete'),
      webhookId,
    });
    expect(other.status).toBe(404);
    const apiListed = async () => JSON.stringify((await world.call('/api/v1/webhooks', a.apiKey)).body.data);
    expect(await apiListed()).toContain(webhookId);
    const _csrf = await a.client.tokenFor('/account/webhooks', '/account/webhooks/delete');
    expect((await a.client.post('/account/webhooks/delete', { _csrf, webhookId })).status).toBe(303);
    expect((await a.client.get('/account/webhooks')).body).toContain('You have no webhooks.');
    expect(await apiListed()).not.toContain(webhookId);
  });
});

const orderBody = { titleNumber: 'BK509231', documentType: 'register', purchaseAuthorisation: { maximumChargePence: 700 } };
