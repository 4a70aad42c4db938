import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BatchSpanProcessor, ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { exportSettings, serviceResource } from './otel-settings';

let provider: TracerProvider | undefined;

/**
 * Where spans go, by the standard OpenTelemetry settings: OTLP/HTTP (JSON) when `OTEL_TRACES_EXPORTER` names `otlp`,
 * or is unset and an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is given;
 * stdout when it names `console`; nowhere otherwise (`none`, or nothing configured). The exporter reads the endpoint,
 * headers and timeout itself; `OTEL_BSP_*` tunes the batching.
 */
export const spanProcessorsFor = (env: NodeJS.ProcessEnv): SpanProcessor[] => {
  const { otlp, console: toConsole } = exportSettings(env, 'TRACES');
  const processors: SpanProcessor[] = [];
  if (otlp) processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }));
  if (toConsole) processors.push(new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() }));
  return processors;
};

/**
 * Starts OpenTelemetry for this process. Trace context always propagates (W3C `traceparent`, in HTTP and Kafka
 * headers); spans are exported as `spanProcessorsFor` says, named by the service (`service.name`) and by any
 * `OTEL_RESOURCE_ATTRIBUTES` the platform sets (an environment, a host).
 */
export const initTracing = (service: string): void => {
  if (provider) return;
  provider = new TracerProvider({ resource: serviceResource(service), spanProcessors: spanProcessorsFor(process.env) });
  // What a Node tracer provider's registration did: spans follow async work (AsyncLocalStorage), W3C headers carry them.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
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
