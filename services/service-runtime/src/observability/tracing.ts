import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { ConsoleSpanExporter, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

let provider: NodeTracerProvider | undefined;

/**
 * Starts OpenTelemetry for this process. Trace context always propagates (W3C `traceparent`, in HTTP and Kafka
 * headers); spans are exported to stdout only when OTEL_TRACES_EXPORTER=console.
 */
export const initTracing = (service: string): void => {
  if (provider) return;
  const spanProcessors: SpanProcessor[] = [];
  if (process.env.OTEL_TRACES_EXPORTER === 'console') spanProcessors.push(new SimpleSpanProcessor(new ConsoleSpanExporter()));
  provider = new NodeTracerProvider({ spanProcessors });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  tracerName = service;
};

let tracerName = 'pds';
export const tracer = () => trace.getTracer(tracerName);

export const injectTraceHeaders = (headers: Record<string, string> = {}): Record<string, string> => {
  propagation.inject(context.active(), headers);
  return headers;
};

export const contextFromHeaders = (headers: Record<string, string | undefined>): Context => propagation.extract(context.active(), headers);

/** Runs `work` inside a span, recording failure; the span is the active context for logs and injected headers. */
export const inSpan = async <T>(name: string, kind: SpanKind, parent: Context, work: (span: Span) => Promise<T>): Promise<T> =>
  tracer().startActiveSpan(name, { kind }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });

export const shutdownTracing = async () => provider?.shutdown();
export { SpanKind };
