import { longDate, metres, orDash } from '../format';
import { columns, paragraph, table } from '../layout';
import { defineDrawer } from './section';

// The schools nearest the place, within the radius: phase, distance and Ofsted's rating where one is held.

export const schools = defineDrawer('area_schools', ({ doc, brand }, data) => {
  paragraph(
    doc,
    `${data.totalWithinRadius} open schools within ${metres(data.location.radiusMetres)}; the nearest ${data.schools.length} are listed.`,
    'bold',
  );
  if (data.schools.length === 0) return;
  table(
    doc,
    columns([
      ['School', 4.6],
      ['Phase', 1.8],
      ['Type', 2.4],
      ['Distance', 1.3, 'right'],
      ['Ofsted', 2.4],
    ]),
    data.schools.map((s) => [
      s.name,
      s.phaseName ?? s.phase,
      s.type ?? '–',
      metres(s.distanceMetres),
      s.ofsted?.rating
        ? `${s.ofsted.rating}${s.ofsted.lastInspectionDate ? `, ${orDash(s.ofsted.lastInspectionDate, longDate)}` : ''}`
        : 'Not held',
    ]),
    brand,
  );
});
