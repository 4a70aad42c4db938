import { capitalised, count, metres, words } from '../format';
import { columns, facts, paragraph, subheading, table } from '../layout';
import { caption, defineDrawer } from './section';

// The ground-risk screen: the overall severity, then coal mining, recorded landslides and geology, each with its
// own finding, and the screen's own statement that it is a prompt for enquiry, not a stability conclusion.

export const groundRisk = defineDrawer('property_ground_risk', ({ doc, brand }, data) => {
  facts(doc, [
    ['Overall', capitalised(data.riskLevel)],
    ['Screen complete', data.complete ? 'Yes' : `No: ${data.unavailable.map(words).join(', ')} unavailable`],
    ['Coal mining', `${capitalised(data.coalMining.riskLevel)} (${data.coalMining.status})`],
    [
      'Landslides',
      `${capitalised(data.landslides.riskLevel)}: ${count(data.landslides.count)} within ${metres(data.location.radiusMetres)}`,
    ],
    ['Geology', `${capitalised(data.geology.riskLevel)} (${data.geology.status})`],
    ['Coal reporting area', data.coalMining.reportingArea ? 'Yes' : 'No'],
  ]);
  if (data.coalMining.matchedLayers.length > 0)
    paragraph(doc, `Coal Authority layers matched: ${data.coalMining.matchedLayers.join('; ')}.`);
  if (data.landslides.records.length > 0) {
    subheading(doc, 'Recorded landslides');
    table(
      doc,
      columns([
        ['Name', 3],
        ['Locality', 3],
        ['Year', 1.2],
        ['Distance', 1.5, 'right'],
      ]),
      data.landslides.records.map((r) => [r.name ?? r.id, r.locality ?? '–', r.year ?? '–', metres(r.distanceMetres)]),
      brand,
    );
  }
  if (data.geology.features.length > 0) {
    subheading(doc, 'Geology to review');
    table(
      doc,
      columns([
        ['Feature', 2],
        ['Description', 6],
      ]),
      data.geology.features.map((f) => [f.label, f.description]),
      brand,
    );
  }
  caption(doc, data.disclaimer);
});
