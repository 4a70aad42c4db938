import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bngToWgs84, planningEntityColumns as entityColumns } from '@pds/location';
import { syntheticConstraints, type SyntheticConstraint } from './constraints';
import { demoDataDir as demoData } from '../paths';

// Writes the demo region's SYNTHETIC planning constraints (constraints.ts) as planning.data.gov.uk publishes each
// dataset: one CSV per dataset, the flattened layout (the entity columns, `quality` among them as since November 2025,
// then the dataset's own fields in alphabetical order), WKT in WGS84 to 6 decimals, no space after commas, gzipped.
// `node infra/demo-data/dist/planning/generate.js` rewrites them; the same bytes each run
// (generated-files.unit.spec.ts checks the committed files are its output).

/** Each dataset's own fields, as planning.data.gov.uk's specification lists them (content/dataset/{dataset}.md). */
const datasetFields: Record<string, string[]> = {
  'conservation-area': ['designation-date', 'document-url', 'documentation-url', 'legislation', 'notes', 'organisation'],
  'listed-building': ['documentation-url', 'listed-building-grade', 'notes', 'organisation', 'wikidata', 'wikipedia'],
  'article-4-direction-area': [
    'address-texts',
    'article-4-direction',
    'description',
    'notes',
    'organisation',
    'permitted-development-rights',
    'uprns',
  ],
  'tree-preservation-zone': [
    'address-text',
    'description',
    'notes',
    'organisation',
    'tree-preservation-order',
    'tree-preservation-zone-type',
    'tree-species-list',
    'uprn',
  ],
  'flood-risk-zone': ['flood-risk-level', 'flood-risk-type', 'notes', 'organisation'],
  'green-belt': ['green-belt-core', 'local-authority-district', 'notes', 'organisation'],
  'area-of-outstanding-natural-beauty': [
    'document-url',
    'documentation-url',
    'geography',
    'legislation',
    'notes',
    'organisation',
    'twitter',
    'website',
    'wikidata',
    'wikipedia',
  ],
  'scheduled-monument': ['categories', 'documentation-url', 'geography', 'legislation', 'notes', 'organisation', 'scheduled-monument'],
};
const entryDate = '2026-10-01';

const lonLat = (easting: number, northing: number) => {
  const { latitude, longitude } = bngToWgs84(easting, northing);
  return `${longitude.toFixed(6)} ${latitude.toFixed(6)}`;
};

const geometryOf = (c: SyntheticConstraint) => {
  const [dx, dy] = c.offset ?? [0, 0];
  const e = c.at.easting + dx;
  const n = c.at.northing + dy;
  if (c.sideMetres === undefined) return { geometry: '', point: `POINT(${lonLat(e, n)})` };
  const h = c.sideMetres / 2;
  const ring = [
    [e - h, n - h],
    [e + h, n - h],
    [e + h, n + h],
    [e - h, n + h],
    [e - h, n - h],
  ] as const;
  return { geometry: `MULTIPOLYGON (((${ring.map(([x, y]) => lonLat(x, y)).join(',')})))`, point: `POINT(${lonLat(e, n)})` };
};

const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export const planningFileName = (dataset: string) => `SYNTHETIC_planning-data_${dataset}_RG30_RG31.csv.gz`;

/** Each dataset's file name and bytes. */
export const generateDemoPlanningFiles = (): Array<{ name: string; bytes: Buffer }> =>
  Object.entries(datasetFields).map(([dataset, fields]) => {
    const header = [...entityColumns, ...fields];
    const rows = syntheticConstraints
      .filter((c) => c.dataset === dataset)
      .map((c) => {
        const { geometry, point } = geometryOf(c);
        const values: Record<string, string> = {
          dataset,
          'end-date': c.endDate ?? '',
          entity: String(c.entity),
          'entry-date': entryDate,
          geometry,
          name: c.name,
          'organisation-entity': c.organisationEntity,
          point,
          prefix: dataset,
          quality: 'authoritative',
          reference: c.reference,
          'start-date': c.startDate,
          typology: 'geography',
          ...c.fields,
        };
        return header.map((h) => csvField(values[h] ?? '')).join(',');
      });
    return {
      name: planningFileName(dataset),
      bytes: gzipSync(Buffer.from([header.join(','), ...rows].join('\r\n') + '\r\n'), { level: 9 }),
    };
  });

if (require.main === module) {
  for (const { name, bytes } of generateDemoPlanningFiles()) writeFileSync(join(demoData, name), bytes);
}
