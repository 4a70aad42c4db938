import { Worker } from 'node:worker_threads';
import { runsToLines, TextRun } from './text-lines';

// Text is read with Mozilla's pdf.js (pdfjs-dist, legacy build for Node). pdf.js ships only as ES modules and this
// library is CommonJS, so it is loaded with a native dynamic import inside a worker thread. The worker is also the
// containment for untrusted bytes: a PDF that makes the parser spin or balloon is cut off by the time and memory
// limits below instead of stalling the caller's event loop.

export interface PdfTextLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxPages: number;
  readonly maxHeapMb: number;
}

export const defaultPdfTextLimits: PdfTextLimits = { timeoutMs: 30_000, maxBytes: 20 * 1024 * 1024, maxPages: 200, maxHeapMb: 256 };

// Plain JavaScript run by the worker: it must not depend on this file's compilation.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
(async () => {
  const pdfjs = await import(pathToFileURL(workerData.pdfjsPath).href);
  // The loading task owns the document and its worker-side state: destroying it frees both.
  const task = pdfjs.getDocument({
    data: workerData.data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > workerData.maxPages) throw new Error('the PDF has ' + doc.numPages + ' pages, more than ' + workerData.maxPages);
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.filter((i) => typeof i.str === 'string').map((i) => ({
        text: i.str, x: i.transform[4], y: i.transform[5], width: i.width, height: i.height || Math.hypot(i.transform[2], i.transform[3]),
      })));
      page.cleanup();
    }
    parentPort.postMessage({ pages });
  } finally {
    await task.destroy();
  }
})().catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

type WorkerReply = { pages: TextRun[][] } | { error: string };

const readRuns = (pdf: Buffer, limits: PdfTextLimits): Promise<TextRun[][]> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: {
        // Resolved from this module (src under jest, dist when compiled): the worker's eval'd source has no location.
        pdfjsPath: require.resolve('pdfjs-dist/legacy/build/pdf.mjs'),
        data: new Uint8Array(pdf),
        maxPages: limits.maxPages,
      },
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
    const timer = setTimeout(
      () => settle(() => reject(new Error(`PDF text extraction took longer than ${limits.timeoutMs} ms`))),
      limits.timeoutMs,
    );
    worker.once('message', (reply: WorkerReply) =>
      settle(() => ('error' in reply ? reject(new Error(`PDF text extraction failed: ${reply.error}`)) : resolve(reply.pages))),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`PDF text extraction stopped (exit code ${code})`))));
  });

/** The PDF's text, one line per printed line in reading order, pages separated by a blank line. */
export const extractPdfText = async (pdf: Buffer, limits: PdfTextLimits = defaultPdfTextLimits): Promise<string> => {
  if (pdf.length > limits.maxBytes) throw new Error(`the PDF is ${pdf.length} bytes, more than ${limits.maxBytes}`);
  if (pdf.subarray(0, 1024).indexOf('%PDF-') < 0) throw new Error('not a PDF: no %PDF- header');
  const pages = await readRuns(pdf, limits);
  return pages.map((runs) => runsToLines(runs).join('\n')).join('\n\n');
};
