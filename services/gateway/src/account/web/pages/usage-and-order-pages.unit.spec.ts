import type { ReportSummary, TitleOrder } from '@pds/contracts';
import type { UsageReport } from '../../usage/usage-of';
import { ordersPage, orderDocumentHref } from './order-pages';
import { usageCsvHref, usagePage } from './usage-pages';

// The usage and orders pages as HTML: what a customer reads in them, and that anything not written by us (an
// operation's name, a title number, an address, a company's name) is shown as text, never as markup.

const hostile = '"><img src=x onerror=alert(1)></title><svg onload=alert(1)>';
const escapedHostile = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/title&gt;&lt;svg onload=alert(1)&gt;';

const byDay: UsageReport = {
  from: '2026-05-14',
  to: '2026-05-15',
  timeZone: 'Europe/London',
  groupBy: 'day',
  rows: [
    { day: '2026-05-14', calls: 1234, creditsCharged: 37, refunds: 1, creditsRefunded: 5 },
    { day: '2026-05-15', calls: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 },
  ],
  totals: { calls: 1234, creditsCharged: 37, refunds: 1, creditsRefunded: 5 },
  asOf: '2026-05-15T09:30:05.000Z',
};

/** The text of each cell of each row of the table with this id, markup removed. */
const cells = (page: string, id: string, part: 'tbody' | 'tfoot') => {
  const table = new RegExp(`<table id="${id}">[\\s\\S]*?<${part}>([\\s\\S]*?)</${part}>`).exec(page)?.[1] ?? '';
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => (c[1] ?? '').replace(/<[^>]+>/g, '').trim()),
  );
};

describe('the usage page', () => {
  it('shows the range in the form, each day and the totals in the table, and when the credits were read to', () => {
    const page = usagePage({ from: byDay.from, to: byDay.to, groupBy: 'day' }, byDay).toString();
    expect(page).toMatch(/id="from"\s+name="from"\s+type="date"\s+value="2026-05-14"/);
    expect(page).toContain('<option value="day" selected>');
    expect(cells(page, 'usage', 'tbody')).toEqual([
      ['Thu 14 May 2026', '1,234', '37', '1', '5'],
      ['Fri 15 May 2026', '0', '0', '0', '0'],
    ]);
    expect(cells(page, 'usage', 'tfoot')).toEqual([['Total', '1,234', '37', '1', '5']]);
    // 09:30:05 UTC in May is 10:30:05 British Summer Time.
    expect(page).toContain('up to 15 May 2026, 10:30:05 (UK time)');
    expect(page).toContain('href="/account/usage.csv?from=2026-05-14&amp;to=2026-05-15&amp;groupBy=day"');
    expect(page).toContain('<svg');
    expect(page).not.toMatch(/style=|<script/);
  });

  it('shows an operation’s name as text, and draws no chart by operation', () => {
    const usage: UsageReport = {
      ...byDay,
      groupBy: 'operation',
      rows: [{ operationId: hostile, calls: 2, creditsCharged: 3, refunds: 0, creditsRefunded: 0 }],
      totals: { calls: 2, creditsCharged: 3, refunds: 0, creditsRefunded: 0 },
      asOf: null,
    };
    const page = usagePage({ from: usage.from, to: usage.to, groupBy: 'operation' }, usage).toString();
    expect(page).toContain(`<th scope="row"><code>${escapedHostile}</code></th>`);
    expect(page).not.toMatch(/<img|<svg|onload=alert\(1\)>/);
    expect(page).toContain('No credits have been charged or refunded on your account yet.');
  });

  it('shows what was typed back in the form, escaped, with the problem beside the field and no figures', () => {
    const page = usagePage({ from: hostile, to: '', groupBy: 'day' }, undefined, {
      from: 'Enter the first day as a date, like 2026-05-01.',
    }).toString();
    expect(page).toContain(`value="${escapedHostile}"`);
    expect(page).toMatch(/aria-invalid="true"\s+aria-describedby="from-error"/);
    expect(page).toContain('<a href="#from">Enter the first day as a date, like 2026-05-01.</a>');
    expect(page).not.toMatch(/<table|<svg|<img/);
  });

  it('links the CSV with its query encoded', () => {
    expect(usageCsvHref({ from: '2026-05-01', to: '2026-05-31', groupBy: 'operation' })).toBe(
      '/account/usage.csv?from=2026-05-01&to=2026-05-31&groupBy=operation',
    );
  });
});

describe('the orders and reports page', () => {
  const document = (type: 'register' | 'plan', status: 'available' | 'pending', documentId: string) => ({
    type,
    status,
    textStatus: 'not_requested' as const,
    downloadUrl: `/api/v1/land-registry/title-orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa/documents/${documentId}`,
    textUrl: null,
    extraction: { status: 'not_applicable' as const },
  });
  const order = {
    id: 'ord_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    titleNumber: hostile,
    documentType: 'register_and_plan',
    status: 'completed',
    cost: {
      currency: 'GBP',
      registryPence: 600,
      servicePence: 100,
      totalPence: 700,
      paymentStatus: 'captured',
      documentCredits: 50,
      extractionCredits: 0,
      totalCredits: 50,
      documentCreditPaymentStatus: 'captured',
      extractionPaymentStatus: 'not_applicable',
    },
    documents: [document('register', 'available', 'doc_register'), document('plan', 'pending', 'doc_plan')],
    createdAt: '2026-01-14T09:05:00.000Z',
  } as unknown as TitleOrder;
  const report = {
    reportId: 'rep_k3v9x2m4q8w1z7c5b6n0p2r4t8',
    type: 'property-pack',
    status: 'completed',
    subject: { uprn: '100023336956', address: hostile, postcode: 'SW1A 1AA' },
    requestedAt: '2026-07-01T11:00:00.000Z',
    creditsCharged: 25,
    priceCredits: 25,
    downloadUrl: '/api/v1/reports/rep_k3v9x2m4q8w1z7c5b6n0p2r4t8/document',
  } as unknown as ReportSummary;

  it('lists each order and report with its status, cost, UK time and a dashboard link to each delivered document', () => {
    const page = ordersPage({ orders: [order], more: false }, { reports: [report], more: true }).toString();
    expect(cells(page, 'orders', 'tbody')).toEqual([
      ['14 Jan 2026, 09:05', escapedHostile, 'Register and plan', 'Completed', '£7.00 and 50 credits', 'Register (PDF)'],
    ]);
    expect(page).toContain('<a href="/account/orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa/documents/doc_register">Register (PDF)</a>');
    expect(page).not.toContain('doc_plan');
    // 11:00 UTC in July is 12:00 in London.
    expect(cells(page, 'reports', 'tbody')).toEqual([
      ['1 Jul 2026, 12:00', escapedHostile, 'Property pack', 'Completed', '25 credits', 'Report (PDF)'],
    ]);
    expect(page).toContain('<a href="/account/reports/rep_k3v9x2m4q8w1z7c5b6n0p2r4t8/pdf">Report (PDF)</a>');
    expect(page).toContain('Reports: your latest 50');
    expect(page).not.toMatch(/<img|<svg|\/api\/v1/);
  });

  it('says when there are none, and never puts a document id into a path unencoded', () => {
    const page = ordersPage({ orders: [], more: false }, { reports: [], more: false }).toString();
    expect(page).toContain('You have no title orders.');
    expect(page).toContain('You have no reports.');
    expect(orderDocumentHref('ord_x', '/api/v1/x/documents/doc?x=1&y="2"')).toBe(
      '/account/orders/ord_x/documents/doc%3Fx%3D1%26y%3D%222%22',
    );
  });
});
