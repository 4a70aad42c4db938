import { BatchSpanProcessor, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { spanProcessorsFor } from './tracing';

const kinds = async (env: NodeJS.ProcessEnv) => {
  const processors = spanProcessorsFor(env);
  await Promise.all(processors.map((p) => p.shutdown()));
  return processors.map((p) => (p instanceof BatchSpanProcessor ? 'otlp' : p instanceof SimpleSpanProcessor ? 'console' : 'other'));
};

describe('where spans are exported', () => {
  const endpoint = 'http://collector.example:4318';

  it('exports nothing unless told to', async () => {
    expect(await kinds({})).toEqual([]);
    expect(await kinds({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual([]);
  });

  it('exports over OTLP when an endpoint is given or otlp is named, batched', async () => {
    expect(await kinds({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual(['otlp']);
    expect(await kinds({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` })).toEqual(['otlp']);
    expect(await kinds({ OTEL_TRACES_EXPORTER: 'otlp' })).toEqual(['otlp']);
  });

  it('writes to stdout with console, alone or beside OTLP', async () => {
    expect(await kinds({ OTEL_TRACES_EXPORTER: 'console' })).toEqual(['console']);
    expect(await kinds({ OTEL_TRACES_EXPORTER: 'console', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual(['console']);
    expect(await kinds({ OTEL_TRACES_EXPORTER: 'otlp, console', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual(['otlp', 'console']);
  });
});
