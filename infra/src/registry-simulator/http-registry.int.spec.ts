import { HttpRegistryGateway, type RegistryOrderState } from '@pds/land-register';
import { createLogger } from '@pds/service-runtime';
import { createServer, type Server } from 'node:http';
import { RegistryControl } from '../registry-control';
import { startRegistrySimulator, type RunningRegistrySimulator } from './simulator';

// The orders service's HTTP adapter against the registry test environment: every answer and every fault must come
// out as the outcome the service acts on.

let businessNow = new Date('2026-05-12T10:00:00Z');
let registry: RunningRegistrySimulator;
let control: RegistryControl;
let gateway: HttpRegistryGateway;

let nextReference = 0;
const reference = () => `adapter-${process.pid}-${++nextReference}`;
const submission = (titleNumber: string, extra: Partial<{ documents: ('register' | 'plan')[]; backdatedCopyConfirmed: boolean }> = {}) => ({
  clientReference: reference(),
  titleNumber,
  documents: ['register' as const],
  backdatedCopyConfirmed: false,
  ...extra,
});

const settled = async (clientReference: string): Promise<RegistryOrderState> => {
  for (let i = 0; i < 100; i++) {
    const state = await gateway.orderState(clientReference);
    if (state.kind !== 'processing') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`order ${clientReference} still processing`);
};

/** A server that answers every request with `status`, for what the simulator never says. */
const answering = async (status: number): Promise<{ url: string; server: Server }> => {
  const server = createServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"code":"SOMETHING_BROKE"}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/registry/v1`, server };
};

beforeAll(async () => {
  registry = await startRegistrySimulator({
    clock: { now: () => businessNow },
    fulfilmentDelayMs: 100,
    logger: createLogger('registry-simulator', 'silent'),
  });
  control = new RegistryControl(registry.url);
  gateway = new HttpRegistryGateway(`${registry.url}/`, 2_000);
});
afterAll(() => registry.close());
beforeEach(() => {
  businessNow = new Date('2026-05-12T10:00:00Z');
});
afterEach(() => control.clearFaults());

describe('HttpRegistryGateway: searching and describing', () => {
  it('searches by UPRN and by address', async () => {
    expect(await gateway.searchTitles({ uprn: '10002515320' })).toEqual({
      kind: 'ok',
      value: [{ titleNumber: 'CYM604817', tenure: 'freehold', matchedAddress: '9 Heol y Felin, Rhiwbina, Cardiff CF14 9ZZ' }],
    });
    const found = await gateway.searchTitles({ address: 'Hawthorn Court, 22 Ellery Road', postcode: 'NW59ZZ' });
    expect(found.kind === 'ok' && found.value.map((c) => c.titleNumber)).toEqual(['NGL918273', 'NGL402216']);
  });

  it('describes a title, and answers null for one the registry does not hold', async () => {
    const described = await gateway.describeTitle('WSX118204');
    expect(described).toMatchObject({ kind: 'ok', value: { status: 'closed', continuedUnderTitleNumber: 'WSX402781' } });
    expect(await gateway.describeTitle('BK000001')).toEqual({ kind: 'ok', value: null });
  });

  it('passes on a busy registry as delayed, with the time to try again', async () => {
    await control.setFaults([
      { operation: 'search', mode: 'delay', retryAfterSeconds: 60, times: 1 },
      { operation: 'describe', mode: 'delay', times: 1 },
    ]);
    expect(await gateway.searchTitles({ uprn: '10002515320' })).toEqual({ kind: 'delayed', retryAfter: '2026-05-12T11:01:00+01:00' });
    expect(await gateway.describeTitle('CYM604817')).toEqual({ kind: 'delayed', retryAfter: '2026-05-12T11:00:30+01:00' });
    expect((await gateway.describeTitle('CYM604817')).kind).toBe('ok');
  });

  it('throws on an answer it does not expect', async () => {
    const broken = await answering(500);
    try {
      const confused = new HttpRegistryGateway(broken.url, 2_000);
      await expect(confused.searchTitles({ uprn: '1' })).rejects.toThrow(/title search: unexpected HTTP 500: SOMETHING_BROKE/);
      await expect(confused.describeTitle('BK509231')).rejects.toThrow(/title BK509231: unexpected HTTP 500/);
      await expect(confused.orderState('x')).rejects.toThrow(/order x: unexpected HTTP 500/);
    } finally {
      broken.server.close();
    }
  });
});

describe('HttpRegistryGateway: ordering', () => {
  it('has an order accepted, sees it processing, then receives both PDFs', async () => {
    const order = submission('WT371956', { documents: ['register', 'plan'] });
    const outcome = await gateway.submitOrder(order);
    expect(outcome).toEqual({ kind: 'accepted', registryReference: expect.stringMatching(/^OC-/) });
    const registryReference = outcome.kind === 'accepted' ? outcome.registryReference : '';
    expect(await gateway.orderState(order.clientReference)).toEqual({ kind: 'processing', registryReference });
    const done = await settled(order.clientReference);
    expect(done.kind).toBe('completed');
    if (done.kind !== 'completed') return;
    expect(done.registryReference).toBe(registryReference);
    expect(done.documents.map((d) => d.type)).toEqual(['register', 'plan']);
    for (const d of done.documents) expect(d.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('knows nothing of a reference never submitted', async () => {
    expect(await gateway.orderState('never-submitted')).toEqual({ kind: 'unknown' });
  });

  it('passes on a refusal as rejected', async () => {
    expect(await gateway.submitOrder(submission('CH682140'))).toEqual({
      kind: 'rejected',
      code: 'BACKDATED_COPY_NOT_CONFIRMED',
      message: expect.any(String),
    });
    expect(await gateway.submitOrder(submission('WSX118204'))).toMatchObject({ kind: 'rejected', code: 'TITLE_CLOSED' });
    await control.setFaults([{ operation: 'submit', mode: 'reject', times: 1 }]);
    expect(await gateway.submitOrder(submission('BK509231'))).toMatchObject({ kind: 'rejected', code: 'REGISTRY_REJECTED' });
  });

  it('passes on a closed registry with its opening time', async () => {
    businessNow = new Date('2026-10-24T22:30:00Z'); // 23:30 BST, the night the clocks go back
    expect(await gateway.submitOrder(submission('BK509231'))).toEqual({ kind: 'closed', opensAt: '2026-10-25T06:30:00+00:00' });
  });

  it('is uncertain when the connection drops after the registry recorded the order, and the order state settles it', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'uncertain', times: 1 }]);
    const order = submission('BK509231');
    const outcome = await gateway.submitOrder(order);
    expect(outcome).toEqual({ kind: 'uncertain', reason: expect.stringMatching(/^no answer: /) });
    expect((await gateway.orderState(order.clientReference)).kind).toBe('processing');
    // Submitting again is safe: the same order comes back.
    const again = await gateway.submitOrder(order);
    expect(again.kind).toBe('accepted');
    expect(await control.order(order.clientReference)).toMatchObject({ submissions: 2 });
  });

  it('is uncertain when the connection drops before the registry recorded the order, and the order state says so', async () => {
    await control.setFaults([{ operation: 'submit', titleNumber: 'BK509231', mode: 'lost', times: 1 }]);
    const order = submission('BK509231');
    expect(await gateway.submitOrder(order)).toEqual({ kind: 'uncertain', reason: expect.stringMatching(/^no answer: /) });
    expect(await gateway.orderState(order.clientReference)).toEqual({ kind: 'unknown' });
  });

  it('throws when the registry is too busy to say what became of an order', async () => {
    const order = submission('NGL918273');
    expect((await gateway.submitOrder(order)).kind).toBe('accepted');
    await control.setFaults([{ operation: 'status', titleNumber: 'NGL918273', mode: 'delay', times: 1 }]);
    await expect(gateway.orderState(order.clientReference)).rejects.toThrow(/unexpected HTTP 503: REGISTRY_BUSY/);
    expect((await gateway.orderState(order.clientReference)).kind).not.toBe('unknown');
  });

  it('is uncertain when the answer takes longer than its timeout', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'slow', delayMs: 1_500, times: 1 }]);
    const impatient = new HttpRegistryGateway(registry.url, 200);
    const order = submission('BK509231');
    expect(await impatient.submitOrder(order)).toEqual({ kind: 'uncertain', reason: 'no answer within 200 ms' });
    expect((await gateway.orderState(order.clientReference)).kind).not.toBe('unknown');
  });

  it('is uncertain on a server error or when nothing listens', async () => {
    const broken = await answering(500);
    try {
      expect(await new HttpRegistryGateway(broken.url).submitOrder(submission('BK509231'))).toEqual({
        kind: 'uncertain',
        reason: 'HTTP 500 SOMETHING_BROKE from the registry',
      });
    } finally {
      broken.server.close();
    }
    const gone = new HttpRegistryGateway(broken.url, 1_000);
    expect(await gone.submitOrder(submission('BK509231'))).toEqual({ kind: 'uncertain', reason: 'no answer: ECONNREFUSED' });
  });

  it('passes on a failed fulfilment', async () => {
    await control.setFaults([{ operation: 'fulfil', mode: 'fail', titleNumber: 'NGL402216' }]);
    const order = submission('NGL402216');
    expect((await gateway.submitOrder(order)).kind).toBe('accepted');
    expect(await settled(order.clientReference)).toEqual({
      kind: 'failed',
      registryReference: expect.any(String),
      code: 'REGISTRY_FULFILMENT_FAILED',
      message: expect.any(String),
    });
  });

  it('delivers an unreadable copy as a PDF all the same', async () => {
    await control.setFaults([{ operation: 'fulfil', mode: 'unreadable' }]);
    const order = submission('WYK736104');
    await gateway.submitOrder(order);
    const done = await settled(order.clientReference);
    expect(done.kind === 'completed' && done.documents[0]!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
