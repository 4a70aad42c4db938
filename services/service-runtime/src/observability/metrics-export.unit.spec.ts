import {
  AggregationTemporality,
  DataPointType,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type MetricData,
} from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes } from '@opentelemetry/resources';
import client from 'prom-client';
import { metricReadersFor, registryProducer } from './metrics-export';

/** A registry as a service's: labelled with its name, one instrument of each kind, with values counted by hand. */
const registryWithValues = () => {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service: 'analysis' });
  const calls = new client.Counter({ name: 'calls_total', help: 'Calls.', labelNames: ['outcome'], registers: [registry] });
  calls.inc({ outcome: 'ok' }, 3);
  calls.inc({ outcome: 'failed' });
  const took = new client.Histogram({ name: 'took_seconds', help: 'Time.', labelNames: ['op'], buckets: [0.1, 1], registers: [registry] });
  for (const s of [0.05, 0.5, 0.7, 5]) took.observe({ op: 'a' }, s);
  new client.Gauge({ name: 'held_bytes', help: 'Held.', registers: [registry] }).set(7);
  return registry;
};

/** What one export through the SDK carries from the registry, by metric name. */
const exported = async (registry: client.Registry) => {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({
    exporter,
    exportIntervalMillis: 60_000,
    metricProducers: [registryProducer(registry, 'pds')],
  });
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': 'analysis' }), readers: [reader] });
  await reader.forceFlush();
  const [batch] = exporter.getMetrics();
  await provider.shutdown();
  const scope = batch?.scopeMetrics.find((s) => s.scope.name === 'pds');
  return {
    resource: batch?.resource.attributes,
    metrics: new Map((scope?.metrics ?? []).map((m): [string, MetricData] => [m.descriptor.name, m])),
  };
};

describe('metrics pushed over OTLP are the /metrics registry, read at each export', () => {
  it('gives counters as monotonic cumulative sums, per label set, without the service label (the resource has it)', async () => {
    const { resource, metrics } = await exported(registryWithValues());
    expect(resource?.['service.name']).toBe('analysis');
    const calls = metrics.get('calls_total');
    expect(calls).toMatchObject({
      dataPointType: DataPointType.SUM,
      isMonotonic: true,
      aggregationTemporality: AggregationTemporality.CUMULATIVE,
    });
    expect(calls?.dataPoints.map((p) => [p.attributes, p.value])).toEqual([
      [{ outcome: 'ok' }, 3],
      [{ outcome: 'failed' }, 1],
    ]);
  });

  it('gives histograms per-bucket counts from the cumulative ones, with the sum and count', async () => {
    const { metrics } = await exported(registryWithValues());
    const took = metrics.get('took_seconds');
    expect(took?.descriptor.unit).toBe('s');
    expect(took?.dataPointType).toBe(DataPointType.HISTOGRAM);
    // 0.05 is ≤ 0.1; 0.5 and 0.7 are in (0.1, 1]; 5 is above 1: Prometheus's buckets read 1, 3, 4 (cumulative).
    expect(took?.dataPoints.map((p) => [p.attributes, p.value])).toEqual([
      [{ op: 'a' }, { buckets: { boundaries: [0.1, 1], counts: [1, 2, 1] }, sum: 6.25, count: 4 }],
    ]);
  });

  it('gives gauges their value when read, and the unit of bytes', async () => {
    const { metrics } = await exported(registryWithValues());
    const held = metrics.get('held_bytes');
    expect([held?.dataPointType, held?.descriptor.unit, held?.dataPoints.map((p) => p.value)]).toEqual([DataPointType.GAUGE, 'By', [7]]);
  });

  it('counts from the process start, and reads the registry afresh at each export', async () => {
    const registry = registryWithValues();
    const first = await exported(registry);
    (registry.getSingleMetric('calls_total') as client.Counter<'outcome'>).inc({ outcome: 'ok' }, 2);
    const second = await exported(registry);
    expect(second.metrics.get('calls_total')?.dataPoints[0]?.value).toBe(5);
    const start = first.metrics.get('calls_total')?.dataPoints[0]?.startTime;
    expect(start && start[0] * 1000 + start[1] / 1e6).toBeCloseTo(performance.timeOrigin, -1);
  });
});

describe('where metrics are pushed', () => {
  const endpoint = 'http://collector.example:4318';
  const kinds = async (env: NodeJS.ProcessEnv) => {
    const readers = metricReadersFor(env, registryProducer(new client.Registry(), 'pds'));
    const names = readers.map((r) => (r as unknown as { _exporter: object })._exporter.constructor.name);
    return names;
  };

  it('pushes nothing unless told to (/metrics is always served)', async () => {
    expect(await kinds({})).toEqual([]);
    expect(await kinds({ OTEL_METRICS_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual([]);
    expect(await kinds({ OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual([]);
    expect(await kinds({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toEqual([]);
  });

  it('pushes over OTLP when an endpoint is given or otlp is named, and to stdout with console', async () => {
    expect(await kinds({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual(['OTLPMetricExporter']);
    expect(await kinds({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${endpoint}/v1/metrics` })).toEqual(['OTLPMetricExporter']);
    expect(await kinds({ OTEL_METRICS_EXPORTER: 'otlp,console' })).toEqual(['OTLPMetricExporter', 'ConsoleMetricExporter']);
  });
});
