import { BatchSpanProcessor, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { batchSettingsFrom, spanProcessorsFor } from './tracing';

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

describe('how exported spans are batched (OTEL_BSP_*)', () => {
  it('reads each setting given as a whole number above 0, and leaves the others to the SDK', () => {
    expect(
      batchSettingsFrom({
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_BSP_EXPORT_TIMEOUT: ' 1000 ',
        OTEL_BSP_MAX_QUEUE_SIZE: 'lots',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '0',
      }),
    ).toEqual({ scheduledDelayMillis: 200, exportTimeoutMillis: 1000 });
    expect(batchSettingsFrom({ OTEL_BSP_MAX_QUEUE_SIZE: '-5', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '1.5' })).toEqual({});
  });
});
