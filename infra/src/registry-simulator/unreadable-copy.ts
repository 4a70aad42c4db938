import { copyCreationDate, registerSections, renderPdf, type PdfDocument, type Register } from '@pds/land-register';

// A register copy with no text layer, as a poor scan would come: every word is a grey block where it would be
// printed, laid out line by line like the real copy, so the page looks like a register but text extraction finds
// nothing. What an `unreadable` fault delivers, to exercise the reader's no-text path.

const marginPt = 56;
const textColumnPt = 140;
const lineHeightPt = 12;
const wordHeightPt = 6;
const charWidthPt = 4.6;
const wordGapPt = 3;

const blocksForText = (doc: PdfDocument, text: string, left: number, charWidth = charWidthPt) => {
  const right = doc.page.width - marginPt;
  let x = left;
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const width = word.length * charWidth;
    if (x > left && x + width > right) {
      x = left;
      nextLine(doc);
    }
    doc.rect(x, doc.y, width, wordHeightPt).fill();
    x += width + wordGapPt;
  }
  nextLine(doc);
};

const nextLine = (doc: PdfDocument) => {
  doc.y += lineHeightPt;
  if (doc.y > doc.page.height - marginPt) {
    doc.addPage();
    doc.fillColor('#3a3a3a');
    doc.y = marginPt;
  }
};

export const renderUnreadableCopy = (register: Register): Promise<Buffer> => {
  const created = copyCreationDate(register.officialCopyDateTime);
  return renderPdf(
    { size: 'A4', margin: marginPt, info: { Creator: 'registry-simulator scanner', CreationDate: created, ModDate: created } },
    (doc) => {
      doc.fillColor('#3a3a3a');
      doc.y = marginPt;
      blocksForText(doc, 'Official copy of register of title', marginPt, 8);
      blocksForText(doc, `Title number ${register.titleNumber}`, marginPt, 6);
      nextLine(doc);
      for (const section of registerSections) {
        blocksForText(doc, section.heading, marginPt, 6);
        for (const entry of section.entries(register)) {
          doc.rect(marginPt, doc.y, charWidthPt * 2, wordHeightPt).fill();
          for (const paragraph of entry.entryText) blocksForText(doc, paragraph, textColumnPt);
        }
        nextLine(doc);
      }
      blocksForText(doc, 'End of register', (doc.page.width - 100) / 2);
    },
  );
};
