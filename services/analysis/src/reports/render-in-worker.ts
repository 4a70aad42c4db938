import type { ReportModel } from '@pds/report-pdf';
import { Worker } from 'node:worker_threads';

// Rendering a report is CPU work of a second or more: it runs in a worker thread, so the analysis service's answers
// (each within a few seconds) never wait behind it, with a heap and a time limit so one bad model cannot take the
// service down. At most `workers` renders run at once; the rest wait their turn.

export interface RenderLimits {
  workers: number;
  timeoutMs: number;
  maxHeapMb: number;
}

export type Rendered = { pdf: Buffer; pages: number };

const renderOnce = (model: ReportModel, limits: RenderLimits): Promise<Rendered> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(require.resolve('@pds/report-pdf/dist/worker.js'), {
      workerData: model,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`rendering took longer than ${limits.timeoutMs} ms`))), limits.timeoutMs);
    worker.once('message', (reply: { pdf: Uint8Array; pages: number } | { error: string }) =>
      settle(() => ('error' in reply ? reject(new Error(reply.error)) : resolve({ pdf: Buffer.from(reply.pdf), pages: reply.pages }))),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`rendering stopped (exit code ${code})`))));
  });

export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: RenderLimits) {}

  async render(model: ReportModel): Promise<Rendered> {
    if (this.running >= this.limits.workers) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await renderOnce(model, this.limits);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
