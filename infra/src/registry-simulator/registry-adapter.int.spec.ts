import { BusinessGatewayRegistry, businessGateway, type OrderSubmission, type RegistryOrderState } from '@pds/land-register';
import { createLogger } from '@pds/service-runtime';
import { createServer, type Server } from 'node:http';
import { RegistryControl } from '../registry-control';
import { defaultRegistryCredentials, startRegistrySimulator, type RunningRegistrySimulator } from './simulator';

// The orders service's Business Gateway adapter against the registry test environment: every answer and every fault
// must come out as the outcome the service acts on.

// Long enough that a test reads an order as processing before it completes, on a loaded machine too.
const fulfilmentDelayMs = 1_000;
let businessNow = new Date('2026-05-12T10:00:00Z');
let registry: RunningRegistrySimulator;
let control: RegistryControl;
let gateway: BusinessGatewayRegistry;

const adapter = (rootUrl: string, timeoutMs = 2_000) =>
  new BusinessGatewayRegistry(
    new businessGateway.BusinessGatewayTransport({ environment: 'test', rootUrl, credentials: defaultRegistryCredentials, timeoutMs }),
    { contact: { name: 'Property Data Service', telephone: '0300 000 0000' }, authorisedFeePerCopyPence: 300 },
  );

let nextReference = 0;
const submission = (titleNumber: string, extra: Partial<OrderSubmission> = {}): OrderSubmission => ({
  clientReference: `ord_adapter${process.pid}x${++nextReference}`,
  titleNumber,
  documents: ['register'],
  backdatedCopyConfirmed: false,
  withSummary: false,
  ...extra,
});
const reference = (o: OrderSubmission) => ({ clientReference: o.clientReference, documents: o.documents, withSummary: o.withSummary });

const settled = async (order: OrderSubmission): Promise<RegistryOrderState> => {
  for (let i = 0; i < 200; i++) {
    const state = await gateway.orderState(reference(order));
    if (state.kind !== 'processing') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`order ${order.clientReference} still processing`);
};

/** A server that answers every request with `status` and a body that is not SOAP, for what the registry never says. */
const answering = async (status: number): Promise<{ url: string; server: Server }> => {
  const server = createServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
};

beforeAll(async () => {
  registry = await startRegistrySimulator({
    clock: { now: () => businessNow },
    fulfilmentDelayMs,
    logger: createLogger('registry-simulator', 'silent'),
  });
  control = new RegistryControl(registry.url);
  gateway = adapter(registry.url);
});
afterAll(() => registry.close());
beforeEach(() => {
  businessNow = new Date('2026-05-12T10:00:00Z');
});
afterEach(() => control.clearFaults());

describe('the Business Gateway adapter: searching', () => {
  it('searches by address, joining the registry’s parts into the address line', async () => {
    expect(await gateway.searchTitles({ address: '14 Larkspur Close, Wokingham', postcode: 'RG40 9ZZ' })).toEqual({
      kind: 'ok',
      value: {
        titles: [{ titleNumber: 'BK509231', tenure: 'freehold', matchedAddress: '14 Larkspur Close, Wokingham RG40 9ZZ' }],
        noMatchReason: null,
      },
    });
    const block = await gateway.searchTitles({ address: 'Hawthorn Court, 22 Ellery Road, London', postcode: 'NW5 9ZZ' });
    expect(block.kind === 'ok' && block.value.titles.map((t) => `${t.titleNumber} ${t.tenure}`)).toEqual([
      'NGL918273 leasehold',
      'NGL402216 freehold',
    ]);
  });

  it('says why nothing matched: none registered, and an address the registry cannot search', async () => {
    expect(await gateway.searchTitles({ address: '16 Larkspur Close', postcode: 'RG40 9ZZ' })).toEqual({
      kind: 'ok',
      value: { titles: [], noMatchReason: expect.stringContaining('no registered title') },
    });
    expect(await gateway.searchTitles({ address: 'Larkspur Close', postcode: 'RG40 9ZZ' })).toMatchObject({ value: { titles: [] } });
  });

  it('passes on a queued search as delayed, with the time to try again', async () => {
    await control.setFaults([{ operation: 'search', mode: 'delay', retryAfterSeconds: 90, times: 1 }]);
    expect(await gateway.searchTitles({ address: '14 Larkspur Close', postcode: 'RG40 9ZZ' })).toEqual({
      kind: 'delayed',
      retryAfter: '2026-05-12T10:01:30.000Z',
    });
  });

  it('throws on an answer that is not SOAP', async () => {
    const broken = await answering(503);
    try {
      await expect(adapter(broken.url).searchTitles({ address: '14 Larkspur Close', postcode: 'RG40 9ZZ' })).rejects.toThrow(/HTTP 503/);
    } finally {
      broken.server.close();
    }
  });
});

describe('the Business Gateway adapter: describing a title', () => {
  it('describes a title from its document availability, and answers null for one the registry does not hold', async () => {
    expect(await gateway.describeTitle('WT371956')).toEqual({
      kind: 'ok',
      value: {
        titleNumber: 'WT371956',
        status: 'open',
        applicationsPending: false,
        continuedUnderTitleNumber: null,
        register: { available: true },
        plan: { available: true },
        referred: [
          { type: 'Lease', date: '2011-04-12', entryNumbers: ['A2', 'A4'], available: true, planOnly: false, filedUnder: 'WT371956' },
          { type: 'Conveyance', date: '1958-11-03', entryNumbers: ['A3', 'C1'], available: false, planOnly: false, filedUnder: 'WT371956' },
          { type: 'Deed of Grant', date: '1996-08-20', entryNumbers: ['A5'], available: true, planOnly: true, filedUnder: 'WT371956' },
        ],
      },
    });
    expect(await gateway.describeTitle('WSX118204')).toMatchObject({ value: { status: 'closed', continuedUnderTitleNumber: 'WSX402781' } });
    expect(await gateway.describeTitle('ZZ999999')).toEqual({ kind: 'ok', value: null });
    expect(await gateway.describeTitle('not-a-title')).toEqual({ kind: 'ok', value: null });
  });

  it('passes on a busy registry as delayed, with the time to try again', async () => {
    await control.setFaults([{ operation: 'describe', mode: 'delay', retryAfterSeconds: 45, times: 1 }]);
    expect(await gateway.describeTitle('BK509231')).toEqual({ kind: 'delayed', retryAfter: expect.any(String) });
    expect((await gateway.describeTitle('BK509231')).kind).toBe('ok');
  });
});

describe('the Business Gateway adapter: ordering', () => {
  it('has an order taken, sees it processing, then receives both PDFs out of the ZIP', async () => {
    const order = submission('WT371956', { documents: ['register', 'plan'] });
    const outcome = await gateway.submitOrder(order);
    expect(outcome).toEqual({ kind: 'accepted', registryReference: expect.stringMatching(/^OC-/) });
    const registryReference = outcome.kind === 'accepted' ? outcome.registryReference : '';
    expect(await gateway.orderState(reference(order))).toEqual({ kind: 'processing', registryReference });
    const done = await settled(order);
    if (done.kind !== 'completed') throw new Error(done.kind);
    expect(done.registryReference).toBe(registryReference);
    expect(done.documents.map((d) => d.type)).toEqual(['register', 'plan']);
    for (const d of done.documents) expect(d.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('knows nothing of an order never submitted', async () => {
    expect(await gateway.orderState({ clientReference: 'ord_neversubmitted', documents: ['register'], withSummary: false })).toEqual({
      kind: 'unknown',
    });
  });

  it('passes on a refusal as rejected, naming the registry’s code', async () => {
    expect(await gateway.submitOrder(submission('CH682140'))).toEqual({
      kind: 'rejected',
      code: 'REGISTRY_REJECTED',
      message: expect.stringContaining('bg.title.pendingApplication'),
    });
    expect(await gateway.submitOrder(submission('WSX118204'))).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('bg.title.closedAndContinued'),
    });
    await control.setFaults([{ operation: 'submit', mode: 'reject', times: 1 }]);
    expect(await gateway.submitOrder(submission('BK509231'))).toMatchObject({ kind: 'rejected', code: 'REGISTRY_REJECTED' });
  });

  it('passes on a request queued out of hours as closed until the time to poll', async () => {
    businessNow = new Date('2026-10-24T22:30:00Z'); // 23:30 BST, the night the clocks go back
    expect(await gateway.submitOrder(submission('BK509231'))).toEqual({ kind: 'closed', opensAt: '2026-10-25T06:30:00.000Z' });
  });

  it('is uncertain when the connection drops after the registry recorded the order, and the same request settles it', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'uncertain', times: 1 }]);
    const order = submission('BK509231');
    expect(await gateway.submitOrder(order)).toEqual({ kind: 'uncertain', reason: expect.stringMatching(/no answer: /) });
    expect((await gateway.orderState(reference(order))).kind).toBe('processing');
    // Submitting again is safe: the same MessageID gets the same order.
    expect((await gateway.submitOrder(order)).kind).toBe('accepted');
    expect(await control.order(businessGateway.orderMessageId(order.clientReference))).toMatchObject({ submissions: 2 });
  });

  it('follows up an uncertain order through Outstanding Requests: still with the registry, then its copies; and one never received', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'uncertain', times: 1 }]);
    const order = submission('BK509231');
    expect((await gateway.submitOrder(order)).kind).toBe('uncertain');
    expect(await gateway.followUpOrder(reference(order))).toEqual({
      kind: 'processing',
      registryReference: expect.stringMatching(/^OC-\d{7}$/),
    });
    await new Promise((r) => setTimeout(r, fulfilmentDelayMs + 100));
    expect((await gateway.followUpOrder(reference(order))).kind).toBe('completed');
    await control.setFaults([{ operation: 'submit', mode: 'lost', times: 1 }]);
    const lost = submission('BK509231');
    expect((await gateway.submitOrder(lost)).kind).toBe('uncertain');
    expect(await gateway.followUpOrder(reference(lost))).toEqual({ kind: 'unknown' });
  });

  it('is uncertain when the connection drops before the registry recorded the order, and the order state says so', async () => {
    await control.setFaults([{ operation: 'submit', titleNumber: 'BK509231', mode: 'lost', times: 1 }]);
    const order = submission('BK509231');
    expect(await gateway.submitOrder(order)).toEqual({ kind: 'uncertain', reason: expect.stringMatching(/no answer: /) });
    expect(await gateway.orderState(reference(order))).toEqual({ kind: 'unknown' });
  });

  it('sees an order still processing while the registry has not processed it', async () => {
    const order = submission('NGL918273');
    expect((await gateway.submitOrder(order)).kind).toBe('accepted');
    await new Promise((r) => setTimeout(r, fulfilmentDelayMs + 100));
    await control.setFaults([{ operation: 'status', titleNumber: 'NGL918273', mode: 'delay', times: 1 }]);
    expect((await gateway.orderState(reference(order))).kind).toBe('processing');
    expect((await gateway.orderState(reference(order))).kind).toBe('completed');
  });

  it('is uncertain when the answer takes longer than its timeout', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'slow', delayMs: 1_500, times: 1 }]);
    const order = submission('BK509231');
    expect(await adapter(registry.url, 200).submitOrder(order)).toEqual({
      kind: 'uncertain',
      reason: expect.stringMatching(/no answer within 200 ms$/),
    });
    expect((await gateway.orderState(reference(order))).kind).not.toBe('unknown');
  });

  it('is uncertain on an answer that is not SOAP or when nothing listens', async () => {
    const broken = await answering(500);
    try {
      expect(await adapter(broken.url).submitOrder(submission('BK509231'))).toEqual({
        kind: 'uncertain',
        reason: expect.stringContaining('no SOAP answer'),
      });
    } finally {
      broken.server.close();
    }
    expect(await adapter(broken.url, 1_000).submitOrder(submission('BK509231'))).toEqual({
      kind: 'uncertain',
      reason: expect.stringMatching(/no answer: ECONNREFUSED$/),
    });
  });

  it('passes on a fault (the registry refusing the request itself) as rejected: nothing was ordered', async () => {
    expect(await gateway.submitOrder(submission('TOOLONG12345'))).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('soapenv:SchemaFault'),
    });
  });

  it('passes on a cancelled order as failed', async () => {
    await control.setFaults([{ operation: 'fulfil', mode: 'fail', titleNumber: 'NGL402216' }]);
    const order = submission('NGL402216');
    expect((await gateway.submitOrder(order)).kind).toBe('accepted');
    expect(await settled(order)).toEqual({
      kind: 'failed',
      registryReference: expect.any(String),
      code: 'REGISTRY_FULFILMENT_FAILED',
      message: expect.stringContaining('cancelled'),
    });
  });

  it('orders with the register’s summary through the Register Extract Service, and receives both', async () => {
    const order = submission('NGL918273', { withSummary: true, documents: ['register', 'plan'] });
    expect(await gateway.submitOrder(order)).toEqual({
      kind: 'accepted',
      registryReference: businessGateway.orderMessageId(order.clientReference),
    });
    expect((await gateway.orderState(reference(order))).kind).toBe('processing');
    const done = await settled(order);
    if (done.kind !== 'completed') throw new Error(done.kind);
    expect(done.documents.map((d) => d.type)).toEqual(['register', 'plan']);
    expect(done.summary).toMatchObject({ title: { titleNumber: 'NGL918273' } });
    expect(await control.order(businessGateway.orderMessageId(order.clientReference))).toMatchObject({ withSummary: true });
    expect(await gateway.submitOrder(submission('GR506098', { withSummary: true }))).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Postal delivery is not available for the Register Extract Service'),
    });
  });

  it('delivers an unreadable copy as a PDF all the same', async () => {
    await control.setFaults([{ operation: 'fulfil', mode: 'unreadable' }]);
    const order = submission('WYK736104');
    await gateway.submitOrder(order);
    const done = await settled(order);
    expect(done.kind === 'completed' && done.documents[0]!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
