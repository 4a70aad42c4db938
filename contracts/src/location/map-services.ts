import { z } from '../zod';

// The map services behind the ground-risk screen, as their publishers and server software document them. The
// location service's adapters read these shapes; the test environment (infra/src/open-data-simulator) writes them.
//
// Coal Authority coal-mining layers: ArcGIS WMS 1.3.0 services published by BGS for the Coal Authority (now the
// Mining Remediation Authority), e.g. https://map.bgs.ac.uk/arcgis/services/CoalAuthority/coalauthority_planning_policy_constraints/MapServer/WMSServer.
// Layer names are read from each service's GetCapabilities (the publisher documents two of them: `Coal.Outcrops` and
// `Probable.Shallow.Coal.Mine.Workings`, data.gov.uk INSPIRE records), and each layer is recognised by its title. A
// point is asked about with GetFeatureInfo in British National Grid (CRS=EPSG:27700, BBOX easting,northing order) and
// Esri's per-layer response (INFO_FORMAT=application/vnd.esri.wms_featureinfo_xml: a FeatureInfoCollection per layer
// with `layername`, holding FeatureInfo/Field/FieldName+FieldValue), so that one request answers for all its layers
// (ArcGIS Server, "Customizing a WMS GetFeatureInfo response").
//
// BGS 1:50,000 geology: https://map.bgs.ac.uk/arcgis/services/BGS_Detailed_Geology/MapServer/WMSServer, layers below,
// GetFeatureInfo with INFO_FORMAT=text/xml: `<FeatureInfoResponse xmlns="http://www.esri.com/wms">` with one `<FIELDS
// attr="…"/>` per feature (LEX_D, RCS_D, MAX_TIME_D, MIN_TIME_D, BGSTYPE, …), an empty root for none; values are
// strings, "Null" for null.
//
// BGS National Landslide Database: OGC API – Features (pygeoapi) at https://ogcapi.bgs.ac.uk, collection
// `landslideindex`, `items?bbox=minLon,minLat,maxLon,maxLat&limit=&f=json` (bbox in CRS84), a GeoJSON
// FeatureCollection with numberMatched, numberReturned and links (`next` when there is more).

export const esriNamespace = 'http://www.esri.com/wms';
export const esriFeatureInfoFormat = 'application/vnd.esri.wms_featureinfo_xml';

export const coalServices = {
  /** Broader context: reporting area, development high risk area, surface mining, coal resources. */
  context: 'coalauthority_planning_policy_constraints',
  /** Specific risk: outcrops, shallow workings, fissures, mine entries and their zones of influence. */
  specific: 'coalauthority_specific_risk',
} as const;

export const coalWmsPath = (service: string) => `/arcgis/services/CoalAuthority/${service}/MapServer/WMSServer`;

export const geologyWmsPath = '/arcgis/services/BGS_Detailed_Geology/MapServer/WMSServer';
export const geologyLayers = [
  'BGS.50k.Bedrock',
  'BGS.50k.Superficial.deposits',
  'BGS.50k.Artificial.ground',
  'BGS.50k.Mass.movement',
  'BGS.50k.Linear.features',
] as const;

export const landslidesItemsPath = '/collections/landslideindex/items';

/** A landslide of the National Landslide Database, as its OGC API gives it (properties as BGS names them). */
export const LandslideFeature = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }).nullable(),
  properties: z
    .object({
      landslide_number: z.union([z.number(), z.string()]).nullable().optional(),
      landslide_name: z.string().nullable().optional(),
      locality_details: z.string().nullable().optional(),
      easting: z.number().nullable().optional(),
      northing: z.number().nullable().optional(),
      plus_or_minus_metres: z.union([z.number(), z.string()]).nullable().optional(),
      ls_id: z.union([z.number(), z.string()]).nullable().optional(),
      first_known_date_year: z.union([z.string(), z.number()]).nullable().optional(),
      last_known_date_year: z.union([z.string(), z.number()]).nullable().optional(),
    })
    .passthrough(),
});
export type LandslideFeature = z.infer<typeof LandslideFeature>;

export const LandslideCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(LandslideFeature),
  numberMatched: z.number().int().nonnegative().optional(),
  numberReturned: z.number().int().nonnegative().optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() }).passthrough()).optional(),
});
export type LandslideCollection = z.infer<typeof LandslideCollection>;
