import { longDate, orDash, squareMetres } from '../format';
import { columns, contentWidthPt, ensureSpace, facts, ink, margin, style, subheading, table, type Doc } from '../layout';
import { caption, defineDrawer } from './section';

// The energy certificate: the A–G scale in the standard band colours with the current and potential ratings
// marked, the certificate's key features, and the earlier certificates.

/** The EPC bands with their SAP efficiency ranges and the colours used on certificates. */
export const epcBands = [
  { rating: 'A', range: '92+', colour: '#008054' },
  { rating: 'B', range: '81–91', colour: '#19b459' },
  { rating: 'C', range: '69–80', colour: '#8dce46' },
  { rating: 'D', range: '55–68', colour: '#ffd500' },
  { rating: 'E', range: '39–54', colour: '#fcaa65' },
  { rating: 'F', range: '21–38', colour: '#ef8023' },
  { rating: 'G', range: '1–20', colour: '#e9153b' },
] as const;

const rowPt = 16;

const ratingLabel = (rating: string | null, efficiency: number | null) =>
  rating ? `${rating}${efficiency === null ? '' : ` ${efficiency}`}` : '–';

const drawRatingBars = (doc: Doc, current: string | null, currentLabel: string, potential: string | null, potentialLabel: string) => {
  ensureSpace(doc, rowPt * epcBands.length + 24);
  const top = doc.y + 14;
  const currentX = margin.left + 300;
  const potentialX = margin.left + 390;
  style(doc, 'bold', 8).text('Current', currentX, top - 13, { width: 80, align: 'center', lineBreak: false });
  doc.text('Potential', potentialX, top - 13, { width: 80, align: 'center', lineBreak: false });
  epcBands.forEach((band, i) => {
    const y = top + i * rowPt;
    const widthPt = 90 + i * 25;
    doc.rect(margin.left, y, widthPt, rowPt - 3).fill(band.colour);
    style(doc, 'bold', 9, '#ffffff').text(band.rating, margin.left + widthPt - 14, y + 2, { lineBreak: false });
    style(doc, 'body', 7.5, '#ffffff').text(band.range, margin.left + 4, y + 3, { lineBreak: false });
    for (const [rating, label, x] of [
      [current, currentLabel, currentX],
      [potential, potentialLabel, potentialX],
    ] as const) {
      if (rating !== band.rating) continue;
      doc.polygon([x, y + (rowPt - 3) / 2], [x + 10, y], [x + 80, y], [x + 80, y + rowPt - 3], [x + 10, y + rowPt - 3]).fill(band.colour);
      style(doc, 'bold', 9, '#ffffff').text(label, x + 14, y + 2, { width: 62, lineBreak: false });
    }
  });
  doc.x = margin.left;
  doc.y = top + epcBands.length * rowPt + 8;
  doc
    .moveTo(margin.left, doc.y)
    .lineTo(margin.left + contentWidthPt, doc.y)
    .lineWidth(0.3)
    .strokeColor(ink.rule)
    .stroke();
  doc.moveDown(0.6);
};

export const energyPerformance = defineDrawer('property_epc', ({ doc, brand }, data) => {
  const c = data.latest;
  drawRatingBars(
    doc,
    c.currentRating,
    ratingLabel(c.currentRating, c.currentEfficiency),
    c.potentialRating,
    ratingLabel(c.potentialRating, c.potentialEfficiency),
  );
  facts(doc, [
    ['Current rating', ratingLabel(c.currentRating, c.currentEfficiency)],
    ['Potential rating', ratingLabel(c.potentialRating, c.potentialEfficiency)],
    ['Certificate', c.certificateNumber],
    ['Lodged', longDate(c.lodgementDate)],
    ['Expires', `${longDate(c.expiresOn)}${c.expired ? ' (expired)' : ''}`],
    ['Floor area', orDash(c.floorAreaSqM, squareMetres)],
    ['Property type', [c.propertyType, c.builtForm].filter(Boolean).join(', ') || '–'],
    ['Built', c.constructionAgeBand ?? '–'],
    ['Main heating', c.mainHeating ?? '–'],
    ['Main fuel', c.mainFuel ?? '–'],
  ]);
  if (data.history.length > 1) {
    subheading(doc, 'Certificates lodged');
    table(
      doc,
      columns([
        ['Certificate', 3.2],
        ['Lodged', 2.2],
        ['Rating', 1.2],
        ['Floor area', 1.5, 'right'],
      ]),
      data.history.map((h) => [
        h.certificateNumber,
        longDate(h.lodgementDate),
        ratingLabel(h.currentRating, h.currentEfficiency),
        orDash(h.floorAreaSqM, squareMetres),
      ]),
      brand,
    );
  }
  caption(doc, `Matched by ${data.matchedBy}; from the ${data.origin === 'bulk' ? 'published bulk register' : 'live register'}.`);
});
