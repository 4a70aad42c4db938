import { RenderPool, type StatementModel } from '@pds/report-pdf';
import { envMs } from '@pds/service-runtime';

// Statements are rendered in one warm worker thread (the renderer's pool), off the gateway's event loop: the gateway
// answers every API call, and a render is tens of milliseconds of CPU. Four more may wait; past that the page says to
// try again (503) rather than let downloads queue behind each other.

export const statementRenderLimits = () => ({
  workers: 1,
  timeoutMs: envMs('STATEMENT_RENDER_TIMEOUT_MS', 10_000),
  maxHeapMb: 128,
  waitingMax: 4,
});

export const statementRenderer = () =>
  new RenderPool<StatementModel>(require.resolve('@pds/report-pdf/dist/statement/statement-worker.js'), statementRenderLimits());
