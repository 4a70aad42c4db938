import { contentWidthPt, ink, margin, style, type Doc } from './layout';
import type { ReportModelSection } from './model';

// The contents page is reserved before the sections are laid out and written after, when each section's first page
// is known. An unavailable section is listed with its reason and no page.

export interface ContentsEntry {
  title: string;
  /** 1-based page number; null for a section not in the pack. */
  pageNumber: number | null;
  note: string | null;
}

export const unavailableNote = (section: ReportModelSection) =>
  `Not available — ${section.reason?.message ?? 'the figures could not be gathered'}`;

export const drawContents = (doc: Doc, entries: readonly ContentsEntry[], brand: string) => {
  doc.y = margin.top;
  style(doc, 'bold', 20, brand).text('Contents', margin.left, doc.y, { width: contentWidthPt });
  doc.moveDown(0.8);
  for (const entry of entries) {
    const y = doc.y;
    if (entry.pageNumber === null) {
      style(doc, 'body', 11, ink.muted).text(entry.title, margin.left, y, { width: contentWidthPt });
      style(doc, 'italic', 9, ink.muted).text(entry.note ?? '', margin.left + 12, doc.y + 1, { width: contentWidthPt - 12 });
    } else {
      style(doc, 'body', 11).text(entry.title, margin.left, y, { width: contentWidthPt - 50, lineBreak: false });
      const titleEndPt = margin.left + doc.widthOfString(entry.title) + 6;
      // Dotted leader from the title to the page number.
      doc
        .moveTo(titleEndPt, y + 9)
        .lineTo(margin.left + contentWidthPt - 30, y + 9)
        .dash(1, { space: 2.5 })
        .lineWidth(0.6)
        .strokeColor(ink.rule)
        .stroke()
        .undash();
      style(doc, 'body', 11).text(String(entry.pageNumber), margin.left + contentWidthPt - 26, y, { width: 26, align: 'right' });
      doc.y = y + 16;
    }
    doc.moveDown(0.35);
  }
  if (doc.y > 841.89 - margin.bottom) throw new Error('the contents do not fit on one page');
};
