import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import client from 'prom-client';
import type { Logger } from './logger';
import { metricReadersFor, registryProducer } from './metrics-export';
import { serviceResource } from './otel-settings';

/**
 * This process's Prometheus metrics: the Node.js process's own (CPU, memory, event loop, GC) and those the service
 * declares where it does the work (`counter`, `histogram`, `gauge`), all labelled with the service's name.
 */
export const metricsRegistry = new client.Registry();
let started = false;
let provider: MeterProvider | undefined;

/**
 * Starts this process's metrics: served at /metrics once `startMetricsServer` is called, and pushed over OTLP when
 * the OpenTelemetry settings say so (see `metricReadersFor`).
 */
export const initMetrics = (service: string): void => {
  if (started) return;
  started = true;
  metricsRegistry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: metricsRegistry });
  const readers = metricReadersFor(process.env, registryProducer(metricsRegistry, 'pds'));
  if (readers.length > 0) provider = new MeterProvider({ resource: serviceResource(service), readers });
};

/** Pushes the metrics one last time (a short-lived command's final figures) and stops pushing. */
export const shutdownMetrics = async (): Promise<void> => provider?.shutdown();

type Config<L extends string> = { name: string; help: string; labelNames?: readonly L[] };

export const counter = <L extends string>(config: Config<L>) => new client.Counter<L>({ ...config, registers: [metricsRegistry] });

/** Seconds, in buckets from a millisecond to ten seconds: a call's or a command's time. */
export const secondsHistogram = <L extends string>(config: Config<L>) =>
  new client.Histogram<L>({
    ...config,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  });

/** A value read when scraped: `collect` sets it (and may ask something first). */
export const gauge = <L extends string>(config: Config<L> & { collect?: (this: client.Gauge<L>) => void | Promise<void> }) =>
  new client.Gauge<L>({ ...config, registers: [metricsRegistry] });

/**
 * Serves `GET /metrics` in Prometheus's text format on its own port (`METRICS_PORT`, on `METRICS_HOST`), away from the
 * API: what a scraper reads is for the platform, not for callers. Anything else is a 404.
 */
export const startMetricsServer = async (
  { port, host }: { port: number; host: string },
  logger: Logger,
): Promise<{ port: number; close: () => Promise<void> }> => {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  logger.info({ port: bound }, 'metrics served at /metrics');
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
