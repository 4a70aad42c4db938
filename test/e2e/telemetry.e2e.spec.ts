import { waitFor } from '../support/ledger';
import { startOtlpReceiver, type ReceivedMetric, type ReceivedSpan } from '@pds/infra';
import { e2eFixture } from '../support/e2e';
import { partitionsPerTopic, serviceNames, type ServiceName } from '@pds/contracts';
import { supportedNodeMajor } from '@pds/infra';

// Every service exports its spans and metrics over OTLP/HTTP to the endpoint the platform configures (the standard
// OTEL_EXPORTER_OTLP_ENDPOINT); a small receiver stands in for their collector. Metrics are pushed every 300 ms here.
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
// Started first, so that the stack is told where it is; stopped after the stack, so that no export finds it gone.
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
const world = e2eFixture({
  env: () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_METRIC_EXPORT_INTERVAL: '300' }),
});
afterAll(async () => receiver?.stop());

describe('traces exported over OTLP/HTTP', () => {
  it('give one chargeable call one trace, one tree of spans across the gateway, analysis and the ledger', async () => {
    const account = await world.admin.createAccount('basic', 2);
    const res = await world.call('/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10', account.apiKey);
    expect(res.status).toBe(200);
    const [, traceId, gatewaySpanId] = (res.headers.get('traceparent') ?? '').split('-');
    const ofCall = (): ReceivedSpan[] => receiver.spans.filter((s) => s.traceId === traceId);
    const stageSpans = ['admit caller', 'request CalculateRenovationUplift', 'append events'];
    await waitFor(
      () =>
        ['gateway', 'analysis', 'billing-ledger'].every((service) => ofCall().some((s) => s.service === service)) &&
        stageSpans.every((name) => ofCall().some((s) => s.name === name)),
      // Within 4 s: each service exports every 200 ms as OTEL_BSP_SCHEDULE_DELAY says (the SDK alone would wait 5 s).
      4_000,
    );

    const spans = ofCall();
    expect(
      receiver.paths.filter((p) => !p.startsWith('POST /v1/metrics ')).every((p) => p.startsWith('POST /v1/traces application/json')),
    ).toBe(true);
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

    // While spans are exported, the call's stages have spans of their own (docs/operations.md): the caller's admission
    // (INTERNAL, 1) and the request to analysis (CLIENT, 3; the broker's acknowledgement an event) under the server
    // span, the work's handling under the request, the charge's under the work's (handed on), the append under the charge.
    const named = (name: string) => spans.find((s) => s.name === name) as ReceivedSpan;
    const [server, admit, request, work, charge, append] = [
      'GET /api/v1/property/renovation-uplift-calculator',
      ...stageSpans.slice(0, 2),
      'handle CalculateRenovationUplift',
      'handle ChargeCredits',
      'append events',
    ].map(named) as [ReceivedSpan, ReceivedSpan, ReceivedSpan, ReceivedSpan, ReceivedSpan, ReceivedSpan];
    expect([
      [admit.service, admit.parentSpanId, admit.kind],
      [request.service, request.parentSpanId, request.kind, request.events?.map((e) => e.name)],
      work.parentSpanId,
      charge.parentSpanId,
      [append.service, append.parentSpanId],
    ]).toEqual([
      ['gateway', server.spanId, 1],
      ['gateway', server.spanId, 3, ['sent']],
      request.spanId,
      work.spanId,
      ['billing-ledger', charge.spanId],
    ]);
    // In time, each stage within the one it is part of (one process's clock), and the hops in order. A hop compares two
    // processes' clocks, which agree to within about 2 ms (see preciseNow): a hop may read up to 2 ms early.
    const at = (s: ReceivedSpan) => [BigInt(s.startTimeUnixNano), BigInt(s.endTimeUnixNano)] as const;
    const inside = (inner: ReceivedSpan, outer: ReceivedSpan) => at(inner)[0] >= at(outer)[0] && at(inner)[1] <= at(outer)[1];
    expect([inside(admit, server), inside(request, server), inside(append, charge)]).toEqual([true, true, true]);
    const inOrder = (earlier: bigint, later: bigint) =>
      later - earlier >= -2_000_000n || `${earlier} is ${earlier - later} ns after ${later}`;
    expect([
      at(admit)[1] <= at(request)[0],
      inOrder(at(request)[0], at(work)[0]),
      inOrder(at(work)[1], at(charge)[0]),
      inOrder(at(append)[1], at(request)[1]),
    ]).toEqual([true, true, true, true]);
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
    const res = await fetch(world.stack.metricsUrl(service));
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    return res.text();
  };

  it('count a chargeable call at the gateway, in the working service and in the ledger, and show no consumer behind', async () => {
    const account = await world.admin.createAccount('basic', 5);
    const before = await Promise.all((['gateway', 'analysis', 'billing-ledger'] as const).map(scrape));
    const count = (text: string, name: string, labels: Record<string, string>) => samples(text, name, labels).reduce((a, b) => a + b, 0);
    const calc = { operation: 'renovation_uplift_calculator' };
    const [gateway0, analysis0, ledger0] = before as [string, string, string];

    for (const query of ['value=100&floorArea=10', 'value=200&floorArea=10', 'value=-1&floorArea=10']) {
      await world.call(`/api/v1/property/renovation-uplift-calculator?${query}`, account.apiKey);
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

    // Once everything is handled and committed (every 500 ms), no partition the ledger's command group holds has a
    // message waiting; it holds every partition of its command topic (it is the group's one member).
    const group = { group: `${world.stack.options.namespace}.billing-ledger.commands.handlers` };
    let seen = '';
    await waitFor(async () => {
      seen = await scrape('billing-ledger');
      const lags = samples(seen, 'pds_kafka_consumer_lag', group);
      return lags.length === partitionsPerTopic && lags.every((l) => l === 0);
    }, 15_000).catch((error: unknown) => {
      const lines = seen.split('\n').filter((l) => l.startsWith('pds_kafka_consumer_lag'));
      throw new Error(`${(error as Error).message}; last scrape's lag lines:\n${lines.join('\n')}`);
    });
  });

  it('say every service runs on the supported Node.js line (24 LTS), the one npm test and npm start install', async () => {
    const majors = await Promise.all(
      serviceNames.map(async (service) => [
        service,
        samples(await scrape(service), 'nodejs_version_info', { major: String(supportedNodeMajor) }).length,
      ]),
    );
    expect(majors).toEqual(serviceNames.map((service) => [service, 1]));
  });

  it('answer 404 for anything but GET /metrics', async () => {
    const res = await fetch(world.stack.metricsUrl('analysis').replace('/metrics', '/other'));
    expect(res.status).toBe(404);
  });
});

describe('metrics pushed over OTLP/HTTP', () => {
  /** The latest export of each service, as the collector last heard it. */
  const latest = (service: string): ReceivedMetric[] => [...receiver.metrics].reverse().find((m) => m[0]?.service === service) ?? [];
  /** A metric's value in a service's latest export, summed over the points whose attributes include `attributes`. */
  const pushed = (service: string, name: string, attributes: Record<string, string>, of: 'value' | 'count' = 'value') =>
    (latest(service).find((m) => m.name === name)?.points ?? [])
      .filter((p) => Object.entries(attributes).every(([k, v]) => p.attributes[k] === v))
      .reduce((sum, p) => sum + (p[of] ?? 0), 0);

  it('carry the same counts as /metrics: requests, their latency histogram, commands handled and reservations charged', async () => {
    // Figures from before are read from each service's second push after now: the first may have been read before.
    const mark = receiver.metrics.length;
    const pushesSince = (service: string) => receiver.metrics.slice(mark).filter((m) => m[0]?.service === service).length;
    await waitFor(() => ['gateway', 'analysis', 'billing-ledger'].every((s) => pushesSince(s) >= 2), 15_000);
    const calc = { operation: 'renovation_uplift_calculator' };
    const figures = () => [
      pushed('gateway', 'pds_http_requests_total', { ...calc, status: '200' }),
      pushed('gateway', 'pds_http_requests_total', { ...calc, status: '400' }),
      pushed('gateway', 'pds_http_request_duration_seconds', calc, 'count'),
      pushed('analysis', 'pds_commands_handled_total', { command: 'CalculateRenovationUplift', outcome: 'ok' }),
      pushed('billing-ledger', 'pds_ledger_reservations_total', { outcome: 'charged' }),
    ];
    const before = figures();

    const account = await world.admin.createAccount('basic', 5);
    for (const query of ['value=100&floorArea=10', 'value=200&floorArea=10', 'value=-1&floorArea=10']) {
      await world.call(`/api/v1/property/renovation-uplift-calculator?${query}`, account.apiKey);
    }
    // Two answered and charged, one refused as invalid: the next pushes carry exactly that (nothing else calls here).
    const expected = before.map((was, i) => was + ([2, 1, 3, 2, 2][i] ?? 0));
    await waitFor(() => figures().every((v, i) => v === expected[i]), 15_000).catch(() => {
      throw new Error(
        `pushed figures ${JSON.stringify(figures())}, expected ${JSON.stringify(expected)} (before: ${JSON.stringify(before)})`,
      );
    });

    const gateway = latest('gateway');
    const requests = gateway.find((m) => m.name === 'pds_http_requests_total');
    expect([requests?.kind, requests?.points.every((p) => p.attributes.service === undefined)]).toEqual(['sum', true]);
    // The histogram keeps /metrics' buckets (1 ms to 10 s); its per-bucket counts add up to its count.
    const latency = gateway.find((m) => m.name === 'pds_http_request_duration_seconds');
    const point = latency?.points.find((p) => p.attributes.operation === calc.operation);
    expect([latency?.kind, latency?.unit, point?.explicitBounds]).toEqual([
      'histogram',
      's',
      [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ]);
    expect(point?.bucketCounts?.reduce((a, b) => a + b, 0)).toBe(point?.count);
    // The process's own metrics go too.
    expect(latest('billing-ledger').some((m) => m.name === 'process_cpu_user_seconds_total')).toBe(true);
  });
});
