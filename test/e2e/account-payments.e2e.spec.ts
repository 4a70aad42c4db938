import { planMonthlyCredits, upgradeChargePence } from '@pds/contracts';
import { extractPdfText } from '@pds/land-register';
import { DateTime } from 'luxon';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expectAccessible, FormClient, screenshot, signInOver, signInPage, verifiedCustomer } from '../support/account-web';
import { runAudit } from '../support/audit';
import { startBrowser, type TestBrowser } from '../support/browser';
import { e2eFixture } from '../support/e2e';
import { waitFor } from '../support/ledger';
import { auditFigures, summaryOf } from '../support/statements';

// Paying from the dashboard in a real Chromium, through the Stripe test environment's hosted page: a plan subscribed
// after a declined card, the first key, an upgrade paid for the rest of the period, a smaller plan from the renewal,
// cancelling and resuming, a top-up whose webhook is delivered twice. Every amount is the ledger's, each payment once,
// and the audit passes.

const world = e2eFixture();
// Business time is ten tomorrow morning in London, whenever the test runs: HM Land Registry's test environment takes
// orders from 06:30 to 23:00, and the official copy below is ordered.
const aheadMs = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 }).toMillis() - Date.now();
const businessNow = () => new Date(Date.now() + aheadMs);
beforeAll(() => world.clock.set(businessNow()));
let browser: TestBrowser | undefined;
afterAll(async () => browser?.close());

const paidPath = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
const declined = '4000 0000 0000 0002';
const pays = '4242 4242 4242 4242';

/** On Stripe's page: pay with a card; a declined card stays on the page with Stripe's message. */
const payWith = async (page: Page, card: string) => {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
};

/** A month as the statements page names it: "November 2026". */
const monthName = (month: string) => DateTime.fromISO(`${month}-01`).toFormat('LLLL yyyy');

const paymentsOf = async (accountId: string) =>
  (
    await world.db.query<{ data: { paymentId: string; amountPence: number; purpose: { kind: string } } }>(
      `SELECT data FROM events WHERE type = 'PaymentReceived' AND data->>'accountId' = $1 ORDER BY global_position`,
      [accountId],
    )
  ).rows.map((r) => [r.data.purpose.kind, r.data.amountPence]);

describe('payments from the dashboard', () => {
  it('subscribes after a declined card, upgrades, schedules a smaller plan, cancels and resumes, tops up once under a duplicated webhook, orders, downloads the statement, renews and fails to renew', async () => {
    const c = await verifiedCustomer(world, 'payer');
    browser = await startBrowser();
    const page = await browser.context.newPage();
    await signInPage(page, world, c);

    // The plans, with their prices, allowances and limits; the trial says what it is.
    await page.getByRole('link', { name: 'Plan', exact: true }).click();
    await page.getByRole('heading', { name: 'Your plan' }).waitFor();
    expect(await page.locator('#plan-status').textContent()).toBe('You are on the free trial: 100 credits left, which do not renew.');
    expect(await page.locator('#plans tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^Basic\t£29\.00\t1,000\t10 \/ 500 \/ 5,000\tSubscribe to Basic$/),
      expect.stringMatching(/^Standard\t£99\.00\t5,000\t30 \/ 2,000 \/ 30,000\tSubscribe to Standard$/),
      expect.stringMatching(/^Premium\t£299\.00\t20,000\t100 \/ 5,000 \/ 100,000\tSubscribe to Premium$/),
    ]);
    await expectAccessible(page, 'plan');
    await screenshot(page, 'plan');

    // Standard: the first card is declined on Stripe's page (nothing taken), the second pays.
    await page.getByRole('button', { name: 'Subscribe to Standard' }).click();
    await page.getByRole('heading', { name: 'Pay £99.00 a month' }).waitFor();
    await payWith(page, declined);
    await page.locator('#error').waitFor();
    expect(await page.locator('#error').getAttribute('data-code')).toBe('card_declined');
    await payWith(page, pays);
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await page.locator('#paid').textContent()).toBe('Your Standard subscription is paid: £99.00.');
    expect(await page.locator('#paid-credits').textContent()).toBe('5,000');
    await expectAccessible(page, 'paid');
    await screenshot(page, 'paid');

    // The first key, shown once, calls the API on Standard's limits.
    await page.getByRole('link', { name: 'Make your first API key' }).click();
    await page.getByLabel('Name (for you: where it is used)').fill('Billing server');
    await page.getByRole('button', { name: 'Make key' }).click();
    const apiKey = (await page.locator('#new-key').textContent()) ?? '';
    const called = await world.call(paidPath, apiKey);
    expect([called.status, called.headers.get('x-ratelimit-limit'), called.body.billing?.creditsRemaining]).toEqual([200, '30', 4_999]);
    const account = (await world.call('/api/v1/account', apiKey)).body.data;
    const { accountId } = account;
    const period = { startsAt: account.subscription.currentPeriodStartsAt, endsAt: account.subscription.currentPeriodEndsAt };

    // Premium now: the difference for the rest of the period, worked out from the period the ledger holds.
    const before = businessNow();
    await page.getByRole('link', { name: 'Plan', exact: true }).click();
    const upgrade = page.getByRole('button', { name: /^Upgrade to Premium now for £/ });
    const shownCharge = /for £([\d,.]+)$/.exec((await upgrade.textContent()) ?? '')?.[1] ?? '';
    const chargePence = Math.round(Number(shownCharge.replaceAll(',', '')) * 100);
    // The page's charge lies between the charges at the moments (in business time) around its drawing.
    const after = businessNow();
    expect(chargePence).toBeLessThanOrEqual(upgradeChargePence('standard', 'premium', period, before));
    expect(chargePence).toBeGreaterThanOrEqual(upgradeChargePence('standard', 'premium', period, after));
    expect(chargePence).toBeGreaterThan(19_900);
    await upgrade.click();
    await payWith(page, pays);
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await page.locator('#paid').textContent()).toBe(`You are on Premium now: £${shownCharge} paid for the rest of this period.`);
    // The allowance's difference is added to what was left: 4,999 + (20,000 − 5,000).
    expect(await page.locator('#paid-credits').textContent()).toBe(
      (4_999 + planMonthlyCredits.premium - planMonthlyCredits.standard).toLocaleString('en-GB'),
    );
    // Stripe bills Premium from the renewal.
    const premium = (await world.stripe.subscriptions()).find((s) => s.id === account.subscription.subscriptionId);
    expect(premium?.items.data[0]?.price.id).toBe('price_test_premium');

    // Basic from the renewal: nothing paid now; the plan stays Premium until then.
    await page.getByRole('link', { name: 'Plan', exact: true }).click();
    await page.getByRole('button', { name: /^Move to Basic from / }).click();
    await page.getByRole('heading', { name: 'Your plan' }).waitFor();
    expect(await page.locator('#plan-status').textContent()).toMatch(
      /^Premium, renewing on \d{1,2} \w{3} \d{4}\. It moves to Basic then\.$/,
    );
    const scheduled = (await world.call('/api/v1/account', apiKey)).body.data;
    expect([scheduled.plan, scheduled.subscription.planAtRenewal]).toEqual(['premium', 'basic']);

    // Cancelled at the period's end, then kept after all.
    await page.getByRole('button', { name: 'Cancel the subscription at the end of this period' }).click();
    await page.getByText(/cancelled: it ends on/).waitFor();
    expect((await world.call('/api/v1/account', apiKey)).body.data.subscription.status).toBe('cancelling');
    await page.getByRole('button', { name: 'Keep the subscription' }).click();
    await page.getByText(/^Premium, renewing on/).waitFor();
    const kept = (await world.stripe.subscriptions()).find((s) => s.id === account.subscription.subscriptionId);
    expect(kept?.cancel_at_period_end).toBe(false);

    // £20 onto the Purchase Balance, Stripe's webhook for it delivered twice: £20 once.
    await world.stripe.setFaults([{ mode: 'duplicate', eventType: 'checkout.session.completed', times: 1 }]);
    await page.getByRole('link', { name: 'Purchase Balance' }).click();
    await expectAccessible(page, 'balance');
    await page.getByLabel(/^Top up by/).fill('1000000');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.locator('#amount-error').waitFor();
    await page.getByLabel(/^Top up by/).fill('20');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.getByRole('heading', { name: 'Pay £20.00' }).waitFor();
    await payWith(page, pays);
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await page.locator('#paid').textContent()).toBe('£20.00 was added to your Purchase Balance.');
    // The top-up's event delivered twice, each answered 200 once the ledger had the payment (the return page may have
    // recorded it first).
    const topUpDeliveries = async () =>
      (await world.stripe.events())
        .filter((e) => e.type === 'checkout.session.completed')
        .at(-1)
        ?.attempts.map((a) => a.status) ?? [];
    await waitFor(async () => (await topUpDeliveries()).length >= 2, 20_000);
    expect(await topUpDeliveries()).toEqual([200, 200]);
    await page.getByRole('link', { name: 'Purchase Balance' }).click();
    expect(await page.locator('#balance-available').textContent()).toBe('£20.00');

    // Ordering turned on, with the acknowledgement, and an official copy ordered with the key: £7 from the £20.
    await page.getByLabel(/I understand that each order is paid from this balance/).check();
    await page.getByRole('button', { name: 'Turn ordering on' }).click();
    await page.getByText('Ordering is on for your account.').waitFor();
    const order = await world.send(
      'POST',
      '/land-registry/title-orders',
      apiKey,
      { titleNumber: 'BK509231', documentType: 'register', purchaseAuthorisation: { maximumChargePence: 700 } },
      { 'Idempotency-Key': `account-payments-${Date.now()}` },
    );
    expect(order.status).toBe(202);
    await waitFor(
      async () => (await world.call(`/api/v1/land-registry/title-orders/${order.body.data.id}`, apiKey)).body.data.status === 'completed',
      60_000,
    );
    await waitFor(async () => (await world.call('/api/v1/account', apiKey)).body.data.purchaseBalance.availablePence === 1_300, 20_000);
    await page.reload();
    expect(await page.locator('#balance-available').textContent()).toBe('£13.00');
    // This month's movements of the balance, newest first, once the ledger's projection has them.
    const amounts = () => page.locator('#movements tbody tr td:nth-child(3)').allTextContents();
    await waitFor(async () => {
      await page.reload();
      return (await amounts()).length === 2;
    }, 20_000);
    expect(await amounts()).toEqual(['−£7.00', '+£20.00']);
    await screenshot(page, 'balance');

    // This month's statement, downloaded as a customer does: its payment figures are these payments, and every
    // summary figure is the finance audit's for the account and month.
    const month = DateTime.fromJSDate(businessNow(), { zone: 'Europe/London' }).toFormat('yyyy-MM');
    await page.getByRole('link', { name: 'Statements', exact: true }).click();
    await expectAccessible(page, 'statements');
    await screenshot(page, 'statements');
    const download = async (label: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).first().click()]);
      return readFileSync((await file.path()) as string);
    };
    const expected = auditFigures(world.databaseUrl, accountId, month);
    let summary: Record<string, string> = {};
    await waitFor(async () => {
      summary = summaryOf((await download(`${monthName(month)} (to date), CSV`)).toString('utf8'));
      return JSON.stringify(summary) === JSON.stringify(expected);
    }, 20_000).catch(() => undefined);
    expect(summary).toEqual(expected);
    expect([summary.subscription_payments_pence, summary.upgrade_payments_pence, summary.top_up_payments_pence]).toEqual(
      [9_900, chargePence, 2_000].map(String),
    );
    expect(summary.payments_pence).toBe(String(9_900 + chargePence + 2_000));
    const pdfText = (await extractPdfText(await download(`${monthName(month)} (to date), PDF`))).replace(/\s+/g, ' ');
    expect(pdfText).toContain('£20.00');
    expect(pdfText).toContain('£99.00');

    // The renewal, charged by Stripe and told by its webhook: at Basic's price, as scheduled, and the credits refreshed
    // to Basic's allowance. Then a card that fails every renewal: the next one is unpaid, the subscription past due,
    // and nothing refreshed.
    const subscriptionId = account.subscription.subscriptionId as string;
    expect((await world.stripe.advanceSubscription(subscriptionId)).step).toEqual({ kind: 'renew' });
    // Read as the operator reads it: on Basic's 10 calls a minute, polling with the key would be refused.
    const described = () => world.admin.showAccount(accountId);
    await waitFor(async () => (await described()).plan === 'basic', 20_000);
    expect(await described()).toMatchObject({
      plan: 'basic',
      availableCredits: planMonthlyCredits.basic,
      subscription: { status: 'active', planAtRenewal: null },
    });
    await world.stripe.setSubscriptionCard(subscriptionId, '4000 0000 0000 0341');
    expect((await world.stripe.advanceSubscription(subscriptionId)).step).toEqual({ kind: 'renew' });
    await waitFor(async () => (await described()).subscription?.status === 'past_due', 20_000);
    expect((await described()).availableCredits).toBe(planMonthlyCredits.basic);
    await page.getByRole('link', { name: 'Plan', exact: true }).click();
    expect(await page.locator('#plan-status').textContent()).toMatch(/the last renewal could not be charged/);

    expect(await paymentsOf(accountId)).toEqual([
      ['subscription_period', 9_900],
      ['plan_upgrade', chargePence],
      ['top_up', 2_000],
      ['subscription_period', 2_900],
    ]);
    const audit = runAudit(world.databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
  });

  it('leaves an abandoned checkout unpaid, gives one open subscription checkout per account, and shows no one else’s payment', async () => {
    const c = await verifiedCustomer(world, 'abandons');
    const client = new FormClient(world.url('/'));
    expect((await signInOver(client, c.email, c.password)).status).toBe(303);
    const subscribe = async (plan: string) =>
      client.post('/account/plan/subscribe', { _csrf: await client.tokenFor('/account/plan', '/account/plan/subscribe'), plan });
    expect((await subscribe('enterprise')).status).toBe(400);
    const basic = await subscribe('basic');
    const twice = await subscribe('basic');
    expect(basic.status).toBe(303);
    // A second tab or a double click is sent to the checkout already open; another plan closes it and opens its own.
    expect(twice.headers.get('location')).toBe(basic.headers.get('location'));
    const first = await subscribe('premium');
    expect(first.headers.get('location')).not.toBe(basic.headers.get('location'));
    expect((await fetch(basic.headers.get('location') ?? '')).status).toBe(410);
    const sessionId = /\/c\/pay\/(cs_[A-Za-z0-9_]+)/.exec(first.headers.get('location') ?? '')?.[1] ?? '';
    expect(sessionId).not.toBe('');

    // Another customer's return page for it: no such payment of theirs.
    const d = await verifiedCustomer(world, 'other');
    const other = new FormClient(world.url('/'));
    await signInOver(other, d.email, d.password);
    expect((await other.get(`/account/paid?session_id=${sessionId}`)).status).toBe(404);

    // Abandoned: Stripe expires it and says so; nothing is paid, and a new checkout can start.
    await world.stripe.expireSession(sessionId);
    const statusOf = async () =>
      (await world.db.query<{ status: string }>('SELECT status FROM account_checkouts WHERE session_id = $1', [sessionId])).rows[0]?.status;
    await waitFor(async () => (await statusOf()) === 'expired', 20_000);
    const back = await client.get(`/account/paid?session_id=${sessionId}`);
    expect([back.status, back.body]).toEqual([200, expect.stringContaining('(the checkout expired unpaid)')]);
    const { rows } = await world.db.query<{ account_id: string }>('SELECT account_id FROM account_checkouts WHERE session_id = $1', [
      sessionId,
    ]);
    expect(await paymentsOf(rows[0]!.account_id)).toEqual([]);
    const fresh = await subscribe('premium');
    expect(fresh.headers.get('location')).not.toBe(first.headers.get('location'));

    // A top-up out of range is refused on the page; Stripe's webhook refuses what Stripe did not sign.
    const _csrf = await client.tokenFor('/account/balance', '/account/balance/top-up');
    const tooSmall = await client.post('/account/balance/top-up', { _csrf, amount: '5' });
    expect([tooSmall.status, tooSmall.body]).toEqual([400, expect.stringContaining('Enter whole pounds from £10 to £1,000')]);
    // Ordering: not without the acknowledgement, and not on a trial.
    const ordering = async (fields: Record<string, string>) =>
      client.post('/account/balance/ordering', {
        _csrf: await client.tokenFor('/account/balance', '/account/balance/ordering'),
        ...fields,
      });
    expect((await ordering({ enabled: 'true' })).status).toBe(400);
    const trial = await ordering({ enabled: 'true', acknowledge: 'yes' });
    expect([trial.status, trial.body]).toEqual([409, expect.stringContaining('Ordering needs a paid plan: subscribe to one first.')]);
    const forged = await fetch(world.url('/account/stripe/webhook'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: sessionId } } }),
    });
    expect(forged.status).toBe(400);
  });
});
