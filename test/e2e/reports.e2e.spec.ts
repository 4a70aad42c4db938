import { operations, type Operation } from '@pds/contracts';
import { extractPdfText } from '@pds/land-register';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAudit } from '../support/audit';
import { e2eFixture, type Caller } from '../support/e2e';
import { demoBranding, newKey, requestReport, tinyPng, untilEnded } from '../support/reports';

// Property Reports through the whole stack over the demo region: a property pack of 60 Western Elms Avenue, RG30 2AN
// (sold 14 January 2019 for £420,000; SYNTHETIC certificates give 210.98 m²) and an area pack of RG30 2AN, with the
// business clock on 15 January 2024. Every section is checked against the answer of the operation it names, asked
// separately with the query the report records; the PDF's text is read back for the key figures. A property pack is
// 90 credits, an area pack 15, taken once at completion; a failed pack is free.

const sixtyWesternElms = '993940058576';

const world = e2eFixture({
  env: { WEBHOOK_SWEEP_MS: '100' },
  imports: [
    'codepoint-open',
    'ons-postcode-lookup',
    'addressbase',
    'inspire',
    'ppd',
    'epc-domestic',
    'iod',
    'planning-data',
    'census-2021',
    'gias',
    'uk-hpi',
    'boe-series',
  ],
});
beforeAll(() => world.clock.set('2024-01-15T12:00:00Z'));

/** What a webhook receiver on loopback (which the test stack allows) was sent: each body, parsed. */
const delivered: Array<{ id: string; type: string; data: { reportId: string; status: string; creditsCharged: number } }> = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    delivered.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(204).end();
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const deliveredFor = async (reportId: string, type: string) => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = delivered.filter((d) => d.type === type && d.data.reportId === reportId);
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
};
const subscribe = async (c: Caller) => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const r = await c.send('POST', '/webhooks', { url, events: ['report.completed', 'report.failed'] });
  expect(r.status).toBe(201);
};

const propertyPack = (extra: Record<string, unknown> = {}) => ({
  type: 'property-pack',
  subject: { uprn: sixtyWesternElms },
  branding: demoBranding,
  ...extra,
});
const areaPack = { type: 'area-pack', subject: { postcode: 'rg30 2an' }, branding: demoBranding };

/** The operation's own answer to the query (or body) the section records, asked as any caller would ask it. */
const askOperation = (c: Caller, operationId: string, input: Record<string, string | number | boolean>) => {
  const op = (operations as Record<string, Operation>)[operationId]!;
  if (op.method === 'post') return c.send('POST', op.path, input);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input[name])));
  const query = Object.fromEntries(
    Object.entries(input)
      .filter(([k]) => !op.path.includes(`{${k}}`))
      .map(([k, v]) => [k, String(v)]),
  );
  return c.get(path, query);
};

const storedSections = async (reportId: string) => {
  const { rows } = await world.db.query<{ section: string; answer: { data: unknown; sources: unknown[] } }>(
    'SELECT section, answer FROM report_sections WHERE report_id = $1',
    [reportId],
  );
  return new Map(rows.map((r) => [r.section, r.answer]));
};

const pounds = (n: number) => `£${n.toLocaleString('en-GB')}`;

describe('a property pack', () => {
  let customer: Caller;
  let report: { reportId: string; [k: string]: unknown };
  beforeAll(async () => {
    customer = await world.fundedCaller({ credits: 1_000 });
    await subscribe(customer);
  });

  it('is requested (202, 90 credits reserved), assembled, rendered and completed, and charged 90 credits once', async () => {
    const before = await customer.balance();
    const r = await requestReport(customer, propertyPack());
    expect(r.status).toBe(202);
    expect(r.headers.get('x-credits-reserved')).toBe('90');
    expect(r.headers.get('x-credits-charged')).toBe('0');
    expect(r.body.data).toMatchObject({
      type: 'property-pack',
      asOf: '2024-01-15',
      priceCredits: 90,
      creditsCharged: 0,
      paymentStatus: 'reserved',
    });
    expect(r.body.data.reportId).toMatch(/^rep_[a-z0-9]{26}$/);
    const ended = await untilEnded(customer, r.body.data.reportId);
    report = ended.report;
    expect(report).toMatchObject({ status: 'completed', creditsCharged: 90, paymentStatus: 'captured', error: null });
    expect(report.progress).toEqual({ sectionsDone: 16, sectionsTotal: 16, percent: 100 });
    expect(report.downloadUrl).toBe(`/api/v1/reports/${report.reportId}/document`);
    expect(await customer.balance()).toBe(before - 90);
    // The webhook says so, with the report as its status endpoint shows it.
    const [hook] = await deliveredFor(report.reportId, 'report.completed');
    expect(hook?.data).toEqual(report);
  });

  it('holds, in each section, exactly the answer its operation gives for the query it records', async () => {
    const checker = await world.fundedCaller({ credits: 1_000 });
    const stored = await storedSections(report.reportId);
    const sections = report.sections as Array<{
      section: string;
      state: string;
      source: { operationId: string; input: Record<string, string | number | boolean> };
      reason: { code: string } | null;
    }>;
    // The core sections and those the demo region holds data for are assembled; crime is police.uk's West Yorkshire
    // only, so Reading's is unavailable, with the operation's own refusal.
    for (const name of ['identity', 'valuation', 'purchase_tax', 'sold_comparables', 'energy_performance', 'boundary', 'deprivation'])
      expect(`${name}: ${sections.find((s) => s.section === name)?.state}`).toBe(`${name}: assembled`);
    for (const s of sections) {
      const answer = await askOperation(checker, s.source.operationId, s.source.input);
      if (s.state === 'assembled') {
        expect(`${s.section}: ${answer.status}`).toBe(`${s.section}: 200`);
        expect({ section: s.section, data: stored.get(s.section)?.data }).toEqual({ section: s.section, data: answer.body.data });
        expect({ section: s.section, sources: stored.get(s.section)?.sources }).toEqual({
          section: s.section,
          sources: answer.body.sources ?? [],
        });
      } else {
        expect(s.state).toBe('unavailable');
        expect(`${s.section}: ${answer.body.error?.code}`).toBe(`${s.section}: ${s.reason?.code}`);
        expect(report.unavailable).toContain(s.section);
      }
    }
  });

  it('is a PDF whose text carries the same figures, with its ETag, file name and revalidation', async () => {
    const r = await customer.get(`/reports/${report.reportId}/document`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${sixtyWesternElms}-property-pack-2024-01-15.pdf"`);
    const pdf = r.body as Buffer;
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(r.headers.get('etag')).toBe(`"${sha256}"`);
    expect((report.document as { sha256: string }).sha256).toBe(sha256);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    const again = await customer.send('GET', `/reports/${report.reportId}/document`, undefined, { 'If-None-Match': `"${sha256}"` });
    expect(again.status).toBe(304);

    const text = await extractPdfText(pdf);
    const stored = await storedSections(report.reportId);
    const valuation = stored.get('valuation')!.data as { estimatedValue: number; range: { low: number; high: number } };
    expect(text).toContain(pounds(valuation.estimatedValue));
    expect(text).toContain(pounds(valuation.range.low));
    expect(text).toContain(pounds(valuation.range.high));
    const comparables = stored.get('sold_comparables')!.data as { comparables: Array<{ price: number }> };
    for (const c of comparables.comparables.slice(0, 10)) expect(text).toContain(pounds(c.price));
    expect(text).toContain(pounds((stored.get('purchase_tax')!.data as { tax: number }).tax));
    expect(text).toContain('Thameside Lettings & Sales');
    expect(text).toMatch(/Page 2 of (\d+)/);
    const pages = Number(/Page 2 of (\d+)/.exec(text)![1]);
    expect((report.document as { pages: number }).pages).toBe(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});

describe('an area pack', () => {
  it('completes for a postcode, charged 15 credits once, its sections the operations’ answers', async () => {
    const customer = await world.fundedCaller({ credits: 100 });
    const r = await requestReport(customer, areaPack);
    expect([r.status, r.headers.get('x-credits-reserved')]).toEqual([202, '15']);
    const { report } = await untilEnded(customer, r.body.data.reportId);
    expect(report).toMatchObject({ status: 'completed', creditsCharged: 15, subject: { uprn: null, address: null, postcode: 'RG30 2AN' } });
    expect(await customer.balance()).toBe(85);
    const stored = await storedSections(report.reportId);
    const checker = await world.fundedCaller({ credits: 100 });
    for (const s of report.sections.filter((x: { state: string }) => x.state === 'assembled')) {
      const answer = await askOperation(checker, s.source.operationId, s.source.input);
      expect({ section: s.section, data: stored.get(s.section)?.data }).toEqual({ section: s.section, data: answer.body.data });
    }
  });
});

describe('what a report costs when it cannot be made, and the rules of the request', () => {
  it('fails free when its valuation cannot be made (a date before any sale is known), and has no document', async () => {
    const customer = await world.fundedCaller({ credits: 200 });
    await subscribe(customer);
    // Before its first sale (14 January 2019) the address dataset still places 60 Western Elms Avenue and it is valued
    // from comparables; on 1 January 1995, when Price Paid begins, no sale of any home is known before the date.
    const r = await requestReport(customer, propertyPack({ asOf: '1995-01-01' }));
    expect(r.status).toBe(202);
    const { report } = await untilEnded(customer, r.body.data.reportId);
    expect(report).toMatchObject({ status: 'failed', creditsCharged: 0, paymentStatus: 'released', downloadUrl: null });
    expect(report.error.code).toBe('REPORT_CORE_UNAVAILABLE');
    expect(await customer.balance()).toBe(200);
    expect((await deliveredFor(report.reportId, 'report.failed'))[0]?.data).toMatchObject({ status: 'failed', creditsCharged: 0 });
    const doc = await customer.get(`/reports/${report.reportId}/document`);
    expect([doc.status, doc.body.error.code]).toEqual([409, 'REPORT_NOT_COMPLETED']);
  });

  it('answers a retry with the same report and reserves nothing; another body with the key is refused', async () => {
    const customer = await world.fundedCaller({ credits: 500 });
    const key = newKey();
    const first = await requestReport(customer, areaPack, key);
    const again = await requestReport(customer, areaPack, key);
    expect([again.status, again.body.data.reportId, again.headers.get('x-credits-reserved')]).toEqual([202, first.body.data.reportId, '0']);
    const other = await requestReport(customer, { ...areaPack, asOf: '2023-01-01' }, key);
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    await untilEnded(customer, first.body.data.reportId);
    expect(await customer.balance()).toBe(485);
  });

  it('refuses bad input before reserving anything, the key first', async () => {
    const customer = await world.fundedCaller({ credits: 100 });
    const noKey = await customer.send('POST', '/reports', areaPack);
    expect([noKey.status, noKey.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    const cases: Array<[unknown, number, string]> = [
      [{ ...areaPack, branding: { companyName: 'X', primaryColour: 'green' } }, 400, 'INVALID_PARAMETERS'],
      [{ ...areaPack, branding: { companyName: 'X', logo: Buffer.from('GIF89a....').toString('base64') } }, 400, 'INVALID_PARAMETERS'],
      // A PNG signature and nothing after it: no image pdfkit can draw.
      [{ ...areaPack, branding: { companyName: 'X', logo: tinyPng().subarray(0, 12).toString('base64') } }, 400, 'INVALID_LOGO'],
      [{ ...areaPack, asOf: '2024-01-16' }, 400, 'INVALID_AS_OF'],
      [{ ...areaPack, subject: { postcode: 'ZZ99 9ZZ' } }, 404, 'POSTCODE_NOT_FOUND'],
      [{ type: 'property-pack', subject: { uprn: '1' }, branding: demoBranding }, 404, 'PROPERTY_NOT_FOUND'],
      [{ ...areaPack, extra: true }, 400, 'INVALID_PARAMETERS'],
    ];
    // The postcode lookup's own answer for the unknown postcode, which the area pack's identity is.
    expect((await customer.get('/postcodes/ZZ99%209ZZ')).body.error.code).toBe('POSTCODE_NOT_FOUND');
    for (const [body, status, code] of cases) {
      const r = await requestReport(customer, body);
      expect({ body, status: r.status, code: r.body.error?.code }).toEqual({ body, status, code });
    }
    // A 210 kB body (a 150 kB logo) is read; one over 300 kB is refused with the limit named.
    const logo = Buffer.concat([tinyPng(), Buffer.alloc(150 * 1024)]).toString('base64');
    const big = await requestReport(customer, { ...areaPack, branding: { companyName: 'X', logo: `${logo}${'A'.repeat(120_000)}` } });
    expect([big.status, big.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(big.body.error.message).toContain('300 kB');
    expect(await customer.balance()).toBe(100);
  });

  it("shows another account's report as missing, and lists the caller's own newest first, a page at a time", async () => {
    const owner = await world.fundedCaller({ credits: 1_000 });
    const stranger = await world.fundedCaller({ credits: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await requestReport(owner, { ...areaPack, asOf: `2023-0${i + 1}-01` })).body.data.reportId);
    expect((await stranger.get(`/reports/${ids[0]}`)).body.error.code).toBe('REPORT_NOT_FOUND');
    expect((await stranger.get(`/reports/${ids[0]}/document`)).body.error.code).toBe('REPORT_NOT_FOUND');
    expect((await owner.get('/reports/not-a-report')).body.error.code).toBe('REPORT_NOT_FOUND');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: { reports: Array<{ reportId: string }>; nextCursor: string | null } } } = await owner.get(
        '/reports',
        { limit: '2', ...(cursor ? { cursor } : {}) },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.reports.map((x) => x.reportId));
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await owner.get('/reports', { cursor: 'bm9wZQ' })).body.error.code).toBe('INVALID_CURSOR');
    for (const id of ids) await untilEnded(owner, id);
  });

  it('leaves the ledger reconciled', () => {
    const audit = runAudit(world.databaseUrl);
    expect({ code: audit.code, out: `${audit.stdout}${audit.stderr}`.slice(-3000) }).toMatchObject({ code: 0 });
  });
});
