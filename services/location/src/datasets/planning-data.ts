import { planningConstraintTypes } from '@pds/contracts';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { integer } from './csv';
import { ogl } from './dataset';
import { wktProblem } from './wkt';

// planning.data.gov.uk's datasets of planning constraints (MHCLG's Planning Data platform), as it publishes each for
// download at https://files.planning.data.gov.uk/dataset/{dataset}.csv: the "flattened" CSV of the platform's pipeline
// (digital-land/digital-land-python, `dataset_dump_flattened`): the entity table's columns (dataset, end-date, entity,
// entry-date, geojson, geometry, name, organisation-entity, point, prefix, quality (since November 2025), reference,
// start-date, typology), then the dataset's own fields in alphabetical order. Older files spell the names with
// underscores, and another writer orders the columns differently, so columns are found by name, `_` read as `-`.
// Geometry is WKT in WGS84 (MULTIPOLYGON; point-only datasets such as listed-building have only `point`). Ended
// entries stay in the files with `end-date` set: they are kept, and answers leave them out.
//
// Each file holds one of the datasets; several load together, and a dataset imported later replaces that dataset only.

/** The columns every dataset's file has, before the dataset's own fields (planning.data.gov.uk's entity columns). */
export const planningEntityColumns = [
  'dataset',
  'end-date',
  'entity',
  'entry-date',
  'geojson',
  'geometry',
  'name',
  'organisation-entity',
  'point',
  'prefix',
  'quality',
  'reference',
  'start-date',
  'typology',
];
const required = ['dataset', 'entity', 'geometry', 'point', 'name', 'reference', 'start-date', 'end-date'];
const accepted = new Set<string>(planningConstraintTypes);

/** `2014-05` and `2014` are dates the specification allows; an end-date takes effect from the period's first day. */
const isoDate = (text: string): string | null | undefined => {
  const t = text.trim();
  if (t === '') return null;
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T.*)?$/.exec(t);
  if (!m) return undefined;
  return `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}`;
};

type Columns = Map<string, number>;

const columnsOf = (header: readonly string[], file: string): Columns => {
  const columns = new Map(header.map((h, i) => [h.trim().toLowerCase().replace(/_/g, '-'), i]));
  const missing = required.filter((c) => !columns.has(c));
  if (missing.length > 0)
    throw new FormatError(
      `${file} is not a planning.data.gov.uk dataset download: no ${missing.join(', ')} column; header: ${header.slice(0, 14).join(',')}`,
    );
  return columns;
};

/** One published row as our columns, or why not. */
export const planningRow = (columns: Columns, fields: string[]): { values: (string | number | null)[] } | { rejected: string } => {
  const get = (name: string) => {
    const i = columns.get(name);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  const dataset = get('dataset');
  if (!accepted.has(dataset)) return { rejected: `dataset ${JSON.stringify(dataset)} is not one of the planning constraints imported` };
  const entity = integer(get('entity'));
  if (entity === undefined) return { rejected: `entity ${JSON.stringify(get('entity'))} is not a number` };
  const wkt = get('geometry') || get('point');
  if (!wkt) return { rejected: 'neither a geometry nor a point' };
  const problem = wktProblem(wkt);
  if (problem) return { rejected: `geometry: ${problem}` };
  const endDate = isoDate(get('end-date'));
  if (endDate === undefined) return { rejected: `end-date ${JSON.stringify(get('end-date'))} is not a date` };
  const properties: Record<string, string> = {};
  for (const [name, i] of columns)
    if (!planningEntityColumns.includes(name) && (fields[i] ?? '').trim() !== '') properties[name] = (fields[i] ?? '').trim();
  return {
    values: [
      dataset,
      entity,
      get('name') || null,
      get('reference') || null,
      get('organisation-entity') || null,
      get('start-date') || null,
      endDate,
      get('entry-date') || null,
      JSON.stringify(properties),
      `SRID=4326;${wkt}`,
    ],
  };
};

export const planningData = defineDataset({
  name: 'planning-data',
  importerVersion: 1,
  title: 'Planning Data: planning constraints (conservation areas, listed buildings, flood zones, …)',
  publisher: 'Ministry of Housing, Communities and Local Government (planning.data.gov.uk)',
  licence: ogl,
  attribution: attributions.planningData,
  relation: 'planning_constraints',
  columns: [
    { name: 'planning_dataset', type: 'text' },
    { name: 'entity', type: 'bigint' },
    { name: 'name', type: 'text' },
    { name: 'reference', type: 'text' },
    { name: 'organisation_entity', type: 'text' },
    { name: 'start_date', type: 'text' },
    { name: 'end_date', type: 'date' },
    { name: 'entry_date', type: 'text' },
    { name: 'properties', type: 'jsonb' },
    { name: 'geog', type: 'geography(Geometry, 4326)' },
  ],
  indexes: ['CREATE INDEX ON {table} USING gist (geog)', 'CREATE INDEX ON {table} (planning_dataset)'],
  accumulates: { partColumns: ['planning_dataset'], vintage: (keys) => [...keys].sort().join(', ') || 'no datasets' },
  files: { usage: 'planning-data takes dataset downloads of planning.data.gov.uk, such as conservation-area.csv' },
  header: (header, part) => columnsOf(header, part.name),
  row: (fields, { layout }) => planningRow(layout, fields),
});
