import { RenderPool, type ReportModel, type RenderLimits } from '@pds/report-pdf';

// Packs are rendered in the renderer's warm worker threads (its render-pool.ts), off the service's event loop.

export type { RenderLimits, Rendered } from '@pds/report-pdf';

export class RenderQueue extends RenderPool<ReportModel> {
  constructor(limits: RenderLimits) {
    super(require.resolve('@pds/report-pdf/dist/worker.js'), limits);
  }
}
