import { longDate, metres, orDash } from '../format';
import { columns, paragraph, table } from '../layout';
import { caption, defineDrawer } from './section';

// Planning designations at or near the place: conservation areas, listed buildings, Article 4 directions, flood
// zones and the rest, each with its distance; those at distance 0 apply to the point itself.

export const planningConstraints = defineDrawer('area_planning_constraints', ({ doc, brand }, data) => {
  if (!data.applicable) {
    paragraph(doc, `Planning designations are held for England only; this place is in ${data.country}.`);
    return;
  }
  paragraph(
    doc,
    data.count === 0
      ? `No planning designation within ${metres(data.location.radiusMetres)}.`
      : `${data.count} planning ${data.count === 1 ? 'designation' : 'designations'} within ${metres(data.location.radiusMetres)}.`,
    'bold',
  );
  if (data.constraints.length === 0) return;
  table(
    doc,
    columns([
      ['Designation', 2.6],
      ['Name', 4],
      ['Reference', 1.8],
      ['Distance', 1.3, 'right'],
      ['Since', 2],
    ]),
    data.constraints.map((c) => [
      c.typeName,
      c.name ?? '–',
      c.reference ?? '–',
      c.distanceMetres === 0 ? 'At the point' : metres(c.distanceMetres),
      orDash(c.startDate, longDate),
    ]),
    brand,
  );
  caption(
    doc,
    'From planning.data.gov.uk. A designation at the point applies to the property; ask the local planning authority to confirm.',
  );
});
