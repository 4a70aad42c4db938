import { waitFor } from '../support/ledger';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { startTestStack, type TestStack } from '../support/stack';

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
