import { extractPdfText } from '@pds/land-register';
import { auditFigures, summaryOf } from '../support/statements';
import { FormClient, signInOver, verifiedCustomer } from '../support/account-web';
import { e2eFixture } from '../support/e2e';
import { waitFor } from '../support/ledger';

// Monthly statements over the whole stack, reconciled with the finance audit: a customer's trial in April (paid
// calls, a deposit, credits granted) and May to date; each month's CSV summary equals the audit's statements.csv
// row figure by figure, the PDF prints the plan, the month and the closing figures, and another customer gets none.

const world = e2eFixture();
const calculator = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';

/** A customer signed up, verified and signed in over HTTP, with a key made on the dashboard. */
const customerWithKey = async (label: string) => {
  const c = await verifiedCustomer(world, label);
  const client = new FormClient(world.url('/'));
  await signIn(client, c);
  const made = await client.post('/account/keys', { _csrf: await client.tokenFor('/account/keys', '/account/keys'), name: 'Statements' });
  const apiKey = /id="new-key">([^<]+)</.exec(made.body)?.[1] ?? '';
  const accountId = (await world.call('/api/v1/account', apiKey)).body.data.accountId as string;
  return { ...c, client, apiKey, accountId };
};
const signIn = async (client: FormClient, c: { email: string; password: string }) =>
  expect((await signInOver(client, c.email, c.password)).status).toBe(303);

/** A statement file with the session's cookie, as bytes. */
const fetchStatement = (client: FormClient, path: string, headers: Record<string, string> = {}) =>
  fetch(world.url(path), { headers: { cookie: `pds_account=${client.cookie('pds_account') ?? ''}`, ...headers }, redirect: 'manual' });

/** The month's CSV once the projection has caught up with the audit's replay of the store, whose figures it must equal. */
const reconciled = async (client: FormClient, accountId: string, month: string) => {
  const expected = auditFigures(world.databaseUrl, accountId, month);
  let summary: Record<string, string> = {};
  await waitFor(async () => {
    summary = summaryOf(await (await fetchStatement(client, `/account/statements/${month}.csv`)).text());
    const names = Object.keys(expected);
    return Object.keys(summary).length === names.length && names.every((n) => summary[n] === expected[n]);
  }, 15_000).catch(() => undefined);
  expect(summary).toEqual(expected);
  return summary;
};

describe('monthly statements', () => {
  let a: Awaited<ReturnType<typeof customerWithKey>>;

  it('reconcile each month with the finance audit, figure by figure', async () => {
    world.clock.set('2026-04-20T10:00:00.000Z');
    a = await customerWithKey('statements');
    for (let i = 0; i < 3; i++) expect((await world.call(calculator, a.apiKey)).status).toBe(200);
    await world.admin.deposit(a.accountId, 2_000, 'bank transfer');
    await world.admin.grantCredits(a.accountId, 50);

    world.clock.set('2026-05-12T10:00:00.000Z');
    await signIn(a.client, a);
    for (let i = 0; i < 2; i++) expect((await world.call(calculator, a.apiKey)).status).toBe(200);
    await world.admin.deposit(a.accountId, 500, 'bank transfer');

    const april = await reconciled(a.client, a.accountId, '2026-04');
    const may = await reconciled(a.client, a.accountId, '2026-05');
    // By hand: the trial's 100 and 50 granted, 3 calls of 1 credit; £20 deposited. May: 2 calls; £5 deposited.
    expect([april.granted_credits, april.charged_credits, april.closing_credits, april.closing_pence]).toEqual(['150', '3', '147', '2000']);
    expect([may.opening_credits, may.charged_credits, may.closing_credits, may.opening_pence, may.closing_pence]).toEqual([
      '147',
      '2',
      '145',
      '2000',
      '2500',
    ]);

    // The list runs from the opening month to this one.
    const list = await a.client.get('/account/statements');
    expect(list.body).toContain('May 2026 (to date)');
    expect(list.body).toContain('href="/account/statements/2026-04.pdf"');
    expect(list.body).not.toContain('2026-03');
  });

  it('prints the plan, the month and the closing figures, a closed month with one ETag', async () => {
    const res = await fetchStatement(a.client, '/account/statements/2026-04.pdf');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = (await extractPdfText(bytes)).replace(/\s+/g, ' ');
    for (const shown of ['Statement for April 2026', 'Basic', a.accountId, a.email, '147', '£20.00', 'renovation_uplift_calculator'])
      expect(text).toContain(shown);
    expect(text).not.toContain('to date');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await fetchStatement(a.client, '/account/statements/2026-04.pdf')).headers.get('etag')).toBe(etag);
    expect((await fetchStatement(a.client, '/account/statements/2026-04.pdf', { 'if-none-match': etag })).status).toBe(304);

    const may = await fetchStatement(a.client, '/account/statements/2026-05.pdf');
    const mayText = (await extractPdfText(Buffer.from(await may.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const shown of ['Statement for May 2026 (to date)', 'Basic (trial)', '145', '£25.00']) expect(mayText).toContain(shown);
    expect(may.headers.get('etag')).toBeNull();
  });

  it('shows another customer none of it, and answers an address that names no statement as such', async () => {
    const b = await customerWithKey('statements-other');
    // Opened in May: April is before its opening, June after this month.
    expect((await fetchStatement(b.client, '/account/statements/2026-04.pdf')).status).toBe(404);
    expect((await fetchStatement(b.client, '/account/statements/2026-04.csv')).status).toBe(404);
    expect((await fetchStatement(b.client, '/account/statements/2026-06.pdf')).status).toBe(404);
    expect((await fetchStatement(b.client, '/account/statements/2026-13.pdf')).status).toBe(400);
    // Its May is its own: nothing of the first customer's.
    const theirs = await (await fetchStatement(b.client, '/account/statements/2026-05.csv')).text();
    expect(summaryOf(theirs).deposited_pence).toBe('0');
    expect(theirs).not.toContain(a.accountId);
    // Signed out: to the sign-in page.
    expect((await fetch(world.url('/account/statements/2026-05.pdf'), { redirect: 'manual' })).status).toBe(303);
  });
});
