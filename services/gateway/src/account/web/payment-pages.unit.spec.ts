import type { billing } from '@pds/contracts';
import { topUpAmountPence } from './balance-routes';
import { balancePage } from './pages/balance-pages';
import { planPage } from './pages/plan-pages';

// The plan and balance pages as drawn for each state of an account: which actions each plan offers, and the top-up's
// amounts. Charges are worked by hand from the monthly prices (Basic £29, Standard £99, Premium £299).

const description = (over: Partial<billing.AccountDescription> = {}): billing.AccountDescription =>
  ({
    accountId: 'acc_payer0001',
    plan: 'basic',
    creditCycle: 'trial',
    availableCredits: 100,
    reservedCredits: 0,
    creditsRefreshAt: null,
    purchaseBalance: { availablePence: 0, reservedPence: 0, quarantinedPence: 0, debtPence: 0 },
    standing: { held: false, orderingEnabled: false },
    openedAt: '2026-05-01T09:00:00Z',
    rateLimits: { perMinute: 10, perDay: 500, perMonth: 5_000 },
    monthlyAllowanceCredits: null,
    subscription: null,
    keys: { active: 0, inGrace: 0 },
    ...over,
  }) as billing.AccountDescription;

const forms = { subscribe: 's', upgrade: 'u', downgrade: 'd', cancel: 'c', resume: 'r' };
const buttons = (page: string) => [...page.matchAll(/<button type="submit"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
// A 30-day period from 1 May 2026 10:00 UK time; ten days of it gone, twenty left.
const period = { currentPeriodStartsAt: '2026-05-01T09:00:00Z', currentPeriodEndsAt: '2026-05-31T09:00:00Z' };
const tenDaysIn = new Date('2026-05-11T09:00:00Z');

describe('the plan page', () => {
  it('offers a trial every plan to subscribe to', () => {
    expect(buttons(planPage(description(), forms, tenDaysIn).toString())).toEqual([
      'Subscribe to Basic',
      'Subscribe to Standard',
      'Subscribe to Premium',
    ]);
  });

  it('offers Standard the upgrade at two thirds of the difference, Basic from the renewal, and cancelling', () => {
    const standard = description({
      plan: 'standard',
      creditCycle: 'subscription',
      subscription: { subscriptionId: 'sub_1', status: 'active', planAtRenewal: null, ...period },
    });
    const page = planPage(standard, forms, tenDaysIn).toString();
    // (29,900 − 9,900) × 20/30 = 13,333.3… pence, rounded up: £133.34.
    expect(buttons(page)).toEqual([
      'Move to Basic from 31 May 2026',
      'Upgrade to Premium now for £133.34',
      'Cancel the subscription at the end of this period',
    ]);
    expect(page).toContain('Standard, renewing on 31 May 2026.');
  });

  it('offers a cancelling subscription only to keep it, and says when it ends', () => {
    const cancelling = description({
      plan: 'premium',
      creditCycle: 'subscription',
      subscription: { subscriptionId: 'sub_1', status: 'cancelling', planAtRenewal: null, ...period },
    });
    const page = planPage(cancelling, forms, tenDaysIn).toString();
    expect(buttons(page)).toEqual(['Move to Basic from 31 May 2026', 'Move to Standard from 31 May 2026', 'Keep the subscription']);
    expect(page).toContain('Premium, cancelled: it ends on 31 May 2026 and does not renew.');
  });

  it('shows a scheduled smaller plan as coming, and offers no form where payments are not configured', () => {
    const scheduled = description({
      plan: 'premium',
      creditCycle: 'subscription',
      subscription: { subscriptionId: 'sub_1', status: 'active', planAtRenewal: 'basic', ...period },
    });
    expect(planPage(scheduled, forms, tenDaysIn).toString()).toContain('It moves to Basic then.');
    const page = planPage(scheduled, undefined, tenDaysIn).toString();
    expect(buttons(page)).toEqual([]);
    expect(page).toContain('Payments are not configured here');
  });
});

describe('the top-up', () => {
  it('takes whole pounds from £10 to £1,000 as people type them', () => {
    expect(['10', '£20', ' 20.00 ', '1000', '35.0'].map(topUpAmountPence)).toEqual([1_000, 2_000, 2_000, 100_000, 3_500]);
  });

  it('refuses pence, amounts out of range and anything else', () => {
    expect(['9', '1001', '20.50', '-20', '2e3', '', '20 pounds'].map(topUpAmountPence)).toEqual(Array(7).fill(undefined));
  });

  it('shows an amount typed with markup as text', () => {
    const page = balancePage(
      description(),
      { topUp: 't', ordering: 'o' },
      { amount: 'Enter whole pounds' },
      '"><script>x</script>',
    ).toString();
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(page).not.toContain('<script>x');
  });
});

describe('official copy ordering on the balance page', () => {
  it('asks for the acknowledgement to turn it on, and turns it off without one', () => {
    const off = balancePage(description(), { ordering: 'o' }).toString();
    expect(off).toContain('name="acknowledge"');
    expect(buttons(off)).toEqual(['Turn ordering on']);
    expect(off).toContain('Payments are not configured here');
    const on = balancePage(description({ standing: { held: false, orderingEnabled: true } }), { ordering: 'o' }).toString();
    expect(on).not.toContain('name="acknowledge"');
    expect(buttons(on)).toEqual(['Turn ordering off']);
  });
});

describe('the balance movements', () => {
  const movement = (at: string, kind: string, amountPence: number, description: string) =>
    ({ globalPosition: 1, at, kind, referenceId: null, operation: null, amountCredits: 0, amountPence, description }) as never;

  it('lists this month’s, newest first, signed, each description as text', () => {
    const page = balancePage(description(), { ordering: 'o' }, {}, '', [
      movement('2026-05-03T09:00:00Z', 'cash_deposited', 2_000, 'Top-up <b>card</b>'),
      movement('2026-05-04T12:30:00Z', 'cash_captured', -700, 'Official copy BK509231'),
    ]).toString();
    const rows = [...page.matchAll(/<tr>\s*<td>([^<]*)<\/td>\s*<td>([^<]*)<\/td>\s*<td>([^<]*)<\/td>/g)].map((m) => [m[1], m[2], m[3]]);
    // 4 May 2026 12:30 UTC is 13:30 in the UK (BST).
    expect(rows).toEqual([
      ['4 May 2026, 13:30', 'Official copy BK509231', '−£7.00'],
      ['3 May 2026, 10:00', 'Top-up &lt;b&gt;card&lt;/b&gt;', '+£20.00'],
    ]);
    expect(balancePage(description(), { ordering: 'o' }).toString()).toContain('No movements this month.');
  });
});
