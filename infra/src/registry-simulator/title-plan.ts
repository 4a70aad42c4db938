import { copyCreationDate, renderPdf, type PdfDocument } from '@pds/land-register';
import { printedCopyTime } from './copy-time';
import type { RegisteredTitle } from './titles/registered-title';

// A title plan as the registry issues one: the title number, the land edged red on a map extract, the scale note
// and the date of the copy. The map is schematic (neighbouring plots and a road in grey) and the red outline's
// shape comes from the title number, so each title has its own plan and every copy of it is the same bytes.

const marginPt = 56;
const mapTopPt = 200;
const mapHeightPt = 430;
const specimenNotice = 'SPECIMEN: generated for testing; not an official copy issued by HM Land Registry.';

/** A small deterministic generator seeded from the title number. */
const seededRandom = (seed: string) => {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
};

const outline = (titleNumber: string, centreX: number, centreY: number): [number, number][] => {
  const random = seededRandom(titleNumber);
  const corners = 5 + Math.floor(random() * 3);
  return Array.from({ length: corners }, (_, i) => {
    const angle = (2 * Math.PI * i) / corners + random() * 0.4;
    const radius = 70 + random() * 50;
    return [centreX + radius * Math.cos(angle), centreY + radius * Math.sin(angle)] as [number, number];
  });
};

const drawMap = (doc: PdfDocument, title: RegisteredTitle) => {
  const width = doc.page.width - 2 * marginPt;
  doc.save().lineWidth(0.8).strokeColor('#444444').rect(marginPt, mapTopPt, width, mapHeightPt).stroke().restore();
  // A road across the bottom of the extract and a row of neighbouring plots along it.
  const roadY = mapTopPt + mapHeightPt - 70;
  doc.save().fillColor('#dddddd').rect(marginPt, roadY, width, 28).fill().restore();
  doc.save().lineWidth(0.5).strokeColor('#888888');
  for (let x = marginPt + 10; x + 70 < marginPt + width; x += 80) doc.rect(x, roadY - 90, 70, 80).stroke();
  doc.restore();
  const centreX = marginPt + width / 2;
  const centreY = mapTopPt + 150;
  doc
    .save()
    .lineWidth(2.5)
    .strokeColor('#d0021b')
    .polygon(...outline(title.titleNumber, centreX, centreY))
    .stroke()
    .restore();
  doc
    .save()
    .fillColor('#444444')
    .fontSize(8)
    .text('N', marginPt + width - 24, mapTopPt + 10, { lineBreak: false });
  doc
    .moveTo(marginPt + width - 21, mapTopPt + 40)
    .lineTo(marginPt + width - 21, mapTopPt + 22)
    .stroke()
    .restore();
};

export const renderTitlePlan = (title: RegisteredTitle, officialCopyDateTime: string): Promise<Buffer> => {
  const created = copyCreationDate(officialCopyDateTime);
  const options = {
    size: 'A4',
    margin: marginPt,
    info: {
      Title: `Official copy of title plan ${title.titleNumber} (specimen)`,
      Author: 'HM Land Registry test environment',
      Creator: 'registry-simulator',
      Producer: 'registry-simulator',
      CreationDate: created,
      ModDate: created,
    },
  };
  return renderPdf(options, (doc) => {
    const width = doc.page.width - 2 * marginPt;
    const { date, time } = printedCopyTime(officialCopyDateTime);
    const { county, district } = title.register.administrativeArea;
    doc.font('Helvetica-Oblique').fontSize(8).text(specimenNotice, marginPt, 36, { width });
    doc.font('Helvetica-Bold').fontSize(16).text('HM Land Registry', marginPt, 64);
    doc.font('Helvetica-Bold').fontSize(13).text('Title plan', marginPt, 88);
    doc.font('Helvetica-Bold').fontSize(12).text(`Title number ${title.titleNumber}`, marginPt, 88, { width, align: 'right' });
    doc.font('Helvetica').fontSize(10);
    doc.text(`Administrative area ${county} : ${district}`, marginPt, 120, { width });
    doc.text(`${title.address} ${title.postcode}`, marginPt, 136, { width });
    doc.text('Scale 1:1250 enlarged from 1:2500. The land in this title is edged red.', marginPt, 152, { width });
    drawMap(doc, title);
    doc
      .fontSize(9)
      .text(
        `This is a copy of the title plan on ${date} at ${time}. This copy does not take account of any application made after that time even if still pending in HM Land Registry when this copy was issued.`,
        marginPt,
        mapTopPt + mapHeightPt + 16,
        { width },
      );
    doc.moveDown(0.4);
    doc.text(
      'This copy is not to scale. The boundaries shown by red edging are general boundaries: they do not determine the exact line of the boundary.',
      { width },
    );
    doc.moveDown(0.4);
    doc.text(`This title is dealt with by HM Land Registry, ${title.register.landRegistryOffice}.`, { width });
  });
};
