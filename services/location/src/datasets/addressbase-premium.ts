import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Note, Read } from '../import/dataset-definition';
import { FormatError } from '../import/files';
import type { AddressRecord } from './addressbase';
import { decimal } from './csv';
import { parsedRecords } from './xml-stream';

// OS AddressBase Premium GML (2.0) as OS publishes it: an `abpr:AddressBaseSupplySet` of members, among them
// `basicLandPropertyUnitMember/BasicLandPropertyUnit` (the UPRN, its state, parent UPRN, `position` as a British National
// Grid gml:Point, `positionLatLong` as an ETRS89 gml:Point with the latitude first, country, postcode locator, its
// classification) holding at most one `deliveryPointAddressMember/DeliveryPointAddress` (the Royal Mail address). Only
// BLPUs with a delivery point are postal addresses; the others (land, street furniture) are rejected as such. Streets,
// LPIs and cross references are not needed for the postal address and are passed over.

export const premiumNamespace = 'http://namespaces.geoplace.co.uk/addressbasepremium/2.0';
const gmlNamespace = 'http://www.opengis.net/gml/3.2';

/** The fields read, by element name, and where: the BLPU itself or its delivery point address. */
const blpuFields = new Set(['uprn', 'parentUPRN', 'country', 'postcodeLocator', 'classificationCode']);
const dpaFields = new Set([
  'udprn', 'organisationName', 'subBuildingName', 'buildingName', 'buildingNumber', 'dependentThoroughfare', 'thoroughfare',
  'doubleDependentLocality', 'dependentLocality', 'postTown', 'postcode',
]); // prettier-ignore

const recordOf = (
  blpu: Map<string, string>,
  dpa: Map<string, string> | undefined,
  positions: Map<string, string>,
): AddressRecord | string => {
  const uprn = blpu.get('uprn') ?? '';
  if (!dpa) return `UPRN ${uprn}: not a postal address (no delivery point address)`;
  const [x, y] = (positions.get('position') ?? '')
    .trim()
    .split(/\s+/)
    .map((n) => decimal(n));
  // EPSG:4258 as OS writes it: latitude, then longitude.
  const [latitude, longitude] = (positions.get('positionLatLong') ?? '')
    .trim()
    .split(/\s+/)
    .map((n) => decimal(n));
  const get = (name: string) => dpa.get(name) ?? null;
  return {
    uprn,
    udprn: get('udprn'),
    parentUprn: blpu.get('parentUPRN') ?? null,
    classification: blpu.get('classificationCode') ?? null,
    x,
    y,
    latitude,
    longitude,
    country: blpu.get('country') ?? null,
    postcode: get('postcode') ?? blpu.get('postcodeLocator') ?? null,
    royalMail: {
      organisation: get('organisationName'),
      subBuilding: get('subBuildingName'),
      buildingName: get('buildingName'),
      buildingNumber: get('buildingNumber'),
      dependentThoroughfare: get('dependentThoroughfare'),
      thoroughfare: get('thoroughfare'),
      doubleDependentLocality: get('doubleDependentLocality'),
      dependentLocality: get('dependentLocality'),
      postTown: get('postTown'),
    },
  };
};

/**
 * Streams the BLPUs of one supply file, each as its address or why it is not one, with the line it began on; the
 * supply's query time is noted.
 */
export async function* premiumRecords(stream: Readable, part: string, note: Note): AsyncGenerator<Read<AddressRecord>> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: Read<AddressRecord>[] = [];
  let rootSeen = false;
  let blpu: { line: number; fields: Map<string, string>; dpa?: Map<string, string>; positions: Map<string, string> } | undefined;
  let inDpa = false;
  let inClassification = false;
  let positionOf: string | undefined;
  let field: string | undefined;
  let text = '';
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (!rootSeen) {
      rootSeen = true;
      if (tag.uri !== premiumNamespace || tag.local !== 'AddressBaseSupplySet')
        throw new FormatError(`${part} is not AddressBase Premium GML (its root is ${tag.name})`);
      return;
    }
    field = undefined;
    if (tag.uri === premiumNamespace && tag.local === 'queryTime' && !blpu) field = 'queryTime';
    if (tag.uri === premiumNamespace && tag.local === 'BasicLandPropertyUnit') {
      blpu = { line: parser.line, fields: new Map(), positions: new Map() };
      return;
    }
    if (!blpu) {
      if (field) text = '';
      return;
    }
    if (tag.uri === premiumNamespace && tag.local === 'DeliveryPointAddress') {
      inDpa = true;
      blpu.dpa = new Map();
    }
    if (tag.uri === premiumNamespace && tag.local === 'Classification') inClassification = true;
    if (tag.uri === premiumNamespace && (tag.local === 'position' || tag.local === 'positionLatLong') && !inDpa) positionOf = tag.local;
    const welsh = tag.attributes['xml:lang']?.value === 'cy';
    if (tag.uri === gmlNamespace && tag.local === 'pos' && positionOf) field = `pos:${positionOf}`;
    else if (tag.uri === premiumNamespace && !welsh && (inDpa ? dpaFields : blpuFields).has(tag.local)) {
      // classificationCode only inside Classification; BLPU fields only outside the delivery point and its LPIs.
      if (tag.local !== 'classificationCode' || inClassification) field = tag.local;
    }
    if (field) text = '';
  });
  parser.on('text', (t) => {
    if (field) text += t;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (field && tag.local === field.replace(/^pos:.*/, 'pos')) {
      if (field === 'queryTime') note('queryTime', text.trim());
      else if (blpu && field.startsWith('pos:')) blpu.positions.set(field.slice(4), text);
      else if (blpu) {
        const into = inDpa ? blpu.dpa! : blpu.fields;
        if (!into.has(field)) into.set(field, text.trim());
      }
      field = undefined;
    }
    if (tag.uri !== premiumNamespace || !blpu) return;
    if (tag.local === 'DeliveryPointAddress') inDpa = false;
    else if (tag.local === 'Classification') inClassification = false;
    else if (tag.local === 'position' || tag.local === 'positionLatLong') positionOf = undefined;
    else if (tag.local === 'BasicLandPropertyUnit') {
      const made = recordOf(blpu.fields, blpu.dpa, blpu.positions);
      ready.push(typeof made === 'string' ? { line: blpu.line, rejected: made } : { line: blpu.line, record: made });
      blpu = undefined;
    }
  });
  yield* parsedRecords(stream, part, parser, ready);
}
