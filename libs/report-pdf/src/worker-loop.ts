import { parentPort, workerData } from 'node:worker_threads';

// What a render worker does, whatever it renders: given a model as `workerData`, it renders that one and posts back
// `{pdf, pages}` (the PDF as a Uint8Array, transferred) or `{error}`. Without one it stays up and renders each
// `{id, model}` it is sent, answering `{id, pdf, pages}` or `{id, error}`: a worker kept warm saves loading the
// renderer and fonts each time (render-pool.ts keeps them).

type Reply = { pdf: Uint8Array; pages: number } | { error: string };

export const serveRenders = <Model>(renderer: (model: Model) => Promise<{ pdf: Buffer; pages: number }>): void => {
  const port = parentPort;
  if (!port) return;
  const render = async (model: Model): Promise<{ reply: Reply; transfer: ArrayBuffer[] }> => {
    try {
      const { pdf, pages } = await renderer(model);
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length).slice();
      return { reply: { pdf: bytes, pages }, transfer: [bytes.buffer] };
    } catch (error) {
      return { reply: { error: (error as Error).message }, transfer: [] };
    }
  };
  if (workerData) {
    void render(workerData as Model).then(({ reply, transfer }) => port.postMessage(reply, transfer));
  } else {
    port.on('message', (request: { id: number; model: Model }) => {
      void render(request.model).then(({ reply, transfer }) => port.postMessage({ id: request.id, ...reply }, transfer));
    });
  }
};
