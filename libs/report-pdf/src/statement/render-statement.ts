import { monthYear } from '../format';
import { contentWidthPt, ink, margin, page, registerFonts, style, type Doc } from '../layout';
import { collect, maxPdfBytes, newDocument } from '../render-report';
import { drawHeader, drawMovements, drawSummaries, drawUsage } from './statement-sections';
import type { StatementModel } from './statement-model';

// A monthly statement, laid out in one pass with buffered pages, then "Page N of M" written on each. The bytes are a
// pure function of the model: the PDF's dates are the model's `issuedAt`, and pdfkit derives the document ID from
// them, so a closed month's statement renders to the same bytes each time (and is served with their hash as ETag).

const brand = '#1f4e79';

export const statementTitle = (model: StatementModel) => `Statement for ${monthYear(model.month)}${model.toDate ? ' (to date)' : ''}`;

const pageNumbers = (doc: Doc, model: StatementModel) => {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing in the margins would otherwise start a new page: lift them while the footer is written.
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const y = page.heightPt - 44;
    style(doc, 'body', 8, ink.muted).text(`${statementTitle(model)} · ${model.accountId}`, margin.left, y, {
      width: contentWidthPt - 100,
      lineBreak: false,
    });
    style(doc, 'body', 8, ink.muted).text(`Page ${index - start + 1} of ${count}`, margin.left + contentWidthPt - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
  }
  return count;
};

export const renderStatement = async (model: StatementModel): Promise<{ pdf: Buffer; pages: number }> => {
  const issued = new Date(model.issuedAt);
  if (Number.isNaN(issued.getTime())) throw new Error(`issuedAt is not a timestamp: ${model.issuedAt}`);
  const doc = newDocument(
    {
      Title: `${statementTitle(model)}: ${model.accountId}`,
      Author: 'UK Property Data Service',
      Subject: `Account ${model.accountId}, ${model.month}`,
    },
    issued,
  );
  const bytes = collect(doc);
  registerFonts(doc);
  style(doc, 'bold', 20, brand).text(statementTitle(model), margin.left, margin.top, { width: contentWidthPt });
  doc.moveDown(0.5);
  drawHeader(doc, model);
  if (model.toDate)
    style(doc, 'italic', 9, ink.muted).text('This month is not over: the figures run to the time of issue.', { width: contentWidthPt });
  drawSummaries(doc, model, brand);
  drawMovements(doc, model, brand);
  drawUsage(doc, model, brand);
  const pages = pageNumbers(doc, model);
  doc.end();
  const pdf = await bytes;
  if (pdf.length >= maxPdfBytes) throw new Error(`the PDF is ${pdf.length} bytes, more than ${maxPdfBytes}`);
  return { pdf, pages };
};
