import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ReportModel } from './model';
import { renderReport } from './render-report';

// Run in a worker_threads Worker, so a render's CPU and memory are bounded by the Worker's limits and never stall
// the service's event loop. Given a model as `workerData`, it renders that one and posts back `{pdf, pages}` (the
// PDF as a Uint8Array, transferred) or `{error}`. Without one it stays up and renders each `{id, model}` it is sent,
// answering `{id, pdf, pages}` or `{id, error}`: a worker kept warm saves loading the renderer and fonts each time.

type Reply = { pdf: Uint8Array; pages: number } | { error: string };

const render = async (model: ReportModel): Promise<{ reply: Reply; transfer: ArrayBuffer[] }> => {
  try {
    const { pdf, pages } = await renderReport(model);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length).slice();
    return { reply: { pdf: bytes, pages }, transfer: [bytes.buffer] };
  } catch (error) {
    return { reply: { error: (error as Error).message }, transfer: [] };
  }
};

if (!isMainThread && parentPort) {
  const port = parentPort;
  if (workerData) {
    void render(workerData as ReportModel).then(({ reply, transfer }) => port.postMessage(reply, transfer));
  } else {
    port.on('message', (request: { id: number; model: ReportModel }) => {
      void render(request.model).then(({ reply, transfer }) => port.postMessage({ id: request.id, ...reply }, transfer));
    });
  }
}
