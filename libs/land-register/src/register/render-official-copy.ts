import { dottedDate, issuedDate, officialCopyDate } from './dates';
import { copyCreationDate, renderPdf } from './pdf-document';
import { Register, RegisterEntry, registerSections } from './register';

// Lays a register out the way an HM Land Registry official copy is laid out: the header with the title number,
// edition date and the timestamp paragraph, the three registers with their standard introductions, entries with the
// number and date in a left column and the text in a hanging column, and "End of register". Every page but the first
// repeats the title number and the register that continues; every page ends "Page n of m". The output is a pure
// function of the register: the PDF's dates come from the register, never from the clock.

const pageMarginPt = { top: 72, bottom: 64, left: 56, right: 56 };
const numberColumnXPt = 56;
const dateColumnXPt = 72;
const textColumnXPt = 140;
const bodySizePt = 10;
const headingSizePt = 12;
const titleSizePt = 16;
const paragraphGapLines = 0.3;
const entryGapLines = 0.6;

const specimenNotice = 'SPECIMEN: generated for testing; not an official copy issued by HM Land Registry.';

const body = (doc: PDFKit.PDFDocument) => doc.font('Helvetica').fontSize(bodySizePt);

/** The page is too full for the next `lines` lines of body text. */
const nearPageEnd = (doc: PDFKit.PDFDocument, lines: number) => doc.y + lines * doc.currentLineHeight(true) > doc.page.maxY();

const ukDateTime = (register: Register) => {
  const [date = '', time = ''] = register.officialCopyDateTime.split('T');
  return { date, time: time.slice(0, 8) };
};

const drawHeader = (doc: PDFKit.PDFDocument, register: Register) => {
  const { date, time } = ukDateTime(register);
  const width = doc.page.width - pageMarginPt.left - pageMarginPt.right;
  doc.font('Helvetica-Oblique').fontSize(8).text(specimenNotice, pageMarginPt.left, 40, { width });
  doc.font('Helvetica-Bold').fontSize(titleSizePt).text('Official copy of register of title', pageMarginPt.left, pageMarginPt.top);
  doc.moveDown(0.6);
  const y = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(headingSizePt)
    .text(`Title number ${register.titleNumber}`, pageMarginPt.left, y, { lineBreak: false });
  doc.text(`Edition date ${dottedDate(register.editionDate)}`, pageMarginPt.left, y, { width, align: 'right' });
  doc.moveDown(0.8);
  const notes = [
    `This official copy shows the entries on the register of title on ${officialCopyDate(date)} at ${time}.`,
    'This date must be quoted as the "search from date" in any official search application based on this copy.',
    'The date at the beginning of an entry is the date on which the entry was made in the register.',
    `Issued on ${issuedDate(date)}.`,
    'Under s.67 of the Land Registration Act 2002, this copy is admissible in evidence to the same extent as the original.',
    `This title is dealt with by HM Land Registry, ${register.landRegistryOffice}.`,
  ];
  body(doc);
  for (const note of notes) {
    const noteY = doc.y;
    doc.text('\u2013', pageMarginPt.left, noteY);
    doc.text(note, pageMarginPt.left + 12, noteY, { width: width - 12 });
    doc.moveDown(0.2);
  }
};

const drawEntry = (doc: PDFKit.PDFDocument, entry: RegisterEntry) => {
  const width = doc.page.width - pageMarginPt.right - textColumnXPt;
  if (nearPageEnd(doc, 3)) doc.addPage();
  const y = doc.y;
  doc.text(String(entry.entryNumber), numberColumnXPt, y, { lineBreak: false });
  if (entry.entryDate) doc.text(`(${dottedDate(entry.entryDate)})`, dateColumnXPt, y, { lineBreak: false });
  entry.entryText.forEach((paragraph, i) => {
    if (i > 0) {
      doc.moveDown(paragraphGapLines);
      if (nearPageEnd(doc, 1)) doc.addPage();
    }
    doc.text(paragraph, textColumnXPt, i === 0 ? y : doc.y, { width });
  });
  doc.moveDown(entryGapLines);
};

const created = (register: Register) => copyCreationDate(register.officialCopyDateTime);

export const renderOfficialCopy = (register: Register): Promise<Buffer> =>
  renderPdf(
    {
      size: 'A4',
      margins: pageMarginPt,
      bufferPages: true,
      info: {
        Title: `Official copy of register of title ${register.titleNumber} (specimen)`,
        Author: 'UK Property Data Service',
        Subject: 'Synthetic HM Land Registry register for testing',
        Creator: 'land-registry-orders',
        Producer: 'land-registry-orders',
        CreationDate: created(register),
        ModDate: created(register),
      },
    },
    (doc) => {
      // Set before each section; a page that starts while it is set says which register continues on it.
      let continuing: string | null = null;
      doc.on('pageAdded', () => {
        const { x, y } = doc;
        doc.font('Helvetica').fontSize(9).text(`Title number ${register.titleNumber}`, pageMarginPt.left, 36, { lineBreak: false });
        if (continuing)
          doc.font('Helvetica-Bold').fontSize(headingSizePt).text(`${continuing} continued`, pageMarginPt.left, 50, { lineBreak: false });
        body(doc);
        doc.x = x;
        doc.y = y;
      });

      drawHeader(doc, register);
      for (const section of registerSections) {
        continuing = null;
        doc.moveDown(1);
        if (nearPageEnd(doc, 6)) doc.addPage();
        doc.font('Helvetica-Bold').fontSize(headingSizePt).text(section.heading, pageMarginPt.left, doc.y);
        continuing = section.heading;
        doc.moveDown(0.3);
        doc.font('Helvetica-Oblique').fontSize(bodySizePt).text(section.introduction, pageMarginPt.left, doc.y);
        doc.moveDown(0.5);
        if (section.letter === 'A') {
          const { county, district } = register.administrativeArea;
          doc.font('Helvetica-Bold').fontSize(bodySizePt).text(`${county} : ${district}`, pageMarginPt.left, doc.y);
          doc.moveDown(0.5);
        }
        if (section.letter === 'B') {
          doc.font('Helvetica-Bold').fontSize(bodySizePt).text(register.classOfTitle, pageMarginPt.left, doc.y);
          doc.moveDown(0.5);
        }
        body(doc);
        for (const entry of section.entries(register)) drawEntry(doc, entry);
      }
      continuing = null;
      doc.moveDown(1);
      doc
        .font('Helvetica-Bold')
        .fontSize(bodySizePt)
        .text('End of register', pageMarginPt.left, doc.y, {
          width: doc.page.width - pageMarginPt.left - pageMarginPt.right,
          align: 'center',
        });

      const { start, count } = doc.bufferedPageRange();
      for (let page = start; page < start + count; page++) {
        doc.switchToPage(page);
        // Writing below the bottom margin would start a new page; the footer lives there, so lift the margin first.
        doc.page.margins.bottom = 0;
        doc
          .font('Helvetica')
          .fontSize(8)
          .text(`Page ${page - start + 1} of ${count}`, pageMarginPt.left, doc.page.height - 40, {
            width: doc.page.width - pageMarginPt.left - pageMarginPt.right,
            align: 'right',
            lineBreak: false,
          });
      }
    },
  );
