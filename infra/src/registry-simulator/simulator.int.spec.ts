import { extractPdfText } from '@pds/land-register';
import { clockFromEnv, createLogger } from '@pds/service-runtime';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RegistryControl } from '../registry-control';
import { startRegistrySimulator, type RunningRegistrySimulator } from './simulator';

// The registry test environment over HTTP, in this process on a free port: no Kafka or PostgreSQL.

const fulfilmentDelayMs = 150;
let businessNow = new Date('2026-05-12T10:00:00Z'); // 11:00 BST, a Tuesday
let registry: RunningRegistrySimulator;
let control: RegistryControl;

// `any`: each test reads the JSON it expects, and a wrong guess fails the test's own expectation.
const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; body: any }> => {
  const res = await fetch(`${registry.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    body: type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
  };
};

let nextReference = 0;
const reference = () => `lro-${process.pid}-${++nextReference}`;
const order = (titleNumber: string, extra: Record<string, unknown> = {}) => ({
  clientReference: reference(),
  titleNumber,
  documents: ['register'],
  backdatedCopyConfirmed: false,
  ...extra,
});

const settled = async (clientReference: string): Promise<any> => {
  for (let i = 0; i < 100; i++) {
    const res = await call('GET', `/orders/${clientReference}`);
    if (res.body.status !== 'processing') return res.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`order ${clientReference} still processing`);
};

beforeAll(async () => {
  registry = await startRegistrySimulator({
    clock: { now: () => businessNow },
    fulfilmentDelayMs,
    logger: createLogger('registry-simulator', 'silent'),
  });
  control = new RegistryControl(registry.url);
});
afterAll(() => registry.close());
beforeEach(() => {
  businessNow = new Date('2026-05-12T10:00:00Z');
});
afterEach(() => control.clearFaults());

describe('title search and description', () => {
  it('answers its health check', async () => {
    expect(await call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('finds a title by UPRN', async () => {
    const res = await call('POST', '/title-searches', { uprn: '100081240517' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      titles: [{ titleNumber: 'BK509231', tenure: 'freehold', matchedAddress: '14 Larkspur Close, Wokingham RG40 9ZZ' }],
    });
  });

  it('finds the leasehold flat and its block by address and postcode', async () => {
    const res = await call('POST', '/title-searches', { address: '22 ellery rd', postcode: 'nw5 9zz' });
    expect(res.body.titles).toEqual([
      { titleNumber: 'NGL918273', tenure: 'leasehold', matchedAddress: 'Flat 7, Hawthorn Court, 22 Ellery Road, London NW5 9ZZ' },
      { titleNumber: 'NGL402216', tenure: 'freehold', matchedAddress: 'Hawthorn Court, 22 Ellery Road, London NW5 9ZZ' },
    ]);
  });

  it('refuses a search it cannot read', async () => {
    expect((await call('POST', '/title-searches', { postcode: 'NW5 9ZZ' })).body.code).toBe('INVALID_REQUEST');
  });

  it('describes a title with its plan and referred documents', async () => {
    const res = await call('GET', '/titles/WT371956');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      titleNumber: 'WT371956',
      status: 'open',
      tenure: 'leasehold',
      address: '41 Market Place, Devizes',
      postcode: 'SN10 9ZZ',
      applicationsPending: false,
      continuedUnderTitleNumber: null,
      register: { available: true },
      plan: { available: true },
    });
    expect(res.body.referred).toContainEqual({
      type: 'Conveyance',
      date: '1958-11-03',
      entryNumbers: ['A3', 'C1'],
      available: false,
      planOnly: false,
    });
    expect(res.body.referred).toContainEqual({
      type: 'Deed of Grant',
      date: '1996-08-20',
      entryNumbers: ['A5'],
      available: true,
      planOnly: true,
    });
  });

  it('describes a closed title and where it continues', async () => {
    const res = await call('GET', '/titles/wsx118204');
    expect(res.body).toMatchObject({
      status: 'closed',
      continuedUnderTitleNumber: 'WSX402781',
      register: { available: false },
      plan: { available: false },
    });
    expect((await call('GET', '/titles/WSX402781')).body.status).toBe('open');
  });

  it('describes a title with applications pending', async () => {
    expect((await call('GET', '/titles/CH682140')).body).toMatchObject({ applicationsPending: true, register: { available: true } });
  });

  it('does not know a title it does not hold', async () => {
    expect(await call('GET', '/titles/BK000001')).toMatchObject({ status: 404, body: { code: 'TITLE_NOT_FOUND' } });
  });
});

describe('orders', () => {
  it('accepts an order, completes it after the fulfilment delay and delivers the copies as PDFs', async () => {
    const submission = order('BK509231', { documents: ['register', 'plan'] });
    const accepted = await call('POST', '/orders', submission);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ registryReference: expect.stringMatching(/^OC-\d{7}$/), status: 'accepted' });
    expect((await call('GET', `/orders/${submission.clientReference}`)).body).toEqual({
      registryReference: accepted.body.registryReference,
      status: 'processing',
      documents: [],
    });

    const done = await settled(submission.clientReference);
    expect(done.status).toBe('completed');
    expect(done.documents.map((d: { type: string }) => d.type)).toEqual(['register', 'plan']);

    const register = await call('GET', `/orders/${submission.clientReference}/documents/register`);
    expect(register.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect((register.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    const text = await extractPdfText(register.body as Buffer);
    expect(text).toContain('Title number BK509231');
    // Dated when the order was accepted, in UK time (BST in May).
    expect(text).toContain('entries on the register of title on 12 MAY 2026 at 11:00:00');

    const plan = await call('GET', `/orders/${submission.clientReference}/documents/plan`);
    const planText = await extractPdfText(plan.body as Buffer);
    expect(planText).toContain('Title plan');
    expect(planText).toContain('Title number BK509231');
    expect(planText).toContain('This is a copy of the title plan on 12 MAY 2026 at 11:00:00');
  });

  it('keeps one order per client reference and counts every submission', async () => {
    const submission = order('NGL918273');
    const first = await call('POST', '/orders', submission);
    const second = await call('POST', '/orders', submission);
    expect(second).toMatchObject({ status: 202, body: first.body });
    const held = (await control.orders()).filter((o) => o.clientReference === submission.clientReference);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ submissions: 2, titleNumber: 'NGL918273', registryReference: first.body.registryReference });
  });

  it('refuses a client reference used again for a different order', async () => {
    const submission = order('NGL918273');
    await call('POST', '/orders', submission);
    const res = await call('POST', '/orders', { ...submission, titleNumber: 'BK509231' });
    expect(res).toMatchObject({ status: 422, body: { code: 'CLIENT_REFERENCE_REUSED' } });
  });

  it.each([
    ['an unknown title', order('BK000001'), 'TITLE_NOT_FOUND'],
    ['a closed title', order('WSX118204'), 'TITLE_CLOSED'],
    ['a plan that cannot be issued', order('CH682140', { documents: ['plan'], backdatedCopyConfirmed: true }), 'DOCUMENT_NOT_AVAILABLE'],
    ['a backdated copy not confirmed', order('CH682140'), 'BACKDATED_COPY_NOT_CONFIRMED'],
  ])('refuses %s and orders nothing', async (_case, submission, code) => {
    const res = await call('POST', '/orders', submission);
    expect(res).toMatchObject({ status: 422, body: { code, message: expect.any(String) } });
    expect(await control.order(submission.clientReference)).toBeUndefined();
    expect((await control.submissions())[submission.clientReference]).toBe(1);
  });

  it('accepts a backdated copy once confirmed', async () => {
    expect((await call('POST', '/orders', order('CH682140', { backdatedCopyConfirmed: true }))).status).toBe(202);
  });

  it('refuses a malformed submission', async () => {
    expect((await call('POST', '/orders', { ...order('BK509231'), documents: ['deeds'] })).body.code).toBe('INVALID_REQUEST');
    expect((await call('POST', '/orders', { ...order('BK509231'), clientReference: '' })).body.code).toBe('INVALID_REQUEST');
  });

  it('refuses orders outside opening hours, saying when it opens, and still searches and describes', async () => {
    businessNow = new Date('2026-03-28T23:30:00Z');
    const submission = order('BK509231');
    const res = await call('POST', '/orders', submission);
    expect(res).toMatchObject({ status: 409, body: { code: 'REGISTRY_CLOSED', opensAt: '2026-03-29T06:30:00+01:00' } });
    expect(await control.order(submission.clientReference)).toBeUndefined();
    expect((await call('POST', '/title-searches', { uprn: '100081240517' })).status).toBe(200);
    expect((await call('GET', '/titles/BK509231')).status).toBe(200);
  });

  it('does not know an order it never took', async () => {
    expect(await call('GET', '/orders/never-sent')).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
  });
});

describe('faults', () => {
  it('delay: search and describe answer 503 with a time to try again, as many times as asked', async () => {
    await control.setFaults([
      { operation: 'search', mode: 'delay', times: 1 },
      { operation: 'describe', titleNumber: 'NGL918273', mode: 'delay', retryAfterSeconds: 90 },
    ]);
    const busy = await call('POST', '/title-searches', { uprn: '100081240517' });
    expect(busy).toMatchObject({ status: 503, body: { code: 'REGISTRY_BUSY', retryAfter: '2026-05-12T11:00:30+01:00' } });
    expect(busy.headers.get('retry-after')).toBe('30');
    expect((await call('POST', '/title-searches', { uprn: '100081240517' })).status).toBe(200);

    expect((await call('GET', '/titles/NGL918273')).body).toMatchObject({ code: 'REGISTRY_BUSY', retryAfter: '2026-05-12T11:01:30+01:00' });
    expect((await call('GET', '/titles/NGL918273')).status).toBe(503);
    expect((await call('GET', '/titles/BK509231')).status).toBe(200);
    expect(await control.faults()).toEqual([{ operation: 'describe', titleNumber: 'NGL918273', mode: 'delay', retryAfterSeconds: 90 }]);
  });

  it('slow: holds a search answer back (real time), then answers it whole', async () => {
    await control.setFaults([{ operation: 'search', titleNumber: 'BK509231', mode: 'slow', delayMs: 700, times: 1 }]);
    const started = Date.now();
    const slow = await call('POST', '/title-searches', { uprn: '100081240517' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(690);
    expect(slow.body).toEqual({ titles: [expect.objectContaining({ titleNumber: 'BK509231', tenure: 'freehold' })] });
    expect(await control.faults()).toEqual([]);
  });

  it('reject: refuses the order and orders nothing', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'reject', times: 1 }]);
    const submission = order('BK509231');
    expect(await call('POST', '/orders', submission)).toMatchObject({ status: 422, body: { code: 'REGISTRY_REJECTED' } });
    expect(await control.order(submission.clientReference)).toBeUndefined();
    expect((await call('POST', '/orders', submission)).status).toBe(202);
    expect(await control.order(submission.clientReference)).toMatchObject({ submissions: 2 });
  });

  it('uncertain: records the order and drops the connection without an answer', async () => {
    await control.setFaults([{ operation: 'submit', titleNumber: 'BK509231', mode: 'uncertain', times: 1 }]);
    const submission = order('BK509231');
    await expect(call('POST', '/orders', submission)).rejects.toThrow();
    expect(await control.order(submission.clientReference)).toMatchObject({ status: 'processing', submissions: 1 });
    expect((await settled(submission.clientReference)).status).toBe('completed');
    const again = await call('POST', '/orders', submission);
    expect(again.status).toBe(202);
    expect(await control.orders()).toContainEqual(expect.objectContaining({ clientReference: submission.clientReference, submissions: 2 }));
  });

  it('lost: drops the connection before recording the order, so nothing is ordered', async () => {
    await control.setFaults([{ operation: 'submit', titleNumber: 'BK509231', mode: 'lost', times: 1 }]);
    const submission = order('BK509231');
    await expect(call('POST', '/orders', submission)).rejects.toThrow();
    expect(await control.order(submission.clientReference)).toBeUndefined();
    expect((await control.submissions())[submission.clientReference]).toBe(1);
    expect(await call('GET', `/orders/${submission.clientReference}`)).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
    // The fault was taken once: the same submission again is a new order.
    expect((await call('POST', '/orders', submission)).status).toBe(202);
    expect(await control.order(submission.clientReference)).toMatchObject({ submissions: 2, status: 'processing' });
  });

  it('lost: takes no repeat of an order already held', async () => {
    const submission = order('NGL918273');
    expect((await call('POST', '/orders', submission)).status).toBe(202);
    await control.setFaults([{ operation: 'submit', mode: 'lost', times: 1 }]);
    expect((await call('POST', '/orders', submission)).status).toBe(202);
    expect(await control.faults()).toEqual([{ operation: 'submit', mode: 'lost', times: 1 }]);
  });

  it('delay on status: the order status answers 503 while it holds, for that title only', async () => {
    const held = order('WT371956');
    const other = order('BK509231');
    await call('POST', '/orders', held);
    await call('POST', '/orders', other);
    await control.setFaults([{ operation: 'status', titleNumber: 'WT371956', mode: 'delay', retryAfterSeconds: 60, times: 1 }]);
    const busy = await call('GET', `/orders/${held.clientReference}`);
    expect(busy).toMatchObject({ status: 503, body: { code: 'REGISTRY_BUSY', retryAfter: '2026-05-12T11:01:00+01:00' } });
    expect(busy.headers.get('retry-after')).toBe('60');
    expect((await call('GET', `/orders/${other.clientReference}`)).status).toBe(200);
    expect((await call('GET', `/orders/${held.clientReference}`)).status).toBe(200);
  });

  it('slow: records the order, then holds the answer back', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'slow', delayMs: 2_000, times: 1 }]);
    const submission = order('BK509231');
    const gaveUp = fetch(`${registry.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submission),
      signal: AbortSignal.timeout(200),
    });
    await expect(gaveUp).rejects.toThrow();
    expect(await control.order(submission.clientReference)).toMatchObject({ submissions: 1 });

    await control.setFaults([{ operation: 'submit', mode: 'slow', delayMs: 300, times: 1 }]);
    const startedMs = Date.now();
    expect((await call('POST', '/orders', order('BK509231'))).status).toBe(202);
    expect(Date.now() - startedMs).toBeGreaterThanOrEqual(290);
  });

  it('fail: the accepted order ends failed', async () => {
    await control.setFaults([{ operation: 'fulfil', titleNumber: 'CYM604817', mode: 'fail' }]);
    const submission = order('CYM604817');
    expect((await call('POST', '/orders', submission)).status).toBe(202);
    expect(await settled(submission.clientReference)).toMatchObject({
      status: 'failed',
      code: 'REGISTRY_FULFILMENT_FAILED',
      message: expect.any(String),
      documents: [],
    });
    expect((await call('GET', `/orders/${submission.clientReference}/documents/register`)).status).toBe(409);
  });

  it('unreadable: the order completes with a register copy that has no text', async () => {
    await control.setFaults([{ operation: 'fulfil', mode: 'unreadable', times: 1 }]);
    const submission = order('BK509231');
    await call('POST', '/orders', submission);
    expect((await settled(submission.clientReference)).status).toBe('completed');
    const pdf = (await call('GET', `/orders/${submission.clientReference}/documents/register`)).body as Buffer;
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = await extractPdfText(pdf);
    expect(text.replace(/\s/g, '')).toBe('');
  });

  it('refuses a fault it does not have', async () => {
    await expect(control.setFaults([{ operation: 'search', mode: 'reject' }])).rejects.toThrow(/400 INVALID_REQUEST/);
  });
});

describe('business time from the clock file', () => {
  it('is closed at the time the shared clock file says', async () => {
    const clockFile = join(mkdtempSync(join(tmpdir(), 'registry-clock-')), 'clock.json');
    writeFileSync(clockFile, JSON.stringify({ frozenAt: '2026-03-28T23:30:00Z' }));
    const fromFile = await startRegistrySimulator({
      clock: clockFromEnv({ PDS_CLOCK_FILE: clockFile }),
      logger: createLogger('registry-simulator', 'silent'),
    });
    try {
      const res = await fetch(`${fromFile.url}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order('BK509231')),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'REGISTRY_CLOSED', opensAt: '2026-03-29T06:30:00+01:00' });
    } finally {
      await fromFile.close();
    }
  });
});
