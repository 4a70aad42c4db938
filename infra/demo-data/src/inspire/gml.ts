// HM Land Registry's INSPIRE Index Polygons GML layout (a WFS 2.0 FeatureCollection of LR:PREDEFINED features, the
// element names and order of the published `Land_Registry_Cadastral_Parcels.gml`), written for synthetic parcels.

export interface GmlFeature {
  inspireId: number;
  /** Exterior ring, closed, British National Grid metres. */
  ring: number[][];
}

const lr = 'www.landregistry.gov.uk';

const member = ({ inspireId: id, ring }: GmlFeature, validFrom: string) =>
  `<wfs:member><LR:PREDEFINED gml:id="PREDEFINED.fid-synthetic-${id}"><LR:GEOMETRY><gml:Polygon ` +
  `srsName="urn:ogc:def:crs:EPSG::27700" srsDimension="2" gml:id="PREDEFINED.fid-synthetic-${id}.GEOMETRY"><gml:exterior>` +
  `<gml:LinearRing><gml:posList>${ring.map(([x, y]) => `${x!.toFixed(2)} ${y!.toFixed(2)}`).join(' ')}</gml:posList>` +
  `</gml:LinearRing></gml:exterior></gml:Polygon></LR:GEOMETRY><LR:INSPIREID>${id}</LR:INSPIREID><LR:LABEL>${id}</LR:LABEL>` +
  `<LR:NATIONALCADASTRALREFERENCE>${id}</LR:NATIONALCADASTRALREFERENCE><LR:VALIDFROM>${validFrom}</LR:VALIDFROM>` +
  `<LR:BEGINLIFESPANVERSION>${validFrom}</LR:BEGINLIFESPANVERSION></LR:PREDEFINED></wfs:member>`;

/** The whole collection; `timeStamp` is when the file says it was produced (the import's vintage is its date). */
export const featureCollectionOf = (features: readonly GmlFeature[], timeStamp: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:LR="${lr}" xmlns:gml="http://www.opengis.net/gml/3.2" ` +
  `xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="${features.length}" numberReturned="${features.length}" ` +
  `timeStamp="${timeStamp}">\n${features.map((f) => member(f, timeStamp)).join('\n')}\n</wfs:FeatureCollection>\n`;
