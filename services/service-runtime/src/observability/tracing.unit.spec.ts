import { BatchSpanProcessor, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { batchSettingsFrom, preciseNow, spanProcessorsFor } from './tracing';

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

describe('span times (preciseNow)', () => {
  const ms = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;
  afterEach(() => jest.restoreAllMocks());

  it('reads the wall clock to within a millisecond and a half, finer than its whole milliseconds', () => {
    const before = Date.now();
    const times = Array.from({ length: 50 }, () => ms(preciseNow()));
    const after = Date.now();
    expect(times.every((t) => t >= before - 1.5 && t <= after + 2.5)).toBe(true);
    // Sub-millisecond: at least one reading is not a whole number of milliseconds.
    expect(times.some((t) => !Number.isInteger(Math.round(t * 1000) / 1000))).toBe(true);
  });

  it('follows the wall clock when it is stepped after the process started (a clock sync), as its logs do', () => {
    const realNow = Date.now.bind(Date);
    // The machine's clock is put 250 ms forward, then 400 ms back: each reading after a step is within 2 ms of it.
    for (const step of [250, -150]) {
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + step);
      const t = ms(preciseNow());
      expect(Math.abs(t - (realNow() + step))).toBeLessThan(2.5);
      // And stays anchored there: the next reading needs no step of its own.
      expect(Math.abs(ms(preciseNow()) - (realNow() + step))).toBeLessThan(2.5);
      jest.restoreAllMocks();
    }
  });
});
