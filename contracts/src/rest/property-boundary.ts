import { z } from '../zod';
import { TitleNumber } from './land-registry';
import { defineOperation } from './operation';
import { registryServices } from './registry-services';
import { propertyQueryFields } from './property';
import { sourcedEnvelope } from './sources';

// `property_boundary`: the HM Land Registry INSPIRE index polygon under a property's point, with the freehold title
// it belongs to (found at the registry), as GeoJSON and as GPS points. England and Wales.

export const boundaryCredits = 35;

export const generalBoundariesCaveat =
  "HM Land Registry's INSPIRE index polygons show general boundaries: the approximate position of a registered " +
  "title's extent, not a surveyed legal boundary, and they do not show who owns a wall, hedge or fence. The title " +
  'plan and the register are the record; ask a surveyor where the exact line matters.';

const LatLong = z.strictObject({ latitude: z.number(), longitude: z.number() });

const GeoJsonPolygon = z
  .strictObject({
    type: z.literal('Polygon'),
    coordinates: z
      .array(z.array(z.tuple([z.number(), z.number()])))
      .openapi({ description: 'Rings (the exterior, then any holes), each closed: [x, y] pairs' }),
  })
  .openapi('GeoJsonPolygon');

export const BoundaryResult = z
  .strictObject({
    property: z
      .strictObject({
        uprn: z.string().openapi({ example: '993262081585' }),
        address: z.string().openapi({ example: '194 Oxford Road, Reading' }),
        postcode: z.string().openapi({ example: 'RG30 1AA' }),
        latitude: z.number(),
        longitude: z.number(),
        eastings: z.number().openapi({ description: 'British National Grid (EPSG:27700), metres' }),
        northings: z.number(),
      })
      .openapi({ description: 'The property, canonical (from the address dataset), with the point the polygon is found under' }),
    matchedBy: z.enum(['uprn', 'address']).openapi({ description: 'How the property was found: by the UPRN given, or by the address' }),
    title: z
      .strictObject({
        titleNumber: z.string().openapi({ example: 'BK301194' }),
        tenure: z.string().openapi({ example: 'freehold' }),
        matchedAddress: z.string().openapi({ example: '194 Oxford Road, Reading RG30 1AA' }),
      })
      .nullable()
      .openapi({
        description:
          'The freehold title the registry holds for the property; null when it holds none (unregistered land, or only ' +
          'leasehold titles: index polygons are of freeholds)',
      }),
    boundary: z
      .strictObject({
        inspireId: z.string().openapi({ example: '60000123', description: "The polygon's INSPIRE ID in HM Land Registry's index" }),
        areaSquareMetres: z.number().openapi({ example: 148.2, description: 'Of the polygon, on the National Grid, to 0.1 m²' }),
        geojson: z
          .strictObject({
            type: z.literal('Feature'),
            geometry: GeoJsonPolygon,
            properties: z.strictObject({ inspireId: z.string(), titleNumber: z.string().nullable() }),
          })
          .openapi({ description: 'RFC 7946 GeoJSON: WGS84 longitude, latitude to 7 decimals' }),
        gpsPoints: z
          .array(LatLong)
          .openapi({ description: 'The exterior ring as latitude/longitude points (WGS84), first point repeated last' }),
        britishNationalGrid: GeoJsonPolygon.openapi({ description: 'The same polygon in British National Grid metres, as published' }),
      })
      .openapi({ description: "The index polygon under the property's point (the smallest, where polygons overlap)" }),
    generalBoundaries: z.string().openapi({ example: generalBoundariesCaveat }),
  })
  .openapi('Boundary');
export type BoundaryResult = z.infer<typeof BoundaryResult>;

export const BoundaryQuery = z
  .strictObject({
    ...propertyQueryFields,
    titleNumber: TitleNumber.optional().openapi({
      type: 'string',
      example: 'BK302250',
      description: 'Which title, when the property has more than one freehold title (after a 409 `TITLE_AMBIGUOUS`)',
    }),
  })
  .openapi('BoundaryQuery');

export const propertyBoundary = defineOperation({
  operationId: 'property_boundary',
  method: 'get',
  path: '/property/boundary',
  tag: 'Property Due Diligence',
  summary: "A property's INSPIRE index polygon and its freehold title, as GeoJSON and GPS points",
  description:
    'England and Wales.\n\n' +
    'Give `uprn` alone (preferred), or `address` with `postcode`; `titleNumber` settles a property with more than one ' +
    'freehold title. The property is found in the address dataset (`sources` names it), its point looked up in HM Land ' +
    "Registry's INSPIRE Index Polygons, and the registry asked for the property's titles. Index polygons are of " +
    'freehold titles, so leasehold titles are not matched: a flat answers with the polygon of its building and the ' +
    'freehold title of the building when the registry finds it by the flat, otherwise `title: null`.\n\n' +
    '**Ambiguity.** An address that matches more than one property in the postcode is 409 `ADDRESS_AMBIGUOUS`, and a ' +
    'property with more than one freehold title is 409 `TITLE_AMBIGUOUS`; both list `error.candidates` (addresses with ' +
    'their UPRNs, or titles) and charge nothing. Retry with the `uprn` or `titleNumber` meant; a `titleNumber` that is ' +
    "not one of the property's freehold titles is 422 `TITLE_NOT_MATCHED`.\n\n" +
    `**General boundaries.** ${generalBoundariesCaveat}\n\n` +
    registryServices.titleUnderProperty,
  cost: { kind: 'per_call', credits: boundaryCredits, charging: 'reserve_first' },
  chargedFor: 'completed lookup',
  request: { query: BoundaryQuery },
  response: {
    status: 200,
    description: 'The boundary',
    mediaType: 'application/json',
    schema: sourcedEnvelope(BoundaryResult).openapi('BoundaryResponse'),
  },
  parameterErrors: {
    postcode: {
      code: 'INVALID_POSTCODE',
      message: '`postcode` must be a full UK postcode, such as RG30 1AA (spaces and case do not matter).',
    },
  },
  errors: {
    INVALID_PARAMETERS: 'Neither or both ways of naming the property, another parameter, or an invalid value; nothing charged',
    INVALID_POSTCODE: 'Not a full UK postcode; nothing charged',
    OUTSIDE_ENGLAND_AND_WALES:
      'The property is in Scotland or Northern Ireland, where HM Land Registry does not register land; nothing charged',
    PROPERTY_NOT_FOUND: 'No address in the address dataset has the UPRN, or matches the address in the postcode; nothing charged',
    ADDRESS_AMBIGUOUS: 'The address matches more than one property in the postcode (`error.candidates`); nothing charged',
    BOUNDARY_NOT_FOUND: "No index polygon lies under the property's point (unregistered land, or not yet indexed); nothing charged",
    TITLE_AMBIGUOUS: 'The property has more than one freehold title (`error.candidates`); retry with `titleNumber`; nothing charged',
    TITLE_NOT_MATCHED: "`titleNumber` is not one of the property's freehold titles at the registry; nothing charged",
    LAND_REGISTRY_DELAYED: 'The registry asked us to wait (`retryAfter`); nothing charged',
    LAND_REGISTRY_ERROR: 'The registry failed; nothing charged',
    UPSTREAM_TIMEOUT: 'The lookup was not answered in time; nothing charged',
    DATABASE_ERROR: 'The datasets could not be read; nothing charged; retry',
  },
});
