import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ReportModel } from './model';
import { renderReport } from './render-report';

// Run in a worker_threads Worker, so a render's CPU and memory are bounded by the Worker's limits and never stall
// the service's event loop. The model arrives as `workerData`, or as the first message when there is none; the
// answer is posted back as `{pdf, pages}` (the PDF as a Uint8Array, transferred), or `{error}`.

type Reply = { pdf: Uint8Array; pages: number } | { error: string };

const render = async (model: ReportModel) => {
  if (!parentPort) throw new Error('worker.js runs in a worker thread');
  const port = parentPort;
  try {
    const { pdf, pages } = await renderReport(model);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length).slice();
    port.postMessage({ pdf: bytes, pages } satisfies Reply, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ error: (error as Error).message } satisfies Reply);
  }
};

if (!isMainThread && parentPort) {
  if (workerData) void render(workerData as ReportModel);
  else parentPort.once('message', (model: ReportModel) => void render(model));
}
