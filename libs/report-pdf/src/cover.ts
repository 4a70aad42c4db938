import { longDate, ukDateOf } from './format';
import { contentWidthPt, ink, margin, page, style, type Doc } from './layout';
import type { DataOf, ReportModel } from './model';

// The cover: the customer's band, logo and name, what the pack is about, and the two dates a reader needs (when it
// was prepared, and the date its figures are as of). No running header or page number on this page.

const bandHeightPt = 150;
const logoBoxPt = { width: 160, height: 60 } as const;

export const packTitle = (model: ReportModel) => (model.type === 'property-pack' ? 'Property information pack' : 'Area information pack');

/** The subject's lines: the address, postcode and UPRN of a property; the postcode and local authority of an area. */
const subjectLines = (model: ReportModel): string[] => {
  const identity = model.sections.find((s) => s.name === 'identity' && s.state === 'assembled');
  if (model.type === 'property-pack') {
    const data = identity?.data as DataOf<'uprn_address_lookup'> | undefined;
    const address = data?.address.singleLine ?? model.subject.address ?? '';
    const uprn = data?.uprn ?? model.subject.uprn;
    return [address, `Postcode ${data?.postcode ?? model.subject.postcode}`, ...(uprn ? [`UPRN ${uprn}`] : [])];
  }
  const data = identity?.data as DataOf<'postcode_lookup'> | undefined;
  const authority = data?.localAuthority?.name;
  return [`Postcode ${data?.postcode ?? model.subject.postcode}`, ...(authority ? [authority] : [])];
};

/** The subject in a few words, for the running header. */
export const shortSubject = (model: ReportModel): string => subjectLines(model)[0] ?? model.subject.postcode;

export const drawCover = (doc: Doc, model: ReportModel) => {
  const { branding } = model;
  doc.rect(0, 0, page.widthPt, bandHeightPt).fill(branding.primaryColour);
  let nameY = 58;
  if (branding.logo) {
    // A white plate under the logo keeps a dark logo legible on a dark band.
    doc.rect(margin.left - 6, 34, logoBoxPt.width + 12, logoBoxPt.height + 12).fill('#ffffff');
    doc.image(Buffer.from(branding.logo), margin.left, 40, { fit: [logoBoxPt.width, logoBoxPt.height], valign: 'center' });
    nameY = 108;
  }
  style(doc, 'bold', branding.logo ? 16 : 24, '#ffffff').text(branding.companyName, margin.left, nameY, {
    width: contentWidthPt,
    lineBreak: false,
  });

  let y = bandHeightPt + 70;
  style(doc, 'bold', 28).text(packTitle(model), margin.left, y, { width: contentWidthPt });
  y = doc.y + 24;
  subjectLines(model).forEach((line, i) => {
    style(doc, i === 0 ? 'bold' : 'body', i === 0 ? 15 : 12).text(line, margin.left, y, { width: contentWidthPt });
    y = doc.y + 6;
  });
  y += 30;
  doc
    .moveTo(margin.left, y)
    .lineTo(margin.left + 120, y)
    .lineWidth(3)
    .strokeColor(branding.primaryColour)
    .stroke();
  y += 20;
  style(doc, 'body', 12).text(`Prepared on ${longDate(ukDateOf(model.requestedAt))}`, margin.left, y);
  doc.moveDown(0.4);
  style(doc, 'body', 12).text(`Figures as of ${longDate(model.asOf)}`, margin.left, doc.y);
  doc.moveDown(0.4);
  style(doc, 'body', 10, ink.muted).text(
    'Registers (energy certificates, boundaries, titles, schools, planning, ground and area data) are as held on the date prepared.',
    margin.left,
    doc.y,
    { width: contentWidthPt },
  );
  style(doc, 'body', 9, ink.muted).text(`Report ${model.reportId}`, margin.left, page.heightPt - margin.bottom - 24, {
    width: contentWidthPt,
    lineBreak: false,
  });
};
