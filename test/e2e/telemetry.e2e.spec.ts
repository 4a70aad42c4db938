import { waitFor } from '../support/ledger';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { startTestStack, type TestStack } from '../support/stack';
import type { ServiceName } from '@pds/contracts';

// Every service exports its spans over OTLP/HTTP to the endpoint the platform configures (the standard
// OTEL_EXPORTER_OTLP_ENDPOINT); a small receiver stands in for their collector.
let t: TestStack;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  t = await startTestStack({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' });
});
afterAll(async () => {
  await t?.stop();
  await receiver?.stop();
});

describe('traces exported over OTLP/HTTP', () => {
  it('give one chargeable call one trace, one tree of spans across the gateway, analysis and the ledger', async () => {
    const account = await t.admin.createAccount('basic', 2);
    const res = await t.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', account.apiKey);
    expect(res.status).toBe(200);
    const [, traceId, gatewaySpanId] = (res.headers.get('traceparent') ?? '').split('-');
    const ofCall = (): ReceivedSpan[] => receiver.spans.filter((s) => s.traceId === traceId);
    await waitFor(() => ['gateway', 'analysis', 'billing-ledger'].every((service) => ofCall().some((s) => s.service === service)), 15_000);

    const spans = ofCall();
    expect(receiver.paths.every((p) => p.startsWith('POST /v1/traces application/json'))).toBe(true);
    // One root: the gateway's server span, whose id the answer's traceparent names (SpanKind SERVER is 2 in OTLP).
    const roots = spans.filter((s) => !s.parentSpanId);
    expect(roots.map((s) => [s.service, s.spanId, s.kind, s.name])).toEqual([
      ['gateway', gatewaySpanId, 2, 'GET /api/v1/property/renovation-uplift-calculator'],
    ]);
    // Every other span hangs from a span of the same trace: the work's and the charge's (CONSUMER, 5).
    const ids = new Set(spans.map((s) => s.spanId));
    for (const s of spans.filter((x) => x.parentSpanId)) expect([s.name, ids.has(s.parentSpanId as string)]).toEqual([s.name, true]);
    const handled = (service: string) => spans.filter((s) => s.service === service && s.kind === 5).map((s) => s.name);
    expect(handled('analysis')).toEqual(['handle CalculateRenovationUplift']);
    expect(handled('billing-ledger')).toEqual(['handle ChargeCredits']);
  });
});

/** The samples of one metric in Prometheus's text format whose labels include `labels`. */
const samples = (text: string, name: string, labels: Record<string, string>): number[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));

describe('Prometheus metrics on every service', () => {
  const scrape = async (service: ServiceName) => {
    const res = await fetch(t.stack.metricsUrl(service));
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    return res.text();
  };

  it('count a chargeable call at the gateway, in the working service and in the ledger', async () => {
    const account = await t.admin.createAccount('basic', 5);
    const before = await Promise.all((['gateway', 'analysis', 'billing-ledger'] as const).map(scrape));
    const count = (text: string, name: string, labels: Record<string, string>) => samples(text, name, labels).reduce((a, b) => a + b, 0);
    const calc = { operation: 'renovation_uplift_calculator' };
    const [gateway0, analysis0, ledger0] = before as [string, string, string];

    for (const query of ['value=100&floorArea=10', 'value=200&floorArea=10', 'value=-1&floorArea=10']) {
      await t.call(`/api/v1/property/renovation-uplift-calculator?${query}`, account.apiKey);
    }
    // Two answered and charged; one refused as invalid input (400) before any work.
    const [gateway, analysis, ledger] = (await Promise.all((['gateway', 'analysis', 'billing-ledger'] as const).map(scrape))) as [
      string,
      string,
      string,
    ];
    const moved = (after: string, was: string, name: string, labels: Record<string, string>) =>
      count(after, name, labels) - count(was, name, labels);
    expect(moved(gateway, gateway0, 'pds_http_requests_total', { ...calc, status: '200', service: 'gateway' })).toBe(2);
    expect(moved(gateway, gateway0, 'pds_http_requests_total', { ...calc, status: '400' })).toBe(1);
    expect(moved(gateway, gateway0, 'pds_http_request_duration_seconds_count', calc)).toBe(3);
    const command = { command: 'CalculateRenovationUplift', outcome: 'ok', service: 'analysis' };
    expect(moved(analysis, analysis0, 'pds_commands_handled_total', command)).toBe(2);
    expect(moved(ledger, ledger0, 'pds_ledger_reservations_total', { outcome: 'charged', service: 'billing-ledger' })).toBe(2);
    expect(moved(ledger, ledger0, 'pds_commands_handled_total', { command: 'ChargeCredits', outcome: 'ok' })).toBe(2);
    // The Node.js process's own metrics are there too.
    expect(
      samples(ledger, 'process_cpu_seconds_total', {}).length + samples(ledger, 'nodejs_heap_size_used_bytes', {}).length,
    ).toBeGreaterThan(0);
  });

  it('answer 404 for anything but GET /metrics', async () => {
    const res = await fetch(t.stack.metricsUrl('analysis').replace('/metrics', '/other'));
    expect(res.status).toBe(404);
  });
});
