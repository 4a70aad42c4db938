import { detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';

/** What this process's telemetry is named by: the service (`service.name`) and any `OTEL_RESOURCE_ATTRIBUTES` the platform sets (an environment, a host). */
export const serviceResource = (service: string): Resource =>
  detectResources({ detectors: [envDetector] }).merge(resourceFromAttributes({ 'service.name': service }));

/**
 * What the standard OpenTelemetry settings ask for one signal: the exporters `OTEL_<SIGNAL>_EXPORTER` names, and
 * whether it goes over OTLP (named `otlp`, or nothing named and an endpoint given, `OTEL_EXPORTER_OTLP_ENDPOINT` or the
 * signal's own). `||`: an empty setting (compose passes `${VAR:-}` through) is no setting.
 */
export const exportSettings = (env: NodeJS.ProcessEnv, signal: 'TRACES' | 'METRICS') => {
  const named = (env[`OTEL_${signal}_EXPORTER`] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const endpoint = env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`] || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return { otlp: named.includes('otlp') || (named.length === 0 && Boolean(endpoint)), console: named.includes('console') };
};
