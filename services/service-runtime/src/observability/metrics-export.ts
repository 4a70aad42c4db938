import { ValueType, type Attributes, type HrTime } from '@opentelemetry/api';
import { hrTime, millisToHrTime } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { emptyResource } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  ConsoleMetricExporter,
  DataPointType,
  PeriodicExportingMetricReader,
  type MetricData,
  type MetricProducer,
  type MetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import type { MetricObjectWithValues, MetricValue, Registry } from 'prom-client';
import { exportSettings } from './otel-settings';

// The metrics are declared once, as Prometheus instruments (`metrics.ts`), and served at /metrics. For a platform that
// collects over OTLP, this bridge reads the same registry at every export and hands it to the OpenTelemetry SDK as a
// metric producer (the design of OpenTelemetry's own Prometheus bridge for Go): counters become monotonic sums,
// gauges gauges, histograms explicit-bucket histograms, all cumulative since the process started, as Prometheus counts.

type Labels = Record<string, string | number>;
/** A registry's value as its JSON reads: a histogram's say which of its series they are (`_bucket`, `_sum`, `_count`). */
type Value = MetricValue<string> & { metricName?: string };
type Metric = MetricObjectWithValues<Value>;

/** Prometheus labels as OTLP attributes: the `service` label is left out, the resource's `service.name` says it. */
const attributesOf = (labels: Labels, omit: string[] = []): Attributes =>
  Object.fromEntries(
    Object.entries(labels)
      .filter(([k]) => k !== 'service' && !omit.includes(k))
      .map(([k, v]) => [k, String(v)]),
  );

/** The unit UCUM gives a Prometheus base unit named in the metric's suffix, as OpenTelemetry's Prometheus mapping reads it. */
const unitOf = (name: string) => (/_seconds(_total)?$/.test(name) ? 's' : /_bytes(_total)?$/.test(name) ? 'By' : '');

/** Histogram values grouped by their labels less `le`: per-bucket counts from Prometheus's cumulative ones. */
const histogramPoints = (values: Value[], startTime: HrTime, endTime: HrTime) => {
  const series = new Map<string, { labels: Labels; buckets: Array<[number, number]>; sum: number; count: number }>();
  for (const v of values) {
    const labels = v.labels as Labels;
    const key = JSON.stringify(attributesOf(labels, ['le']));
    const one = series.get(key) ?? { labels, buckets: [], sum: 0, count: 0 };
    series.set(key, one);
    if (v.metricName?.endsWith('_bucket')) one.buckets.push([labels.le === '+Inf' ? Infinity : Number(labels.le), v.value]);
    else if (v.metricName?.endsWith('_sum')) one.sum = v.value;
    else if (v.metricName?.endsWith('_count')) one.count = v.value;
  }
  return [...series.values()].map(({ labels, buckets, sum, count }) => {
    const sorted = buckets.sort(([a], [b]) => a - b);
    const boundaries = sorted.map(([le]) => le).filter(Number.isFinite);
    const counts = sorted.map(([, cumulative], i) => cumulative - (i === 0 ? 0 : (sorted[i - 1] as [number, number])[1]));
    return { startTime, endTime, attributes: attributesOf(labels, ['le']), value: { buckets: { boundaries, counts }, sum, count } };
  });
};

/** One Prometheus metric as OpenTelemetry metric data; undefined for a summary (none is declared here). */
export const metricDataOf = (metric: Metric, startTime: HrTime, endTime: HrTime): MetricData | undefined => {
  const descriptor = { name: metric.name, description: metric.help, unit: unitOf(metric.name), valueType: ValueType.DOUBLE };
  const aggregationTemporality = AggregationTemporality.CUMULATIVE;
  const points = () => metric.values.map((v) => ({ startTime, endTime, attributes: attributesOf(v.labels as Labels), value: v.value }));
  // The registry's JSON names the type in lower case (its `MetricType` enum is declared, not exported at run time).
  switch (String(metric.type)) {
    case 'counter':
      return { descriptor, aggregationTemporality, dataPointType: DataPointType.SUM, isMonotonic: true, dataPoints: points() };
    case 'gauge':
      return { descriptor, aggregationTemporality, dataPointType: DataPointType.GAUGE, dataPoints: points() };
    case 'histogram':
      return {
        descriptor,
        aggregationTemporality,
        dataPointType: DataPointType.HISTOGRAM,
        dataPoints: histogramPoints(metric.values, startTime, endTime),
      };
    default:
      return undefined;
  }
};

/** Reads the registry at every collection, as one instrumentation scope. */
export const registryProducer = (registry: Registry, scope: string): MetricProducer => {
  const startTime = millisToHrTime(performance.timeOrigin);
  return {
    async collect() {
      const metrics = (await registry.getMetricsAsJSON()) as Metric[];
      const endTime = hrTime();
      return {
        resourceMetrics: {
          resource: emptyResource(),
          scopeMetrics: [{ scope: { name: scope }, metrics: metrics.flatMap((m) => metricDataOf(m, startTime, endTime) ?? []) }],
        },
        errors: [],
      };
    },
  };
};

const positiveMs = (value: string | undefined, fallback: number) => {
  const ms = Number(value);
  return value && Number.isFinite(ms) && ms > 0 ? ms : fallback;
};

/**
 * Where metrics are pushed, besides /metrics, by the standard OpenTelemetry settings, as for spans: OTLP/HTTP (JSON)
 * when `OTEL_METRICS_EXPORTER` names `otlp`, or is unset and an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`) is given; stdout when it names `console`; nowhere else (`none`, `prometheus`
 * or nothing configured). Every `OTEL_METRIC_EXPORT_INTERVAL` ms (60 s unless set), within `OTEL_METRIC_EXPORT_TIMEOUT`.
 */
export const metricReadersFor = (env: NodeJS.ProcessEnv, producer: MetricProducer): MetricReader[] => {
  const { otlp, console: toConsole } = exportSettings(env, 'METRICS');
  const exportIntervalMillis = positiveMs(env.OTEL_METRIC_EXPORT_INTERVAL, 60_000);
  const exportTimeoutMillis = Math.min(positiveMs(env.OTEL_METRIC_EXPORT_TIMEOUT, 30_000), exportIntervalMillis);
  const reader = (exporter: PushMetricExporter) =>
    new PeriodicExportingMetricReader({ exporter, exportIntervalMillis, exportTimeoutMillis, metricProducers: [producer] });
  const readers: MetricReader[] = [];
  if (otlp) readers.push(reader(new OTLPMetricExporter()));
  if (toConsole) readers.push(reader(new ConsoleMetricExporter()));
  return readers;
};
