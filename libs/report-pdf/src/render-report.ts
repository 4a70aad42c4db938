import PDFDocument from 'pdfkit';
import { drawContents, unavailableNote, type ContentsEntry } from './contents';
import { drawCover, packTitle, shortSubject } from './cover';
import { drawDisclaimer } from './disclaimer';
import { fontFiles, ink, margin, page, registerFonts, style, contentWidthPt, type Doc } from './layout';
import type { ReportModel } from './model';
import { drawerFor } from './sections';
import { sectionHeading, sourceNote } from './sections/section';
import { drawSourcesPage } from './sources-page';

// The pack, laid out in one pass with pdfkit's buffered pages: the cover, a reserved contents page, the sections
// (recording the page each starts on), the sources and the disclaimer; then the contents are written into their page
// and every page but the cover gets its running header and "Page N of M". The bytes are a pure function of the model:
// the PDF's dates are the request's, and pdfkit derives the document ID from them.

/** A render larger than this is a defect (a runaway table or image), not a pack to send. */
export const maxPdfBytes = 5 * 1024 * 1024;

/** The document's bytes, once it has ended. */
export const collect = (doc: Doc): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

const newPage = (doc: Doc) => {
  doc.addPage();
  doc.x = margin.left;
  doc.y = margin.top;
};

const fixedPage = (doc: Doc, title: string, brand: string, draw: () => void): number => {
  newPage(doc);
  const pageNumber = doc.bufferedPageRange().count;
  sectionHeading(doc, title, brand);
  draw();
  return pageNumber;
};

const footY = page.heightPt - 44;

/** The customer's footer text, on every page (the cover too). */
const footer = (doc: Doc, model: ReportModel) => {
  // Writing in the margins would otherwise start a new page: lift them while the header and footer are written.
  doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
  if (model.branding.footerText)
    style(doc, 'body', 8, ink.muted).text(model.branding.footerText, margin.left, footY, { width: contentWidthPt - 90, lineBreak: false });
};

/** The running header and the page number, on every page but the cover. */
const runningHead = (doc: Doc, model: ReportModel, pageNumber: number, pageCount: number) => {
  const width = contentWidthPt;
  style(doc, 'bold', 8, ink.muted).text(model.branding.companyName, margin.left, 36, { width: width / 3, lineBreak: false });
  style(doc, 'body', 8, ink.muted).text(shortSubject(model), margin.left + width / 3, 36, {
    width: (2 * width) / 3,
    align: 'right',
    lineBreak: false,
    height: 10,
    ellipsis: true,
  });
  doc
    .moveTo(margin.left, 48)
    .lineTo(margin.left + width, 48)
    .lineWidth(0.5)
    .strokeColor(model.branding.primaryColour)
    .stroke();
  style(doc, 'body', 8, ink.muted).text(`Page ${pageNumber} of ${pageCount}`, margin.left + width - 90, footY, {
    width: 90,
    align: 'right',
    lineBreak: false,
  });
};

/**
 * An A4 document with buffered pages, the fonts embedded, and its dates the given ones: pdfkit derives the document ID
 * from them, so the same content and dates give the same bytes.
 */
export const newDocument = (info: { Title: string; Author: string; Subject: string }, createdAt: Date): Doc =>
  new PDFDocument({
    size: 'A4',
    margins: margin,
    bufferPages: true,
    // The default font would otherwise be Helvetica, a standard-14 font written into the file unembedded.
    font: fontFiles.body,
    info: {
      ...info,
      Creator: 'UK Property Data Service',
      Producer: 'UK Property Data Service',
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });

export const renderReport = async (model: ReportModel): Promise<{ pdf: Buffer; pages: number }> => {
  const created = new Date(model.requestedAt);
  if (Number.isNaN(created.getTime())) throw new Error(`requestedAt is not a timestamp: ${model.requestedAt}`);
  const brand = model.branding.primaryColour;
  if (!/^#[0-9a-fA-F]{6}$/.test(brand)) throw new Error(`primaryColour must be #RRGGBB, got ${brand}`);
  const doc = newDocument(
    {
      Title: `${packTitle(model)}: ${shortSubject(model)}`,
      Author: model.branding.companyName,
      Subject: `Report ${model.reportId}, figures as of ${model.asOf}`,
    },
    created,
  );
  const bytes = collect(doc);
  registerFonts(doc);

  drawCover(doc, model);
  newPage(doc); // the contents, written last
  const contents: ContentsEntry[] = [];
  let sectionStarted = false;
  for (const section of model.sections) {
    if (section.state === 'unavailable') {
      contents.push({ title: section.title, pageNumber: null, note: unavailableNote(section) });
      continue;
    }
    // Each section follows the last on the same page where room allows; the first starts a page of its own.
    if (!sectionStarted) newPage(doc);
    sectionStarted = true;
    sectionHeading(doc, section.title, brand);
    contents.push({ title: section.title, pageNumber: doc.bufferedPageRange().count, note: null });
    drawerFor(section.name, model.type).draw({ doc, model, section, brand });
    sourceNote(doc, section);
  }
  contents.push({
    title: 'Sources',
    pageNumber: fixedPage(doc, 'Sources', brand, () => drawSourcesPage(doc, model.sections, brand)),
    note: null,
  });
  contents.push({ title: 'Disclaimer', pageNumber: fixedPage(doc, 'Disclaimer', brand, () => drawDisclaimer(doc, model)), note: null });

  doc.switchToPage(1);
  drawContents(doc, contents, brand);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    footer(doc, model);
    if (index > start) runningHead(doc, model, index - start + 1, count);
  }
  doc.end();
  const pdf = await bytes;
  if (pdf.length >= maxPdfBytes) throw new Error(`the PDF is ${pdf.length} bytes, more than ${maxPdfBytes}`);
  return { pdf, pages: count };
};
