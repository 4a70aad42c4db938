import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One span as an OTLP/HTTP JSON export carries it (ids hex-encoded, times in nanoseconds since the epoch as decimal
 * strings, as the OTLP JSON encoding specifies).
 */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  events?: Array<{ name: string; timeUnixNano: string }>;
}

type KeyValues = Array<{ key: string; value: { stringValue?: string } }>;

interface ExportTraceServiceRequest {
  resourceSpans?: Array<{ resource?: { attributes?: KeyValues }; scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'service'>> }> }>;
}

/** A data point as OTLP/HTTP JSON carries it: a number (`asDouble`, `asInt`) or a histogram's figures. */
interface OtlpPoint {
  attributes?: KeyValues;
  asDouble?: number;
  asInt?: number | string;
  count?: number | string;
  sum?: number;
  bucketCounts?: Array<number | string>;
  explicitBounds?: number[];
}

/** One metric of one export, with the exporting service's name and its points' attributes as a plain object. */
export interface ReceivedMetric {
  service: string;
  name: string;
  unit: string;
  kind: 'sum' | 'gauge' | 'histogram';
  points: Array<{ attributes: Record<string, string>; value: number; count?: number; bucketCounts?: number[]; explicitBounds?: number[] }>;
}

interface ExportMetricsServiceRequest {
  resourceMetrics?: Array<{
    resource?: { attributes?: KeyValues };
    scopeMetrics?: Array<{
      metrics?: Array<{
        name: string;
        unit?: string;
        sum?: { dataPoints?: OtlpPoint[] };
        gauge?: { dataPoints?: OtlpPoint[] };
        histogram?: { dataPoints?: OtlpPoint[] };
      }>;
    }>;
  }>;
}

const serviceOf = (attributes: KeyValues | undefined) => attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';

const pointOf = (p: OtlpPoint): ReceivedMetric['points'][number] => ({
  attributes: Object.fromEntries((p.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? ''])),
  value: Number(p.asDouble ?? p.asInt ?? p.sum ?? 0),
  ...(p.bucketCounts ? { count: Number(p.count), bucketCounts: p.bucketCounts.map(Number), explicitBounds: p.explicitBounds ?? [] } : {}),
});

const metricsOf = (body: ExportMetricsServiceRequest): ReceivedMetric[] =>
  (body.resourceMetrics ?? []).flatMap((rm) =>
    (rm.scopeMetrics ?? []).flatMap((sm) =>
      (sm.metrics ?? []).map((m) => {
        const kind = m.sum ? 'sum' : m.gauge ? 'gauge' : 'histogram';
        const points = (m.sum ?? m.gauge ?? m.histogram)?.dataPoints ?? [];
        return { service: serviceOf(rm.resource?.attributes), name: m.name, unit: m.unit ?? '', kind, points: points.map(pointOf) };
      }),
    ),
  );

/**
 * A collector's OTLP/HTTP endpoint for tests and benchmarks, as small as it can be: it takes JSON exports at `/v1/traces` (keeping their spans)
 * and `/v1/metrics` (keeping each export's metrics, in arrival order), each with the exporting service's name, and
 * answers as a collector does (200, an empty export response).
 */
export const startOtlpReceiver = async (): Promise<{
  endpoint: string;
  spans: ReceivedSpan[];
  metrics: ReceivedMetric[][];
  paths: string[];
  stop: () => Promise<void>;
}> => {
  const spans: ReceivedSpan[] = [];
  const metrics: ReceivedMetric[][] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (req.url === '/v1/metrics') metrics.push(metricsOf(body as ExportMetricsServiceRequest));
      for (const rs of (body as ExportTraceServiceRequest).resourceSpans ?? []) {
        const service = serviceOf(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service });
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    metrics,
    paths,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
