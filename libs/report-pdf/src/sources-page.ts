import type { Source } from '@pds/contracts';
import { contentWidthPt, ensureSpace, ink, margin, paragraph, style, type Doc } from './layout';
import type { ReportModelSection } from './model';

// Every dataset the pack's figures come from, once each (by dataset and vintage), with the attribution its licence
// requires. Data made for demonstration is marked, so no one mistakes it for the publisher's.

/** The sources of the assembled sections, first appearance first, one per dataset and vintage. */
export const distinctSources = (sections: readonly ReportModelSection[]): Source[] => {
  const seen = new Map<string, Source>();
  for (const section of sections) {
    if (section.state !== 'assembled') continue;
    for (const source of section.sources) {
      const key = `${source.dataset}\u0000${source.vintage}`;
      if (!seen.has(key)) seen.set(key, source);
    }
  }
  return [...seen.values()];
};

export const syntheticMark = 'SYNTHETIC — made for demonstration, not published by its publisher';

export const drawSourcesPage = (doc: Doc, sections: readonly ReportModelSection[], brand: string) => {
  const sources = distinctSources(sections);
  paragraph(
    doc,
    'The datasets the figures in this pack come from, with the release (vintage) each was taken from and the attribution its licence requires.',
  );
  doc.moveDown(0.3);
  for (const source of sources) {
    style(doc, 'body', 9);
    const attributionHeightPt = doc.heightOfString(source.attribution, { width: contentWidthPt - 12 });
    ensureSpace(doc, attributionHeightPt + 50);
    style(doc, 'bold', 10.5).text(source.title, margin.left, doc.y, { width: contentWidthPt });
    if (source.synthetic) style(doc, 'bold', 8.5, '#b00020').text(syntheticMark, margin.left, doc.y, { width: contentWidthPt });
    style(doc, 'body', 9, ink.muted).text(
      `${source.publisher} · ${source.dataset} · vintage ${source.vintage} · ${source.licence}`,
      margin.left,
      doc.y,
      {
        width: contentWidthPt,
      },
    );
    doc.rect(margin.left, doc.y + 2, 2, attributionHeightPt).fill(brand);
    style(doc, 'body', 9).text(source.attribution, margin.left + 12, doc.y + 2, { width: contentWidthPt - 12 });
    doc.moveDown(0.8);
  }
};
