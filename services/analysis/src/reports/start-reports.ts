import { reportEvents } from '@pds/contracts';
import { LedgerClient } from '@pds/ledger-client';
import {
  AggregateStore,
  type CommandHandler,
  createPool,
  envMs,
  LogFollower,
  type RequestReplyClient,
  type ServiceRuntime,
  startKafkaRelay,
} from '@pds/service-runtime';
import { askerOf } from '../asking/ask-service';
import { parseReportEvent, reportsProjection } from '../read-models/reports';
import { ReportCharges } from './charges';
import { ReportDriver } from './driver';
import { evolve } from './evolve';
import { placeReportHandler } from './place-report';
import { RenderQueue } from './render-in-worker';
import { initialState, type Report, type ReportEvent } from './report';
import { ReportStore } from './report-store';
import type { LocalJudgements } from './sections/ask-section';

/** Tests only: holds each render, so a test can stop the service mid-render. Refused in production, as the test clock is. */
const renderDelayMs = (): number | undefined => {
  const value = process.env.REPORT_RENDER_DELAY_MS;
  if (!value) return undefined;
  if (process.env.NODE_ENV === 'production') throw new Error('REPORT_RENDER_DELAY_MS holds reports back and is refused in production');
  return Number(value);
};

/**
 * The reports of the analysis service: their streams relayed to Kafka (a `report.completed` webhook follows them),
 * projected for the gateway, driven by a sweep that resumes whatever a restart cut off; returns the handler of
 * `PlaceReport`.
 */
export const startReports = async (
  rt: ServiceRuntime,
  rpc: RequestReplyClient,
  local: LocalJudgements,
  today: () => string,
): Promise<CommandHandler> => {
  const reports = new AggregateStore<Report, ReportEvent>(rt.store, evolve, initialState, parseReportEvent);
  const categories = [reportEvents.reportStreamCategory];
  const relay = await startKafkaRelay({ store: rt.store, bus: rt.bus, topics: rt.topics, categories, logger: rt.logger });
  rt.onShutdown(() => relay.stop());
  const projection = new LogFollower({
    store: rt.store,
    name: 'read-model:reports',
    categories,
    logger: rt.logger,
    handle: reportsProjection(rt.store),
  });
  await projection.start();
  rt.onShutdown(() => projection.stop());

  const db = createPool({ connectionString: rt.config.databaseUrl, max: 4, name: 'reports' }, rt.logger);
  rt.onShutdown(() => db.end());
  const store = new ReportStore(db);
  // Sections are asked with more patience than an answer to a waiting caller: nobody waits on one but the report.
  const askers = { asker: askerOf(rpc, rt.topics, envMs('REPORT_ASK_TIMEOUT_MS', 10_000)), local, db };
  const renderer = new RenderQueue({
    // One per core of the machine this was sized on (2): a render is a few hundred milliseconds of CPU.
    workers: Number(process.env.REPORT_RENDER_WORKERS ?? 2),
    timeoutMs: envMs('REPORT_RENDER_TIMEOUT_MS', 30_000),
    maxHeapMb: 256,
  });
  rt.onShutdown(() => renderer.stop());
  const delayMs = renderDelayMs();
  const driver = new ReportDriver({
    reports,
    charges: new ReportCharges(new LedgerClient(rpc, rt.topics, envMs('LEDGER_TIMEOUT_MS', 5_000))),
    store,
    askers,
    renderer,
    db,
    clock: rt.clock,
    logger: rt.logger,
    ...(delayMs ? { renderDelayMs: delayMs } : {}),
  });
  const sweep = driver.start(envMs('REPORT_SWEEP_MS', 1_000));
  rt.onShutdown(() => sweep.stop());
  return placeReportHandler({ reports, driver, store, askers, today, now: () => rt.clock.now() });
};
