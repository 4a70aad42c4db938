import { z } from '../zod';
import { defineOperation } from './operation';
import { PlaceLocation, placeQueryFields, radiusMetres } from './place';
import { sourcedEnvelope } from './sources';

// The ground-risk screen (Location Intelligence), exactly as the specification gives it: a point's coal-mining
// context from the Coal Authority's map layers (two requests), recorded landslides from the BGS National Landslide
// Database within a radius, and the BGS geology under the point, normalised into severities by the specification's
// rules. The value sets it leaves out are designed here and described below.

export const groundRiskCredits = 5;
/** A recorded landslide this close gives high severity (the specification's limit). */
export const landslideHighSeverityMetres = 50;

export const groundRiskDisclaimer =
  'A prompt for enquiry, not a stability conclusion: an empty result does not rule out hazards. Not included: formal ' +
  'mining search reports, non-coal mining, brine, quarrying, infilled land and licensed natural ground hazard data.';

/** The coal layers, as the answer names them (plain English), each with the severity its match gives. */
export const coalLayers = {
  outcrops: { name: 'Coal outcrops', severity: 'high' },
  probableShallowWorkings: { name: 'Probable shallow coal mine workings', severity: 'high' },
  pastShallowWorkings: { name: 'Past shallow coal mine workings', severity: 'high' },
  fissures: { name: 'Fissures and breaklines', severity: 'high' },
  mineEntryInfluenceZones: { name: 'Mine entry zones of influence', severity: 'high' },
  mineEntries: { name: 'Mine entries (shafts and adits)', severity: 'high' },
  reportingArea: { name: 'Coal mining reporting area', severity: 'medium' },
  coalResources: { name: 'Surface coal resource areas', severity: 'medium' },
  surfaceMining: { name: 'Surface mining, past and current', severity: 'medium' },
  developmentHighRiskArea: { name: 'Development high risk area', severity: 'medium' },
} as const;
export type CoalLayer = keyof typeof coalLayers;

export const GroundRiskQuery = z
  .strictObject({
    ...placeQueryFields,
    radiusMetres: radiusMetres(25, 2000, 250, 'Recorded-landslide search radius, metres: 25 to 2000; default 250'),
  })
  .openapi('GroundRiskQuery');
export type GroundRiskQuery = z.output<typeof GroundRiskQuery>;

const Severity = z.enum(['none', 'medium', 'high', 'unknown']);

export const GroundRiskResult = z
  .strictObject({
    location: PlaceLocation.extend({
      country: z
        .enum(['england', 'wales', 'scotland'])
        .openapi({ description: 'The nation of Great Britain the point lies in, lower case' }),
      radiusMetres: z.number().int().openapi({ example: 250 }),
    }),
    coverage: z.literal('great-britain'),
    complete: z.boolean().openapi({
      description: 'True only when both coal-mining map requests, the landslide request and the geology request all succeeded',
    }),
    riskLevel: z.enum(['none', 'low', 'medium', 'high', 'unknown']).openapi({
      description:
        'The highest of the screen: `high` or `medium` from the coal and landslide rules; `low` when only the geology prompts ' +
        'review; `none` when nothing was found and every request succeeded; `unknown` when nothing was found but a request ' +
        'failed (`complete: false`). With `complete: false` a level is a floor: what failed could only add to it.',
    }),
    coalMining: z.strictObject({
      status: z.enum(['matched', 'clear', 'unavailable']).openapi({
        description:
          '`matched`: the point lies in at least one coal layer; `clear`: in none, both requests answered; `unavailable`: nothing matched and a request failed',
      }),
      riskLevel: Severity.openapi({ description: '`high` for a specific layer, `medium` for broader context only, `none`, or `unknown`' }),
      reportingArea: z
        .boolean()
        .openapi({ description: 'The point matches the coal mining reporting area layer (a CON29M mining search is advisable)' }),
      developmentHighRiskArea: z.boolean().openapi({ description: 'The point matches the development high risk area layer' }),
      matchedLayers: z.array(z.string()).openapi({ example: ['Coal mining reporting area', 'Development high risk area'] }),
    }),
    landslides: z.strictObject({
      status: z.enum(['clear', 'found', 'unavailable']),
      riskLevel: Severity.openapi({
        description: '`high` for a landslide within 50 m, `medium` for one further within the radius, `none`, or `unknown`',
      }),
      count: z.number().int().nonnegative(),
      records: z.array(
        z
          .strictObject({
            id: z.string().openapi({ example: '1581', description: "The National Landslide Database's landslide number" }),
            name: z.string().nullable().openapi({ example: 'Grove Park Cutting' }),
            locality: z.string().nullable().openapi({ example: 'Lewisham, London, England' }),
            year: z.string().nullable().openapi({ example: '1953', description: 'First known year as recorded; null when unknown' }),
            distanceMetres: z.number().int().nonnegative().openapi({ description: 'Great-circle distance from the point, whole metres' }),
            positionUncertaintyMetres: z.number().nullable().openapi({ description: "The record's stated positional accuracy (±)" }),
          })
          .openapi('LandslideRecord'),
      ),
    }),
    geology: z.strictObject({
      status: z.enum(['clear', 'review', 'unavailable']),
      riskLevel: z.enum(['none', 'review', 'unknown']).openapi({
        description:
          '`review`: artificial ground, mass movement or linear features are mapped at the point; ordinary bedrock or superficial mapping is `none`',
      }),
      features: z.array(
        z.strictObject({
          label: z.string().openapi({ example: 'Bedrock' }),
          description: z.string().openapi({ example: 'London Clay Formation: clay, silt and sand (Ypresian Age)' }),
        }),
      ),
    }),
    unavailable: z.array(z.enum(['coal-mining-context', 'coal-mining-specific', 'landslides', 'geology'])).openapi({
      description: 'The requests that failed or did not answer within the time budget (empty when `complete`)',
    }),
    disclaimer: z.string().openapi({ example: groundRiskDisclaimer }),
  })
  .openapi('GroundRisk');
export type GroundRiskResult = z.infer<typeof GroundRiskResult>;

export const propertyGroundRisk = defineOperation({
  operationId: 'property_ground_risk',
  method: 'get',
  path: '/property/ground-risk',
  tag: 'Location Intelligence',
  summary: 'Ground risk screen: coal mining, recorded landslides and geology at a point in Great Britain',
  description:
    'A partial screen (`complete: false`) is a successful screen and is charged; a refused or failed request is not. Give `postcode`, or `latitude` and `longitude`.\n\n' +
    '**Severity.** A specific coal layer (outcrops, probable or past shallow workings, fissures, mine-entry influence zones, ' +
    `mine entries) or a recorded landslide within ${landslideHighSeverityMetres} m gives high severity; broader coal context ` +
    '(reporting area, coal resources, surface mining, development high-risk area) or other landslides within `radiusMetres` ' +
    'give medium severity. Geology that shows artificial ground, mass movement or linear features prompts review; ordinary ' +
    'bedrock or superficial mapping does not.\n\n' +
    `**Sources.** The Coal Authority's coal-mining map layers (two requests), the BGS National Landslide Database and BGS ` +
    '1:50,000 geology, asked together within a time budget of a few seconds: a source that fails or is late is left out ' +
    '(`complete: false`, named in `unavailable`). When none answers the screen fails: 502 `GROUND_RISK_SERVICE_ERROR`, ' +
    'nothing charged.\n\n' +
    `**Coverage.** Great Britain: England and Wales, and Scotland where source records exist. Northern Ireland is refused ` +
    '(400 `OUTSIDE_GREAT_BRITAIN`). A latitude and longitude is placed in its nation by the nearest postcode within 10 km; ' +
    'none that near is refused the same way.\n\n' +
    groundRiskDisclaimer,
  cost: { kind: 'per_call', credits: groundRiskCredits, charging: 'reserve_first' },
  chargedFor: 'successful screen',
  request: { query: GroundRiskQuery },
  response: {
    status: 200,
    description: 'The screen',
    mediaType: 'application/json',
    schema: sourcedEnvelope(GroundRiskResult).openapi('GroundRiskResponse'),
  },
  errors: {
    INVALID_PARAMETERS:
      'Neither or both of `postcode` and `latitude`/`longitude`, another parameter, or an invalid value (`details` names each); nothing charged',
    OUTSIDE_GREAT_BRITAIN: 'The place is in Northern Ireland, or not within 10 km of a postcode of Great Britain; nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving places this postcode; nothing charged',
    GROUND_RISK_SERVICE_ERROR: 'No source of the screen answered within its time budget; nothing charged',
    UPSTREAM_TIMEOUT: 'The screen was not answered in time; nothing charged',
  },
});
