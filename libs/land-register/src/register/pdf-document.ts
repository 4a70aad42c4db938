import PDFDocument from 'pdfkit';

/** pdfkit's document as `renderPdf` hands it to `draw`, named here so callers need not name pdfkit themselves. */
export type PdfDocument = PDFKit.PDFDocument;

/** The bytes of the PDF `draw` lays out (`draw` ends nothing: the document is ended after it). */
export const renderPdf = (options: PDFKit.PDFDocumentOptions, draw: (doc: PdfDocument) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });

/**
 * A copy's PDF creation date: its `officialCopyDateTime` (YYYY-MM-DDTHH:MM:SS, UK local time) read as UTC, so the
 * bytes are a pure function of the copy and never depend on the host's clock or zone.
 */
export const copyCreationDate = (officialCopyDateTime: string): Date => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(officialCopyDateTime);
  if (!m) throw new Error(`officialCopyDateTime must be YYYY-MM-DDTHH:MM:SS, got ${officialCopyDateTime}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
};
