import path from 'node:path';

// Page geometry, type styles and the two building blocks every page uses (paragraphs and tables). A4 portrait;
// the header and footer are written into the margins after the body is laid out (see render-report.ts).

export type Doc = PDFKit.PDFDocument;

export const page = { widthPt: 595.28, heightPt: 841.89 } as const;
export const margin = { top: 72, bottom: 72, left: 56, right: 56 } as const;
export const contentWidthPt = page.widthPt - margin.left - margin.right;
export const ink = { text: '#222222', muted: '#666666', rule: '#bbbbbb', band: '#f2f2f2' } as const;

// Resolved from this file: `src/` under jest and `dist/` when built both sit beside `fonts/`, which the package ships.
const fontsDir = path.join(__dirname, '..', 'fonts');
export const fontFiles = {
  body: path.join(fontsDir, 'LiberationSans-Regular.ttf'),
  bold: path.join(fontsDir, 'LiberationSans-Bold.ttf'),
  italic: path.join(fontsDir, 'LiberationSans-Italic.ttf'),
} as const;
export type FontName = keyof typeof fontFiles;

/** Registers the embedded fonts; pdfkit subsets each to the glyphs used. */
export const registerFonts = (doc: Doc) => {
  for (const [name, file] of Object.entries(fontFiles)) doc.registerFont(name, file);
};

export const style = (doc: Doc, font: FontName, sizePt: number, colour: string = ink.text) =>
  doc.font(font).fontSize(sizePt).fillColor(colour);

/** Starts a new page unless `heightPt` more fits above the bottom margin. */
export const ensureSpace = (doc: Doc, heightPt: number) => {
  if (doc.y + heightPt > page.heightPt - margin.bottom) {
    doc.addPage();
    doc.y = margin.top;
  }
};

/** A paragraph across the content width. */
export const paragraph = (doc: Doc, text: string, font: FontName = 'body', sizePt = 9.5, colour: string = ink.text) => {
  style(doc, font, sizePt, colour);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidthPt }));
  doc.text(text, margin.left, doc.y, { width: contentWidthPt });
  doc.moveDown(0.4);
};

/** A sub-heading within a section. */
export const subheading = (doc: Doc, text: string) => {
  ensureSpace(doc, 60);
  doc.moveDown(0.3);
  style(doc, 'bold', 11).text(text, margin.left, doc.y, { width: contentWidthPt });
  doc.moveDown(0.3);
};

/** Label and value pairs, two to a line: each value its own text run so it reads back as one token. */
export const facts = (doc: Doc, pairs: ReadonlyArray<readonly [string, string]>) => {
  const columnWidthPt = contentWidthPt / 2;
  const labelWidthPt = 110;
  for (let i = 0; i < pairs.length; i += 2) {
    // Values are set in bold, which is wider: measure them in it.
    style(doc, 'bold', 9.5);
    const row = pairs.slice(i, i + 2);
    const heightPt = Math.max(...row.map(([, value]) => doc.heightOfString(value, { width: columnWidthPt - labelWidthPt - 6 })));
    ensureSpace(doc, heightPt + 4);
    const y = doc.y;
    row.forEach(([label, value], column) => {
      const x = margin.left + column * columnWidthPt;
      style(doc, 'body', 9.5, ink.muted).text(label, x, y, { width: labelWidthPt - 4, lineBreak: false });
      style(doc, 'bold', 9.5).text(value, x + labelWidthPt, y, { width: columnWidthPt - labelWidthPt - 6 });
    });
    doc.y = y + heightPt + 4;
  }
  doc.x = margin.left;
  doc.moveDown(0.3);
};

export interface Column {
  header: string;
  widthPt: number;
  align?: 'left' | 'right';
}

const cellPaddingPt = 3;
const tableSizePt = 8.5;

const tableHeader = (doc: Doc, columns: readonly Column[], brand: string) => {
  style(doc, 'bold', tableSizePt);
  const heightPt =
    Math.max(...columns.map((c) => doc.heightOfString(c.header, { width: c.widthPt - 2 * cellPaddingPt }))) + 2 * cellPaddingPt;
  const y = doc.y;
  doc.rect(margin.left, y, sumWidths(columns), heightPt).fill(brand);
  let x = margin.left;
  for (const c of columns) {
    style(doc, 'bold', tableSizePt, '#ffffff').text(c.header, x + cellPaddingPt, y + cellPaddingPt, {
      width: c.widthPt - 2 * cellPaddingPt,
      align: c.align ?? 'left',
    });
    x += c.widthPt;
  }
  doc.y = y + heightPt;
};

const sumWidths = (columns: readonly Column[]) => columns.reduce((sum, c) => sum + c.widthPt, 0);

/**
 * A table: a header row in the brand colour, rows that wrap within their cells, light banding, and the header repeated
 * at the top of each page the table continues on. Each cell is one text run.
 */
export const table = (doc: Doc, columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, brand: string) => {
  if (sumWidths(columns) > contentWidthPt + 0.5) throw new Error(`table wider than the page: ${sumWidths(columns)} pt`);
  ensureSpace(doc, 48);
  tableHeader(doc, columns, brand);
  rows.forEach((row, index) => {
    style(doc, 'body', tableSizePt);
    const heightPt =
      Math.max(...columns.map((c, i) => doc.heightOfString(row[i] ?? '', { width: c.widthPt - 2 * cellPaddingPt }))) + 2 * cellPaddingPt;
    if (doc.y + heightPt > page.heightPt - margin.bottom) {
      doc.addPage();
      doc.y = margin.top;
      tableHeader(doc, columns, brand);
      style(doc, 'body', tableSizePt);
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(margin.left, y, sumWidths(columns), heightPt).fill(ink.band);
    let x = margin.left;
    columns.forEach((c, i) => {
      style(doc, 'body', tableSizePt).text(row[i] ?? '', x + cellPaddingPt, y + cellPaddingPt, {
        width: c.widthPt - 2 * cellPaddingPt,
        align: c.align ?? 'left',
      });
      x += c.widthPt;
    });
    doc.y = y + heightPt;
  });
  doc
    .moveTo(margin.left, doc.y)
    .lineTo(margin.left + sumWidths(columns), doc.y)
    .lineWidth(0.5)
    .strokeColor(ink.rule)
    .stroke();
  doc.x = margin.left;
  doc.moveDown(0.6);
};

/** Column widths in proportion to `weights`, filling the content width. */
export const columns = (spec: ReadonlyArray<readonly [string, number, ('left' | 'right')?]>): Column[] => {
  const total = spec.reduce((sum, [, weight]) => sum + weight, 0);
  return spec.map(([header, weight, align]) => ({ header, widthPt: (contentWidthPt * weight) / total, align: align ?? 'left' }));
};
