import { z } from '../zod';
import { freeEnvelope } from './billing';
import { defineOperation } from './operation';
import { freeSourcedEnvelope } from './sources';
import { Postcode } from './postcode';

// The reference data behind the answers: which datasets serve, and postcodes themselves.

export const DatasetVersion = z
  .strictObject({
    dataset: z.string().openapi({ example: 'ons-postcode-lookup' }),
    title: z.string(),
    publisher: z.string(),
    vintage: z.string().openapi({ example: '2022-05' }),
    version: z.number().int().positive().openapi({ description: 'Our version number of this dataset: 1 for its first import' }),
    rows: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative().openapi({ description: "Rows of the publisher's files that could not be read" }),
    importedAt: z.string().datetime({ offset: true }),
    licence: z.string(),
    attribution: z.string(),
    synthetic: z.boolean().openapi({ description: 'True for demonstration data made here, not published by the publisher' }),
  })
  .openapi('DatasetVersion');

export const DatasetsResult = z.strictObject({ datasets: z.array(DatasetVersion) }).openapi('Datasets');

export const datasetsList = defineOperation({
  operationId: 'datasets_list',
  method: 'get',
  path: '/datasets',
  tag: 'Service',
  summary: 'The reference datasets serving, with their versions and attributions',
  description:
    'Every dataset an answer may be built from, in the version now serving: publisher, release (`vintage`), rows, ' +
    "rows of the publisher's files that could not be read, when it was imported, its licence and the attribution line " +
    'that must accompany anything shown from it. Answers built from these datasets name them in `sources`.',
  cost: { kind: 'free' },
  request: {},
  response: {
    status: 200,
    description: 'The datasets',
    mediaType: 'application/json',
    schema: freeEnvelope(DatasetsResult).openapi('DatasetsResponse'),
  },
  errors: { DATABASE_ERROR: 'The datasets could not be read; retry' },
});

const Area = z.strictObject({ code: z.string(), name: z.string().nullable() });

export const PostcodeResult = z
  .strictObject({
    postcode: z.string().openapi({ example: 'RG30 1AA', description: 'Normalised: upper case, one space before the inward code' }),
    latitude: z.number().nullable().openapi({ example: 51.455978, description: 'WGS84; null when the publisher gives no position' }),
    longitude: z.number().nullable().openapi({ example: -0.990349 }),
    eastings: z.number().int().nullable().openapi({ example: 470248, description: 'British National Grid (EPSG:27700), metres' }),
    northings: z.number().int().nullable().openapi({ example: 173483 }),
    positionalQuality: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "OS's positional quality indicator (10: within a building of the postcode's addresses … 90: no position)" }),
    country: z
      .strictObject({ code: z.string(), name: z.string() })
      .nullable()
      .openapi({ example: { code: 'E92000001', name: 'England' } }),
    localAuthority: Area.nullable().openapi({ example: { code: 'E06000038', name: 'Reading' } }),
    lsoa: Area.nullable().openapi({
      description: 'The census lower layer super output area',
      example: { code: 'E01016360', name: 'Reading 007D' },
    }),
    msoa: Area.nullable().openapi({ example: { code: 'E02003395', name: 'Reading 007' } }),
    census: z.number().int().nullable().openapi({ description: 'Which census the LSOA and MSOA are from (2011 or 2021)', example: 2011 }),
    terminated: z.boolean().openapi({ description: 'No longer in use; terminated postcodes are kept, with their dates' }),
    introduced: z.string().nullable().openapi({ example: '1995-07', description: 'When the postcode came into use (YYYY-MM)' }),
    terminatedAt: z.string().nullable().openapi({ example: null, description: 'When it went out of use (YYYY-MM); null while live' }),
  })
  .openapi('Postcode');
export type PostcodeResult = z.infer<typeof PostcodeResult>;

export const postcodeLookup = defineOperation({
  operationId: 'postcode_lookup',
  method: 'get',
  path: '/postcodes/{postcode}',
  tag: 'Address and Identity',
  summary: 'A UK postcode: position, areas and status',
  description:
    'Any UK postcode, live or terminated, from OS Code-Point Open, the ONS postcode ' +
    "lookup and the ONS Postcode Directory, whichever of them hold it (`sources` names them). Coordinates: ONSPD's as " +
    "published where it holds the postcode, otherwise Code-Point Open's National Grid position converted to WGS84. " +
    'Spaces and case do not matter (`rg301aa` is RG30 1AA). A postcode none of the datasets holds is 404.',
  cost: { kind: 'free' },
  request: { params: z.object({ postcode: Postcode }) },
  response: {
    status: 200,
    description: 'The postcode',
    mediaType: 'application/json',
    schema: freeSourcedEnvelope(PostcodeResult).openapi('PostcodeResponse'),
  },
  parameterErrors: {
    postcode: {
      code: 'INVALID_POSTCODE',
      message: '`postcode` must be a full UK postcode, such as RG30 1AA (spaces and case do not matter).',
    },
  },
  errors: {
    INVALID_POSTCODE: 'Not a full UK postcode',
    POSTCODE_NOT_FOUND: 'No dataset serving holds this postcode, live or terminated',
    DATABASE_ERROR: 'The postcode could not be read; retry',
  },
});
