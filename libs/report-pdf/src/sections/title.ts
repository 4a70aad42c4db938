import { columns, paragraph, table } from '../layout';
import { defineDrawer } from './section';

// The registered titles HM Land Registry holds for the property and their tenure. Nothing is ordered.

export const title = defineDrawer('land_registry_title_lookup', ({ doc, brand }, data) => {
  if (data.status === 'no_match' || data.titles.length === 0) {
    paragraph(doc, data.message ?? 'HM Land Registry holds no registered title for this property.');
    return;
  }
  paragraph(doc, `${data.count} registered ${data.count === 1 ? 'title' : 'titles'} found.`, 'bold');
  table(
    doc,
    columns([
      ['Title number', 2],
      ['Tenure', 1.6],
      ['Address', 6],
    ]),
    data.titles.map((t) => [t.titleNumber, t.tenure ?? '–', t.matchedAddress ?? '–']),
    brand,
  );
});
