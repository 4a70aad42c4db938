import { drawBoundaryMap } from '../charts/boundary-map';
import { scaleRatio, squareMetres } from '../format';
import { ensureSpace, facts, margin, paragraph } from '../layout';
import { caption, defineDrawer } from './section';

// The INSPIRE index polygon under the property, drawn to scale from its British National Grid metres, with its area,
// the freehold title it belongs to and the general-boundaries caveat.

export const mapFramePt = { widthPt: 400, heightPt: 300 } as const;

export const boundary = defineDrawer('property_boundary', ({ doc, brand }, data) => {
  facts(doc, [
    ['Area', squareMetres(data.boundary.areaSquareMetres)],
    ['INSPIRE ID', data.boundary.inspireId],
    ['Title', data.title ? `${data.title.titleNumber} (${data.title.tenure})` : 'No freehold title held'],
    ['Found by', data.matchedBy === 'uprn' ? 'UPRN' : 'address'],
  ]);
  ensureSpace(doc, mapFramePt.heightPt + 60);
  const frame = { xPt: margin.left, yPt: doc.y + 4, ...mapFramePt };
  const ratio = drawBoundaryMap(doc, {
    rings: data.boundary.britishNationalGrid.coordinates,
    point: { eastings: data.property.eastings, northings: data.property.northings },
    colour: brand,
    frame,
  });
  doc.x = margin.left;
  doc.y = frame.yPt + frame.heightPt + 48;
  caption(
    doc,
    `Scale ${scaleRatio(ratio)} at A4. Grid north; Ordnance Survey National Grid. The dot is the property's point ` +
      `(${data.property.eastings} E, ${data.property.northings} N).`,
  );
  paragraph(doc, data.generalBoundaries, 'italic', 8.5);
});
