import { bngToWgs84 } from '@pds/geo';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { defineDataset, type Note, type Part, type Read } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { ogl } from './dataset';
import { parsedRecords } from './xml-stream';

// HM Land Registry's INSPIRE Index Polygons: one zip per local authority (`Cardiff_Council.zip`) holding
// `Land_Registry_Cadastral_Parcels.gml`, a WFS 2.0 FeatureCollection of `LR:PREDEFINED` features (namespace
// `www.landregistry.gov.uk`), each a GML 3.2 polygon in British National Grid (`gml:posList` of easting northing
// pairs, an exterior ring and any interior rings) with INSPIREID, LABEL, NATIONALCADASTRALREFERENCE, VALIDFROM and
// BEGINLIFESPANVERSION. The polygons index freehold registered titles; they are general boundaries, not surveyed legal
// ones, and carry no title number. Each is stored in British National Grid and in WGS84 (OSTN15, vertex by vertex).

const lrNamespace = 'www.landregistry.gov.uk';
const gmlNamespace = 'http://www.opengis.net/gml/3.2';
const member = 'Land_Registry_Cadastral_Parcels.gml';

export const inspireAttribution =
  'This information is subject to Crown copyright and database rights 2025 and is reproduced with the permission of ' +
  'HM Land Registry. The polygons (including the associated geometry, namely x, y co-ordinates) are subject to Crown ' +
  'copyright and database rights 2025 Ordnance Survey AC0000851063.';

export interface Parcel {
  inspireId?: string;
  label?: string;
  reference?: string;
  validFrom?: string;
  beginLifespan?: string;
  rings: number[][][];
  line: number;
  /** Why its geometry cannot be read, when it cannot. */
  problem?: string;
}

type Ring = number[][];

/** `x1 y1 x2 y2 …` into closed [x, y] pairs, or why not. */
export const ringOf = (posList: string): Ring | string => {
  const numbers = posList.trim().split(/\s+/).map(Number);
  if (numbers.length < 8 || numbers.length % 2 !== 0 || numbers.some((n) => !Number.isFinite(n)))
    return `a ring of ${numbers.length} numbers`;
  const ring: Ring = [];
  for (let i = 0; i < numbers.length; i += 2) ring.push([numbers[i]!, numbers[i + 1]!]);
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) return 'a ring that does not close';
  return ring;
};

const wkt = (rings: Ring[], point: (p: number[]) => string) => `MULTIPOLYGON(((${rings.map((r) => r.map(point).join(',')).join('),(')})))`;

/** The row of a parsed feature, or why it cannot be stored. */
export const parcelRow = (p: Parcel): { values: (string | null)[] } | { rejected: string } => {
  if (p.problem) return { rejected: p.problem };
  if (!p.inspireId || !/^\d+$/.test(p.inspireId)) return { rejected: `INSPIREID ${JSON.stringify(p.inspireId)} is not a number` };
  if (p.rings.length === 0) return { rejected: 'no polygon' };
  const bng = wkt(p.rings, ([x, y]) => `${x} ${y}`);
  let wgs84: string;
  try {
    wgs84 = wkt(p.rings, ([x, y]) => {
      const { latitude, longitude } = bngToWgs84(x!, y!);
      return `${longitude.toFixed(7)} ${latitude.toFixed(7)}`;
    });
  } catch (error) {
    // A vertex off the National Grid cannot be converted; the feature is rejected, the import goes on.
    if (error instanceof RangeError) return { rejected: `its geometry leaves the National Grid: ${error.message}` };
    throw error;
  }
  return {
    values: [
      p.inspireId,
      p.label ?? null,
      p.reference ?? null,
      p.validFrom ?? null,
      p.beginLifespan ?? null,
      `SRID=27700;${bng}`,
      `SRID=4326;${wgs84}`,
    ],
  };
};

/** Streams the features of one GML file, each with the line it began on; its root's count and time stamp are noted. */
export async function* parcelsOf(stream: Readable, part: Part, note: Note): AsyncGenerator<Read<Parcel>> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: Read<Parcel>[] = [];
  let current: Parcel | undefined;
  let field: string | undefined;
  let text = '';
  let rootSeen = false;
  let pendingRing: 'exterior' | 'interior' | undefined;
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (!rootSeen) {
      rootSeen = true;
      if (tag.local !== 'FeatureCollection') throw new FormatError(`${part.name} is not a WFS FeatureCollection (its root is ${tag.name})`);
      const { numberMatched, timeStamp } = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value]));
      if (numberMatched && /^\d+$/.test(numberMatched)) note('numberMatched', numberMatched);
      if (timeStamp) note('timeStamp', timeStamp);
      return;
    }
    if (tag.uri === lrNamespace && tag.local === 'PREDEFINED') current = { rings: [], line: parser.line };
    if (!current) return;
    if (tag.uri === gmlNamespace && (tag.local === 'exterior' || tag.local === 'interior')) pendingRing = tag.local;
    if (
      (tag.uri === gmlNamespace && tag.local === 'posList') ||
      (tag.uri === lrNamespace && tag.local !== 'PREDEFINED' && tag.local !== 'GEOMETRY')
    ) {
      field = tag.local;
      text = '';
    }
  });
  parser.on('text', (t) => {
    if (field) text += t;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (!current) return;
    if (field && tag.local === field) {
      const value = text.trim();
      if (field === 'posList') {
        const ring = ringOf(value);
        if (typeof ring === 'string') current.problem ??= `its geometry has ${ring}`;
        else if (pendingRing === 'exterior' || current.rings.length > 0) current.rings.push(ring);
      } else if (field === 'INSPIREID') current.inspireId = value;
      else if (field === 'LABEL') current.label = value;
      else if (field === 'NATIONALCADASTRALREFERENCE') current.reference = value;
      else if (field === 'VALIDFROM') current.validFrom = value;
      else if (field === 'BEGINLIFESPANVERSION') current.beginLifespan = value;
      field = undefined;
    }
    if (tag.uri === lrNamespace && tag.local === 'PREDEFINED') {
      ready.push({ line: current.line, record: current });
      current = undefined;
    }
  });
  yield* parsedRecords(stream, part.name, parser, ready);
}

export const inspire = defineDataset({
  name: 'inspire',
  importerVersion: 1,
  title: 'HM Land Registry INSPIRE Index Polygons',
  publisher: 'HM Land Registry',
  licence: ogl,
  attribution: inspireAttribution,
  relation: 'inspire_parcels',
  columns: [
    { name: 'inspire_id', type: 'bigint' },
    { name: 'label', type: 'text' },
    { name: 'national_cadastral_reference', type: 'text' },
    { name: 'valid_from', type: 'timestamptz' },
    { name: 'begin_lifespan', type: 'timestamptz' },
    { name: 'geom', type: 'geometry(MultiPolygon, 27700)' },
    { name: 'geom_wgs84', type: 'geometry(MultiPolygon, 4326)' },
  ],
  indexes: ['CREATE INDEX ON {table} USING gist (geom)', 'CREATE INDEX ON {table} (inspire_id)'],
  // Each path is a local authority's zip (its GML member) or the GML itself.
  files: {
    usage: 'inspire takes one or more local authorities: their zips (or the GML inside)',
    archive: {
      members: (name) => basename(name) === member,
      first: true,
      name: (zip, name) => `${zip}/${name}`,
      noMembers: (file) => `${file} has no ${member}; INSPIRE Index Polygons come one zip per local authority`,
    },
  },
  records: parcelsOf,
  row: parcelRow,
  // The newest of the collections' time stamps (each file says when HM Land Registry produced it).
  vintage: { fromNotes: (notes, { parts }) => notes.all('timeStamp').sort().at(-1)?.slice(0, 10) ?? parts.map((p) => p.name).join(', ') },
  // The collection's own count of its features, checked against the features read.
  verify: ({ recordsByPart, parts, notes }) =>
    parts.flatMap(({ name }) =>
      notes.of(name, 'numberMatched').flatMap((declared) => {
        const read = recordsByPart.get(name) ?? 0;
        return read === Number(declared) ? [] : [`${name}: ${read} features read, the collection says ${declared} (numberMatched)`];
      }),
    ),
});
