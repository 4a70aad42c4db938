import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type HrTime, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BatchSpanProcessor, ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { exportSettings, serviceResource } from './otel-settings';

let provider: TracerProvider | undefined;
/** Whether this process's spans go anywhere: the stages below are traced only then, so they cost nothing otherwise. */
let exported = false;

/**
 * The batching the standard `OTEL_BSP_*` settings ask for (each a whole number above 0; any other value is no
 * setting), which the SDK no longer reads itself (since its 2.0): unset, its own defaults hold (every 5 s, at most 512
 * spans an export, 2,048 waiting, 30 s to export).
 */
export const batchSettingsFrom = (env: NodeJS.ProcessEnv) => {
  const settings = {
    scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY,
    exportTimeoutMillis: env.OTEL_BSP_EXPORT_TIMEOUT,
    maxQueueSize: env.OTEL_BSP_MAX_QUEUE_SIZE,
    maxExportBatchSize: env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
  };
  return Object.fromEntries(
    Object.entries(settings).flatMap(([key, value]) => (value && /^[1-9][0-9]*$/.test(value.trim()) ? [[key, Number(value)]] : [])),
  ) as Partial<Record<keyof typeof settings, number>>;
};

/**
 * Where spans go, by the standard OpenTelemetry settings: OTLP/HTTP (JSON) when `OTEL_TRACES_EXPORTER` names `otlp`,
 * or is unset and an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is given;
 * stdout when it names `console`; nowhere otherwise (`none`, or nothing configured). The exporter reads the endpoint,
 * headers and timeout itself; `OTEL_BSP_*` tunes the batching (`batchSettingsFrom`).
 */
export const spanProcessorsFor = (env: NodeJS.ProcessEnv): SpanProcessor[] => {
  const { otlp, console: toConsole } = exportSettings(env, 'TRACES');
  const processors: SpanProcessor[] = [];
  if (otlp) processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), ...batchSettingsFrom(env) }));
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
  const spanProcessors = spanProcessorsFor(process.env);
  exported = spanProcessors.length > 0;
  provider = new TracerProvider({ resource: serviceResource(service), spanProcessors });
  // What a Node tracer provider's registration did: spans follow async work (AsyncLocalStorage), W3C headers carry them.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracerName = service;
};

/**
 * Now, to the microsecond, as an OpenTelemetry time, for a span's start and end and its events. The SDK stamps a span's
 * start with Date.now() (whole milliseconds) and its end by the duration measured since, which is exact within a span
 * but not from one process's span to another's: a hop of under a millisecond would read as 0 or 1 ms. So times are the
 * monotonic clock under performance.now() from an anchor on the wall clock. The anchor is not left at the process's
 * start (performance.timeOrigin): the wall clock can be stepped after that (a machine just booted syncs its clock), and
 * two processes started either side of the step would disagree by its size. Whenever this clock and Date.now() part by
 * more than a millisecond and a half, the anchor moves back onto the wall clock, so every process on a machine
 * reads the same time to within about 2 ms, as its logs do.
 */
let anchorMs = performance.timeOrigin;
export const preciseNow = (): HrTime => {
  const sinceStart = performance.now();
  let ms = anchorMs + sinceStart;
  // Date.now() is whole milliseconds: in step, ms lies within half a millisecond of the middle of Date.now()'s.
  const drift = ms - (Date.now() + 0.5);
  if (Math.abs(drift) > 1.5) {
    anchorMs -= drift;
    ms -= drift;
  }
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.min(999_999_999, Math.round((ms - seconds * 1000) * 1e6))];
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
  tracer().startActiveSpan(name, { kind, startTime: preciseNow() }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end(preciseNow());
    }
  });

/** Whether spans are exported (see `spanProcessorsFor`). */
export const tracesExported = () => exported;

/**
 * `work` inside a span of its own when spans are exported: a stage of a call worth seeing in its trace (the caller's
 * admission, an append to the event store), which would otherwise cost every call a span nobody reads.
 */
export const stage = <T>(name: string, work: () => Promise<T>): Promise<T> =>
  exported ? inSpan(name, SpanKind.INTERNAL, context.active(), work) : work();

export const shutdownTracing = async () => provider?.shutdown();
export { SpanKind };
