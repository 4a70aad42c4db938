import { detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';

/** What this process's telemetry is named by: the service (`service.name`) and any `OTEL_RESOURCE_ATTRIBUTES` the platform sets (an environment, a host). */
export const serviceResource = (service: string): Resource =>
  detectResources({ detectors: [envDetector] }).merge(resourceFromAttributes({ 'service.name': service }));
